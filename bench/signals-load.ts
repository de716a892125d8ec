/**
 * Loads a CSV of `report_id, drug, event[, stratum]` as sent cases, so that Señales answers on
 * exactly those reports (docs/signals.md 'Loading a reference set'):
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/mine npm run signals:load -w bench -- ../../shared/reference/signals/caers.csv
 *   ATALAYA_DATA_DIR=/tmp/atalaya-data npm run signals:load -w bench -- file.csv
 *
 * The database is migrated and its reference data seeded first (no demo data: the table holds
 * those reports only); the cases are created by the first user, or by an inactive loader user
 * that cannot sign in when there is none.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { loadSignalCsv, migrate, openDatabase, parseSignalCsv, seedReferenceData } from '../apps/server/src/faces/bench.js';

async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file) throw new Error('Usage: npm run signals:load -w bench -- <file.csv>');
  const databaseUrl = process.env.DATABASE_URL;
  const dataDir = process.env.ATALAYA_DATA_DIR;
  if (!databaseUrl && !dataDir) throw new Error('Set DATABASE_URL or ATALAYA_DATA_DIR');
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const rows = parseSignalCsv(await readFile(resolve(cwd, file), 'utf8'));
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: resolve(cwd, dataDir ?? '') });
  try {
    await migrate(database);
    await seedReferenceData(database.db);
    const started = Date.now();
    const result = await loadSignalCsv(database.db, rows);
    console.log(`${result.reports} reports (${rows.length} rows, ${result.drugs} drugs, ${result.events} events) loaded in ${Date.now() - started} ms`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
