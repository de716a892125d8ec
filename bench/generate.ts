/**
 * Fills a database with reportable events for load tests (see README.md):
 *
 *   npx tsx --conditions=source bench/generate.ts [--events 100000] [--batch 1000] [--seed 1] [--data-dir bench/.data/pglite]
 *
 * DATABASE_URL set: that PostgreSQL server; otherwise a PGlite data directory.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { formatCaseReference } from '@atalaya/domain';
import { sql } from 'drizzle-orm';
import { migrate, openDatabase, type DbOrTx } from '../apps/server/src/db/client.js';
import { referenceSequences } from '../apps/server/src/db/schema/index.js';
import { seedReferenceData } from '../apps/server/src/db/seed/index.js';
import { seedDemoData } from '../apps/server/src/demo/index.js';
import { addEvent, emptyBatch } from './generator/batch-rows.js';
import { loadCatalog } from './generator/catalog.js';
import { insertBatch, reserveIds } from './generator/insert-batch.js';
import { Random } from './generator/random.js';

const MAX_MEDICATIONS = 3;
const MAX_RAMS = 2;
const MAX_HISTORY = 2;

function positiveInt(value: string, name: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new Error(`--${name} must be a positive integer`);
  return number;
}

/** A pool of reserved ids handed out in order. */
function idPool(ids: number[]): () => number {
  let next = 0;
  return () => {
    const id = ids[next++];
    if (id === undefined) throw new Error('Ran out of reserved ids');
    return id;
  };
}

async function loadSequences(db: DbOrTx): Promise<Map<string, number>> {
  const rows = await db.select().from(referenceSequences);
  return new Map(rows.map((row) => [`${row.prefix}|${row.year}`, row.lastValue]));
}

async function saveSequences(db: DbOrTx, counters: Map<string, number>): Promise<void> {
  const rows = [...counters].map(([key, lastValue]) => {
    const [prefix = '', year = '0'] = key.split('|');
    return { prefix, year: Number(year), lastValue };
  });
  if (rows.length === 0) return;
  await db
    .insert(referenceSequences)
    .values(rows)
    .onConflictDoUpdate({
      target: [referenceSequences.prefix, referenceSequences.year],
      set: { lastValue: sql`greatest(${referenceSequences.lastValue}, excluded.last_value)` },
    });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      events: { type: 'string', default: '100000' },
      batch: { type: 'string', default: '1000' },
      seed: { type: 'string', default: '1' },
      'data-dir': { type: 'string' },
    },
  });
  const total = positiveInt(values.events, 'events');
  const batchSize = positiveInt(values.batch, 'batch');
  const random = new Random(positiveInt(values.seed, 'seed'));
  const databaseUrl = process.env.DATABASE_URL;
  const dataDir = values['data-dir']
    ? resolve(process.env.INIT_CWD ?? process.cwd(), values['data-dir'])
    : fileURLToPath(new URL('.data/pglite/', import.meta.url));
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  try {
    await migrate(database);
    await seedReferenceData(database.db);
    await seedDemoData(database.db);
    const catalog = await loadCatalog(database.db);
    const counters = await loadSequences(database.db);
    const nextReference = (countryCode: string, year: number) => {
      const key = `${countryCode}|${year}`;
      const sequence = (counters.get(key) ?? 0) + 1;
      counters.set(key, sequence);
      return formatCaseReference(countryCode, year, sequence);
    };

    const started = Date.now();
    for (let done = 0; done < total; ) {
      const size = Math.min(batchSize, total - done);
      await database.db.transaction(async (tx) => {
        const ids = {
          medication: idPool(await reserveIds(tx, 'event_medications', size * MAX_MEDICATIONS)),
          ram: idPool(await reserveIds(tx, 'event_rams', size * MAX_RAMS)),
          history: idPool(await reserveIds(tx, 'operation_history', size * MAX_HISTORY)),
        };
        const batch = emptyBatch();
        for (let index = 0; index < size; index += 1) addEvent(batch, catalog, random, ids, nextReference);
        await insertBatch(tx, batch);
        await saveSequences(tx, counters);
      });
      done += size;
      const seconds = (Date.now() - started) / 1000;
      console.log(`${done}/${total} events (${Math.round(done / seconds)}/s)`);
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
