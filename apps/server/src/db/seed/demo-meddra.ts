import type { DbOrTx } from '../client.js';
import {
  meddraHlgt,
  meddraHlgtHlt,
  meddraHlt,
  meddraHltPt,
  meddraLlt,
  meddraPt,
  meddraSoc,
  meddraSocHlgt,
} from '../schema/index.js';
import * as data from './data/index.js';
import { insertMissing } from './insert-missing.js';

/** The MedDRA demo sample (not the licensed dictionary; production imports the real one). */
export async function seedDemoMeddra(db: DbOrTx): Promise<void> {
  await insertMissing(db, meddraSoc, data.meddraSocs);
  await insertMissing(
    db,
    meddraHlgt,
    data.meddraHlgts.map(({ code, name }) => ({ code, name })),
  );
  await insertMissing(
    db,
    meddraSocHlgt,
    data.meddraHlgts.flatMap((hlgt) => hlgt.socCodes.map((socCode) => ({ socCode, hlgtCode: hlgt.code }))),
  );
  await insertMissing(
    db,
    meddraHlt,
    data.meddraHlts.map(({ code, name }) => ({ code, name })),
  );
  await insertMissing(
    db,
    meddraHlgtHlt,
    data.meddraHlts.flatMap((hlt) => hlt.hlgtCodes.map((hlgtCode) => ({ hlgtCode, hltCode: hlt.code }))),
  );
  await insertMissing(
    db,
    meddraPt,
    data.meddraPts.map(({ code, name, primarySocCode }) => ({ code, name, primarySocCode })),
  );
  await insertMissing(
    db,
    meddraHltPt,
    data.meddraPts.flatMap((pt) => pt.hltCodes.map((hltCode) => ({ hltCode, ptCode: pt.code }))),
  );
  await insertMissing(db, meddraLlt, data.meddraLlts);
}
