/**
 * Fills the tables a screen reads that the case generator leaves empty (issue 33 point 5), so
 * that a bench does not time a screen over an empty table: run by generate.ts at its end, or
 * on its own over a database generated before:
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/atalaya_bench npm run fill -w bench [-- --meddra <zip>] [--audit-rows N] [--skip meddra,follow-ups,evaluations,deadlines,audit]
 *
 * - **MedDRA**: the synthetic release of real size (bench/meddra-release.ts: 27,000 PTs, 87,000
 *   LLTs), or `--meddra <zip>` (a licensed release), imported with the server's handler. Skipped
 *   when the dictionary already holds 80,000 LLTs or more. The cases keep the demo dictionary's
 *   terms, which an import keeps current when the release carries them; the synthetic one does
 *   not, so they become non-current, as terms of an older release do.
 * - **Follow-ups**: a follow-up report of 2 % of the sent cases, each with its follow-up event
 *   (a copy of its parent's patient, origin, medicines and reactions), the parent's comment and
 *   history entry, as the follow-up wizard writes them (support/case-records.ts).
 * - **Evaluations**: the Naranjo evaluation (ten answers) of every case past the RLF's review,
 *   its result in keeping with the case's closing status (support/case-records.ts).
 * - **Deadlines**: the deadline engine's own refresh over every case (follow-up events included) (`refreshCaseDeadlines`
 *   with `{ all: true }`, migration 0016's backfill): the rows the task lists' KPI columns and
 *   the No-KPI screen read.
 * - **Audit trail**: `audit_log` topped up to `--audit-rows` (default: as many rows as cases),
 *   without the hash chain (bench/support/audit-log.ts).
 *
 * The indicator counts and the laboratory and product arrays are kept by triggers during the
 * generation itself, the Señales counts recounted at its end (generator/signal-counts.ts); the case
 * history is written by the generator. Not generated: WHO-UMC assessments, documents and
 * notes (a case's tabs read them by the case's key). Prints the row
 * count of every table a screen reads (bench/README.md keeps them).
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase, refreshCaseDeadlines } from '../apps/server/src/faces/bench.js';
import { topUpAuditLog } from './support/audit-log.js';
import { fillEvaluations, fillFollowUps } from './support/case-records.js';
import { runMeddraImport } from './support/meddra-import.js';

const STEPS = ['meddra', 'follow-ups', 'evaluations', 'deadlines', 'audit'] as const;
type Step = (typeof STEPS)[number];

/** The tables the screens read, whose sizes the README lists. */
const READ_TABLES = [
  'events',
  'event_patients',
  'event_medications',
  'event_rams',
  'home_reports',
  'operation_history',
  'follow_up_reports',
  'imputability_evaluations',
  'imputability_answers',
  'event_metric_alerts',
  'indicator_counts',
  'indicator_hours',
  'signal_counts',
  'audit_log',
  'meddra_pt',
  'meddra_llt',
  'products',
  'duplicate_pairs',
] as const;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function count(database: Database, table: string): Promise<number | null> {
  const exists = await database.db.execute<{ t: string | null }>(sql`select to_regclass(${table})::text as t`);
  if (!exists.rows[0]?.t) return null;
  const rows = await database.db.execute<{ n: string }>(sql.raw(`select count(*) as n from ${table}`));
  return Number(rows.rows[0]?.n ?? 0);
}

async function fillMeddra(database: Database, zip: string | undefined): Promise<void> {
  const llts = (await count(database, 'meddra_llt')) ?? 0;
  if (llts >= 80_000 && !zip) {
    console.log(`fill: MedDRA already holds ${llts} LLTs`);
    return;
  }
  const folder = await mkdtemp(join(tmpdir(), 'atalaya-fill-'));
  try {
    let file = zip;
    if (!file) {
      file = join(folder, 'meddra-27.0.zip');
      // Written by its own script (a child process), the dictionary generator of meddra-release.ts.
      const script = fileURLToPath(new URL('meddra-release.ts', import.meta.url));
      execFileSync(process.execPath, [...process.execArgv, script, '--out', file], { stdio: 'ignore' });
    }
    const run = await runMeddraImport(database.db, file, { label: zip ? 'MedDRA (--meddra)' : 'MedDRA 27.0 (synthetic)' });
    console.log(`fill: MedDRA imported in ${seconds(run.ms)}: ${run.tables.join(', ')}`);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

async function fillDeadlines(database: Database): Promise<void> {
  const started = performance.now();
  await database.db.transaction((tx) => refreshCaseDeadlines(tx, { all: true }));
  await database.db.execute(sql`analyze event_metric_alerts`);
  console.log(`fill: deadlines refreshed over every case in ${seconds(performance.now() - started)}`);
}

export async function fillReadTables(database: Database, options: { meddra?: string; auditRows?: number; skip?: readonly Step[] } = {}): Promise<void> {
  const skip = new Set(options.skip ?? []);
  if (!skip.has('meddra')) await fillMeddra(database, options.meddra);
  if (!skip.has('follow-ups')) {
    const started = performance.now();
    const created = await fillFollowUps(database);
    console.log(created < 0 ? 'fill: follow-up reports already there' : `fill: ${created} follow-up reports with their events in ${seconds(performance.now() - started)}`);
  }
  if (!skip.has('evaluations')) {
    const started = performance.now();
    const created = await fillEvaluations(database);
    console.log(created < 0 ? 'fill: evaluations already there' : `fill: ${created} causality evaluations in ${seconds(performance.now() - started)}`);
  }
  if (!skip.has('follow-ups') || !skip.has('evaluations')) {
    await database.db.execute(sql`analyze events, event_patients, event_medications, event_rams, follow_up_reports, imputability_evaluations, imputability_answers`);
  }
  if (!skip.has('deadlines')) await fillDeadlines(database);
  if (!skip.has('audit')) {
    const target = options.auditRows ?? (await count(database, 'events')) ?? 0;
    const started = performance.now();
    const rows = await topUpAuditLog(database.db, target, () => undefined);
    console.log(`fill: audit_log at ${rows} rows in ${seconds(performance.now() - started)}`);
  }
  console.log('fill: rows of the tables the screens read');
  for (const table of READ_TABLES) {
    const n = await count(database, table);
    if (n !== null) console.log(`  ${table}: ${n.toLocaleString('en')}`);
  }
}

/** Parses `--skip a,b` into steps, refusing an unknown one. */
export function parseSkip(value: string | undefined): Step[] {
  if (!value) return [];
  return value.split(',').map((step) => {
    if (!(STEPS as readonly string[]).includes(step)) throw new Error(`--skip: unknown step '${step}' (${STEPS.join(', ')})`);
    return step as Step;
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { meddra: { type: 'string' }, 'audit-rows': { type: 'string' }, skip: { type: 'string' } } });
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL is required');
  const database = await openDatabase({ databaseUrl });
  try {
    await fillReadTables(database, {
      ...(values.meddra ? { meddra: resolve(process.env.INIT_CWD ?? process.cwd(), values.meddra) } : {}),
      ...(values['audit-rows'] ? { auditRows: Number(values['audit-rows']) } : {}),
      skip: parseSkip(values.skip),
    });
  } finally {
    await database.close();
  }
}
