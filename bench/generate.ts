/**
 * Fills a database with reportable events for load tests (see README.md):
 *
 *   npx tsx --conditions=source bench/generate.ts [--events 100000] [--batch 5000] [--seed 1] [--data-dir bench/.data/pglite]
 *     [--duplicates-rate 0.025 --duplicates-out /tmp/planted.jsonl] [--skip-fill all|meddra,follow-ups,evaluations,deadlines,audit]
 *     [--meddra release.zip] [--audit-rows N]
 *
 * DATABASE_URL set: that PostgreSQL server; otherwise a PGlite data directory. Each batch is
 * one transaction of one COPY per table (generator/copy.ts); the next batch is generated while
 * the database loads the current one. On PostgreSQL `--connections` batches (default 2, one
 * per core: a COPY keeps one server backend busy) load at once, each on its own connection.
 *
 * `--duplicates-rate r` (default 0: nothing changes) writes that share of the cases as a
 * corrupted second report of an earlier case with a reaction (generator/batch-rows.ts `twinOf`),
 * and each planted pair as a JSON line `{"original", "duplicate", "originalReference",
 * "duplicateReference"}` to `--duplicates-out`, so that a later bench can measure the recall of
 * the candidate search.
 *
 * At the end, fill.ts fills what the screens read and the cases do not carry (the MedDRA
 * dictionary of real size, follow-up reports, causality evaluations, the deadline rows, the audit
 * trail) and prints every such table's
 * row count; `--skip-fill` leaves steps out.
 */
import { appendFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { formatCaseReference, SeededRandom } from '@atalaya/domain';
import { fillReadTables, parseSkip } from './fill.js';
import { pauseSignalCounts, recountSignals } from './generator/signal-counts.js';
import { migrate, openDatabase, seedDemoData, seedReferenceData } from '../apps/server/src/faces/bench.js';
import { addEvent, type BatchRows, type CaseFacts, emptyBatch } from './generator/batch-rows.js';
import { type Catalog, loadCatalog } from './generator/catalog.js';
import { type BulkLoader, openBulkLoader } from './generator/copy.js';
import { insertBatch, reserveIds } from './generator/insert-batch.js';

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

async function loadSequences(loader: BulkLoader): Promise<Map<string, number>> {
  const rows = await loader.query<{ prefix: string; year: number; last_value: number }>('select prefix, year, last_value from reference_sequences');
  return new Map(rows.map((row) => [`${row.prefix}|${row.year}`, Number(row.last_value)]));
}

/**
 * Stores the counters (never lowering one). Rows in key order: batches loading at once update
 * the same rows, and the same order means one waits for the other's commit, never a deadlock.
 */
async function saveSequences(loader: BulkLoader, counters: Map<string, number>): Promise<void> {
  const rows = [...counters].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([key, lastValue]) => {
    const [prefix = '', year = '0'] = key.split('|');
    return { prefix, year: Number(year), lastValue };
  });
  if (rows.length === 0) return;
  await loader.query(
    `insert into reference_sequences (prefix, year, last_value)
     select * from unnest($1::text[], $2::int[], $3::int[])
     on conflict (prefix, year) do update set last_value = greatest(reference_sequences.last_value, excluded.last_value)`,
    [rows.map((row) => row.prefix), rows.map((row) => row.year), rows.map((row) => row.lastValue)],
  );
}

/** The ids a batch needs, reserved from the tables' sequences. */
async function reserveBatchIds(loader: BulkLoader, size: number) {
  return {
    medication: idPool(await reserveIds(loader, 'event_medications', size * MAX_MEDICATIONS)),
    ram: idPool(await reserveIds(loader, 'event_rams', size * MAX_RAMS)),
    history: idPool(await reserveIds(loader, 'operation_history', size * MAX_HISTORY)),
  };
}

/** Earlier cases a planted duplicate may repeat: a uniform sample (reservoir) of this many. */
const PLANT_POOL = 10_000;

/** The planting of known duplicates (`--duplicates-rate`): the pool of earlier cases and the pairs to write. */
interface Planter {
  rate: number;
  pool: CaseFacts[];
  seen: number;
  lines: string[];
}

/** Builds a batch in slices, yielding to the event loop between them so the previous batch's COPY keeps flowing. */
async function buildBatch(
  size: number,
  catalog: Catalog,
  random: SeededRandom,
  ids: Awaited<ReturnType<typeof reserveBatchIds>>,
  nextReference: (countryCode: string, year: number) => string,
  planter: Planter | null,
): Promise<BatchRows> {
  const batch = emptyBatch();
  for (let index = 0; index < size; index += 1) {
    if (!planter) {
      addEvent(batch, catalog, random, ids, nextReference);
    } else {
      const original = planter.pool.length > 0 && random.chance(planter.rate) ? random.pick(planter.pool) : undefined;
      const facts = addEvent(batch, catalog, random, ids, nextReference, original);
      if (original) {
        planter.lines.push(
          JSON.stringify({ original: original.eventId, duplicate: facts.eventId, originalReference: original.referenceNumber, duplicateReference: facts.referenceNumber }),
        );
      } else if (facts.reactions.length > 0) {
        planter.seen += 1;
        if (planter.pool.length < PLANT_POOL) planter.pool.push(facts);
        else if (random.chance(PLANT_POOL / planter.seen)) planter.pool[random.int(0, PLANT_POOL - 1)] = facts;
      }
    }
    if (index % 500 === 499) await new Promise((resolve) => setImmediate(resolve));
  }
  return batch;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      events: { type: 'string', default: '100000' },
      batch: { type: 'string', default: '5000' },
      seed: { type: 'string', default: '1' },
      'data-dir': { type: 'string' },
      connections: { type: 'string' },
      'duplicates-rate': { type: 'string', default: '0' },
      'duplicates-out': { type: 'string' },
      // The tables the case generator leaves empty (fill.ts): MedDRA, follow-ups, evaluations, deadlines, audit trail.
      'skip-fill': { type: 'string' },
      meddra: { type: 'string' },
      'audit-rows': { type: 'string' },
    },
  });
  const duplicatesRate = Number(values['duplicates-rate']);
  if (!Number.isFinite(duplicatesRate) || duplicatesRate < 0 || duplicatesRate >= 1) throw new Error('--duplicates-rate must be in [0, 1)');
  const duplicatesOut = values['duplicates-out'] ? resolve(process.env.INIT_CWD ?? process.cwd(), values['duplicates-out']) : null;
  if (duplicatesRate > 0 && !duplicatesOut) throw new Error('--duplicates-rate needs --duplicates-out <path> (the planted pairs, JSON lines)');
  const planter: Planter | null = duplicatesRate > 0 ? { rate: duplicatesRate, pool: [], seen: 0, lines: [] } : null;
  if (duplicatesOut) await writeFile(duplicatesOut, '');
  const total = positiveInt(values.events, 'events');
  const batchSize = positiveInt(values.batch, 'batch');
  const random = new SeededRandom(positiveInt(values.seed, 'seed'));
  const databaseUrl = process.env.DATABASE_URL;
  const dataDir = values['data-dir']
    ? resolve(process.env.INIT_CWD ?? process.cwd(), values['data-dir'])
    : fileURLToPath(new URL('.data/pglite/', import.meta.url));
  // PGlite is one connection: its batches load one after the other.
  const connections = databaseUrl ? positiveInt(values.connections ?? '2', 'connections') : 1;
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  try {
    await migrate(database);
    await seedReferenceData(database.db);
    await seedDemoData(database.db);
    const catalog = await loadCatalog(database.db);
    // The first connection reserves ids and reads the counters; every loader loads batches.
    const control = await openBulkLoader(database, databaseUrl);
    const loaders = databaseUrl ? await Promise.all(Array.from({ length: connections }, () => openBulkLoader(database, databaseUrl))) : [control];
    try {
      const counters = await loadSequences(control);
      await pauseSignalCounts(control);
      const nextReference = (countryCode: string, year: number) => {
        const key = `${countryCode}|${year}`;
        const sequence = (counters.get(key) ?? 0) + 1;
        counters.set(key, sequence);
        return formatCaseReference(countryCode, year, sequence);
      };

      const started = Date.now();
      // What each loader is loading (awaited before it is given the next batch).
      const loading: Promise<void>[] = loaders.map(() => Promise.resolve());
      let loaded = 0;
      let nextUpkeep = FIRST_UPKEEP;
      for (let done = 0, turn = 0; done < total; turn += 1) {
        if (databaseUrl && done >= nextUpkeep) {
          await upkeep(control);
          nextUpkeep = Math.min(done * 2, done + UPKEEP_EVERY);
        }
        const size = Math.min(batchSize, total - done);
        // Built while the loaders load earlier batches; its ids are reserved on the control
        // connection (sequences ignore transactions), so no batch waits for another's ids.
        const ids = await reserveBatchIds(control, size);
        const batch = await buildBatch(size, catalog, random, ids, nextReference, planter);
        if (planter && duplicatesOut && planter.lines.length > 0) {
          await appendFile(duplicatesOut, `${planter.lines.join('\n')}\n`);
          planter.lines = [];
        }
        const sequences = new Map(counters);
        const slot = turn % loaders.length;
        const loader = loaders[slot] as BulkLoader;
        await loading[slot];
        done += size;
        const current = (async () => {
          await loader.query('begin');
          try {
            await insertBatch(loader, batch);
            await saveSequences(loader, sequences);
            await loader.query('commit');
          } catch (error) {
            await loader.query('rollback').catch(() => undefined);
            throw error;
          }
          loaded += size;
          const seconds = (Date.now() - started) / 1000;
          console.log(`${loaded}/${total} events (${Math.round(loaded / seconds)}/s, ${Math.round(seconds)} s)`);
        })();
        // Awaited before this loader's next batch; meanwhile a failure must not count as unhandled.
        current.catch(() => undefined);
        loading[slot] = current;
      }
      await Promise.all(loading);
      await recountSignals(control);
      // VACUUM sets the visibility map, so that counts can be answered from the indexes
      // alone (index-only scans), as they are once autovacuum has run on a live database.
      console.log('vacuum (analyze)…');
      await control.query('vacuum (analyze)');
      // The indicator counts are a few thousand rows that every batch's triggers rewrote: after a
      // million cases the table held 8,709 live rows in 559 MB of dead versions, and the QPPV's
      // charts (a scan of it) took 250-370 ms. A live database's autovacuum keeps it compact as it
      // grows a case at a time; a bulk load must compact it itself.
      await control.query('vacuum (full, analyze) indicator_counts');
      await control.query('vacuum (full, analyze) indicator_hours');
      console.log(`done: ${total} events in ${Math.round((Date.now() - started) / 1000)} s`);
    } finally {
      await Promise.all(loaders.map((loader) => (loader === control ? undefined : loader.close())));
      await control.close();
    }
    const filled = Date.now();
    await fillReadTables(database, {
      ...(values.meddra ? { meddra: resolve(process.env.INIT_CWD ?? process.cwd(), values.meddra) } : {}),
      ...(values['audit-rows'] ? { auditRows: positiveInt(values['audit-rows'], 'audit-rows') } : {}),
      skip: values['skip-fill'] === 'all' ? ['meddra', 'follow-ups', 'evaluations', 'deadlines', 'audit'] : parseSkip(values['skip-fill']),
    });
    console.log(`fill: ${Math.round((Date.now() - filled) / 1000)} s`);
  } finally {
    await database.close();
  }
}

/** The first upkeep of a load, and the most cases between two (they double until then). */
const FIRST_UPKEEP = 10_000;
const UPKEEP_EVERY = 100_000;

/**
 * What autovacuum does on a live server, done by the load itself: a server may run without it
 * (CI's machines have `autovacuum = off`), and then the tables grow from empty with no statistics.
 * The triggers' statements keep the plans of an empty table, and a load slowed from 900 to 100
 * cases a second by 60,000 cases (2026-12-01). ANALYZE samples every table (a few seconds); the
 * count tables every batch's triggers rewrite are vacuumed of their dead versions.
 */
async function upkeep(control: BulkLoader): Promise<void> {
  await control.query('analyze');
  await control.query('vacuum indicator_counts');
  await control.query('vacuum indicator_hours');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
