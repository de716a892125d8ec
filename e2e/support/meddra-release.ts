import { configure, TextReader, Uint8ArrayWriter, ZipWriter } from '@zip.js/zip.js';
import { meddraHlgts, meddraHlts, meddraLlts, meddraPts, meddraSocs } from '../../apps/server/src/faces/e2e';

/**
 * A MedDRA release zip in the MSSO distribution's ASCII layout (one record a line, fields
 * separated by '$', a trailing '$', Windows line ends), built inside the test: the licensed
 * dictionary is not in the repository.
 *
 * Importing a release makes every LLT absent from it non-current, and the browser tests share
 * one server: so the release holds the whole demo dictionary (read from the server's seed) plus
 * the few terms a test adds. After the import the other specs' terms ('Cefalea', 'Prurito'…)
 * are still current, with the same codes.
 */

export interface ReleaseSoc {
  code: number;
  name: string;
  abbrev: string;
}
export interface ReleaseHlgt {
  code: number;
  name: string;
  socCodes: number[];
}
export interface ReleaseHlt {
  code: number;
  name: string;
  hlgtCodes: number[];
}
export interface ReleasePt {
  code: number;
  name: string;
  primarySocCode: number;
  hltCodes: number[];
}
export interface ReleaseLlt {
  code: number;
  name: string;
  ptCode: number;
  current: boolean;
}

export interface ReleaseTerms {
  socs: ReleaseSoc[];
  hlgts: ReleaseHlgt[];
  hlts: ReleaseHlt[];
  pts: ReleasePt[];
  llts: ReleaseLlt[];
}

/** The demo dictionary the server seeds (apps/server/src/db/seed/data/meddra.ts). */
export const DEMO_TERMS: ReleaseTerms = { socs: meddraSocs, hlgts: meddraHlgts, hlts: meddraHlts, pts: meddraPts, llts: meddraLlts };

/** The demo dictionary with `extra` added (codes of `extra` must not be in the demo). */
export function withDemo(extra: ReleaseTerms): ReleaseTerms {
  return {
    socs: [...DEMO_TERMS.socs, ...extra.socs],
    hlgts: [...DEMO_TERMS.hlgts, ...extra.hlgts],
    hlts: [...DEMO_TERMS.hlts, ...extra.hlts],
    pts: [...DEMO_TERMS.pts, ...extra.pts],
    llts: [...DEMO_TERMS.llts, ...extra.llts],
  };
}

/** One record: the fields joined by '$', with the trailing '$' of the MSSO files. */
const record = (...fields: (string | number)[]) => `${fields.join('$')}$`;
/** `count` empty fields (the WHO-ART, HARTS, COSTART, ICD and J-ART codes the releases leave blank). */
const empty = (count: number) => Array<string>(count).fill('');
const lines = (records: string[]) => records.map((line) => `${line}\r\n`).join('');

function byCode<T extends { code: number }>(items: readonly T[]): Map<number, T> {
  return new Map(items.map((item) => [item.code, item]));
}

/** The ASCII files of the release, by name. */
export function releaseFiles(version: string, terms: ReleaseTerms, language = 'Spanish'): Record<string, string> {
  const socs = byCode(terms.socs);
  const hlgts = byCode(terms.hlgts);
  const hlts = byCode(terms.hlts);
  const mdhier: string[] = [];
  for (const pt of terms.pts) {
    for (const hltCode of pt.hltCodes) {
      const hlt = hlts.get(hltCode);
      for (const hlgtCode of hlt?.hlgtCodes ?? []) {
        const hlgt = hlgts.get(hlgtCode);
        for (const socCode of hlgt?.socCodes ?? []) {
          const soc = socs.get(socCode);
          if (!hlt || !hlgt || !soc) continue;
          // pt_code$hlt_code$hlgt_code$soc_code$pt_name$hlt_name$hlgt_name$soc_name$soc_abbrev$null_field$pt_soc_code$primary_soc_fg$
          mdhier.push(record(pt.code, hlt.code, hlgt.code, soc.code, pt.name, hlt.name, hlgt.name, soc.name, soc.abbrev, '', pt.primarySocCode, soc.code === pt.primarySocCode ? 'Y' : 'N'));
        }
      }
    }
  }
  return {
    'meddra_release.asc': lines([record(version, language, '', '', '')]),
    'soc.asc': lines(terms.socs.map((soc) => record(soc.code, soc.name, soc.abbrev, ...empty(7)))),
    'hlgt.asc': lines(terms.hlgts.map((hlgt) => record(hlgt.code, hlgt.name, ...empty(7)))),
    'hlt.asc': lines(terms.hlts.map((hlt) => record(hlt.code, hlt.name, ...empty(7)))),
    'pt.asc': lines(terms.pts.map((pt) => record(pt.code, pt.name, '', pt.primarySocCode, ...empty(7)))),
    // llt_code$llt_name$pt_code$ six codes $llt_currency$llt_jart_code$
    'llt.asc': lines(terms.llts.map((llt) => record(llt.code, llt.name, llt.ptCode, ...empty(6), llt.current ? 'Y' : 'N', ''))),
    'soc_hlgt.asc': lines(terms.hlgts.flatMap((hlgt) => hlgt.socCodes.map((soc) => record(soc, hlgt.code)))),
    'hlgt_hlt.asc': lines(terms.hlts.flatMap((hlt) => hlt.hlgtCodes.map((hlgt) => record(hlgt, hlt.code)))),
    'hlt_pt.asc': lines(terms.pts.flatMap((pt) => pt.hltCodes.map((hlt) => record(hlt, pt.code)))),
    'mdhier.asc': lines(mdhier),
  };
}

/** The zip of a release: the ASCII files at its root, AES-encrypted when a password is given. */
export async function releaseZip(files: Record<string, string>, password?: string): Promise<Buffer> {
  configure({ useWebWorkers: false });
  const writer = new ZipWriter(new Uint8ArrayWriter(), password ? { password } : {});
  for (const [name, text] of Object.entries(files)) await writer.add(name, new TextReader(text));
  return Buffer.from(await writer.close());
}
