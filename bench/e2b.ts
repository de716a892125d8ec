/**
 * Times the E2B(R3) exchange (issue 29 §7) on a database generate.ts filled:
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/atalaya_bench npm run e2b -w bench
 *   npm run e2b -w bench -- --data-dir /tmp/e2b-bench [--runs 200] [--batch 1000] [--xsd-dir …]
 *
 * 1. Export and validation of one case (`exportCase`, the service behind exportE2B: reach, load,
 *    build, ICH rules, the XSD, the stored submission), as the QPPV and as the RLF of the demo
 *    data: p50 / p95 / max of `--runs` exports after 10 warm-up ones, over the newest closed cases.
 * 2. A batch of `--batch` cases (`exportBatch`, behind exportE2BBatch): the time, and the process's
 *    peak RSS above its RSS before the run (sampled every 20 ms).
 * 3. Parse of FDA's 2 MB scenario 6 (`parseBatchFile`, the import's reader and parser): p50 / p95
 *    of 20 runs after 2 warm-up ones, without and with the schema check.
 * 4. The whole import of FDA's scenario 6 as a historic case: the import's job (`createE2bImportHandler`
 *    with the schema: count, read, check, parse, MedDRA look-up, the stored preview) and its
 *    confirmation (`confirmE2bImport`, mode historic, by the QPPV), p50 / p95 of `--import-runs`
 *    runs after one warm-up. Each import runs in a transaction rolled back at its end, so that the
 *    bench database keeps no imported case and the next run is not a report already imported.
 * 5. A historic batch of `--historic` reports: the newest exportable cases of the QPPV read
 *    (`loadIcsrs`) and written as one batch as the export writes them, then imported as 4. is:
 *    the job, the confirmation, the whole, and the peak RSS above the start.
 *
 * `--only single,batch,parse,import,historic` runs some of them (default: all).
 *
 * Every export is stored (append-only submissions): run it on a bench database, never on real
 * data. When no MedDRA version is known (no release imported, no fallback in Configuración),
 * `e2b.meddraFallbackVersion` is set to 27.1 first, as the demo does, or every export is refused.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { performance } from 'node:perf_hooks';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { checkIcsr, ER_STATUS, type IcsrBatch, type Role } from '@atalaya/domain';
import { eq, sql } from 'drizzle-orm';
import { type AuthUser, buildBatchXml, confirmE2bImport, createE2bImportHandler, type Db, exportBatch, exportCase, exportMeddraVersion, exportSender, hl7Moment, imports, loadIcsrs, loadUserLaboratoryIds, openDatabase, parseBatchFile, preloadSchema, xsdSchemaCheck } from '../apps/server/src/faces/bench.js';

const reference = resolve(fileURLToPath(new URL('../../shared/reference/', import.meta.url)));
const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string', default: process.env.DATABASE_URL },
    'data-dir': { type: 'string' },
    'xsd-dir': { type: 'string', default: process.env.ATALAYA_E2B_XSD_DIR ?? join(reference, 'e2b-r3-xsd') },
    runs: { type: 'string', default: '200' },
    batch: { type: 'string', default: '1000' },
    receiver: { type: 'string', default: 'EVHUMAN' },
    'import-runs': { type: 'string', default: '10' },
    historic: { type: 'string', default: '1000' },
    only: { type: 'string', default: 'single,batch,parse,import,historic' },
  },
});
const runs = Number(args.runs);
const batchSize = Number(args.batch);
const xsdDir = args['xsd-dir'];
const receiver = args.receiver ?? 'EVHUMAN';
const importRuns = Number(args['import-runs']);
const historicSize = Number(args.historic);
const only = new Set((args.only ?? '').split(',').map((part) => part.trim()));

const database = await openDatabase({ databaseUrl: args['database-url'], dataDir: args['data-dir'] });
const db = database.db;

async function userOf(email: string): Promise<AuthUser> {
  const rows = await db.execute<{ id: string; role: Role; code: string }>(
    sql`select u.id, r.name as role, c.code from users u join roles r on r.id = u.role_id join countries c on c.id = u.country_id where u.email = ${email}`,
  );
  const row = rows.rows[0];
  if (!row) throw new Error(`no user ${email}`);
  return { id: row.id, role: row.role, countryCode: row.code, email };
}

/** The newest cases past Pendiente, not annulled, with a coded reaction, that `user` reaches (the export's own reach query decides). */
async function casesFor(user: AuthUser, count: number): Promise<string[]> {
  const rows = await db.execute<{ meta: string }>(sql`
    select e.meta from events e join countries c on c.id = e.country_id
    where e.deleted_at is null and e.status not in (${ER_STATUS.PENDIENTE}, ${ER_STATUS.ANULADO})
      and not e.is_historic and (${user.role} <> 'RLF' or c.code = ${user.countryCode})
      and exists (select 1 from event_rams r where r.event_id = e.id and r.llt_code is not null)
    order by e.created_at desc limit ${count}`);
  return rows.rows.map((row) => row.meta);
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
const ms = (value: number) => `${value.toFixed(1)} ms`;

function summary(label: string, samples: number[]): void {
  const sorted = [...samples].sort((a, b) => a - b);
  console.log(`${label}: n=${sorted.length} p50 ${ms(quantile(sorted, 0.5))} · p95 ${ms(quantile(sorted, 0.95))} · max ${ms(sorted.at(-1) ?? 0)}`);
}

async function singleExports(email: string): Promise<void> {
  const user = await userOf(email);
  const metas = await casesFor(user, runs + 10);
  if (metas.length === 0) throw new Error(`no exportable case for ${email}`);
  const samples: number[] = [];
  let refused = 0;
  for (const [index, meta] of metas.entries()) {
    const started = performance.now();
    const outcome = await exportCase(db, user, meta, receiver, { xsdDir });
    const elapsed = performance.now() - started;
    if ('refused' in outcome) refused += 1;
    if (index >= 10) samples.push(elapsed);
  }
  summary(`export + validation of one case (${user.role})`, samples);
  if (refused) console.log(`  (${refused} of ${metas.length} refused by the rules: timed all the same)`);
}

async function batchExport(): Promise<void> {
  const user = await userOf('qppv@demo.atalaya');
  const metas = await casesFor(user, batchSize);
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  const outcome = await exportBatch(db, user, receiver, metas, { xsdDir });
  const elapsed = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const exported = 'result' in outcome ? outcome.result.Exportados.length : 0;
  const left = 'result' in outcome ? outcome.result.Rechazados.length : outcome.refused.Rechazados.length;
  console.log(`batch of ${metas.length} cases: ${(elapsed / 1000).toFixed(2)} s (${exported} exported, ${left} left out) · peak RSS +${Math.round((peak - before) / 1048576)} MiB (${Math.round(peak / 1048576)} MiB)`);
}

async function parseScenario6(): Promise<void> {
  const path = join(reference, 'e2b-r3-examples', 'fda-faers-2022', 'FAERS2022Scenario6.xml');
  for (const [label, options] of [
    ['parse of FDA scenario 6 (2 MB)', {}],
    ['parse of FDA scenario 6 (2 MB) with the schema check', { schemaCheck: xsdSchemaCheck(xsdDir) }],
  ] as const) {
    const samples: number[] = [];
    for (let index = 0; index < 22; index += 1) {
      const started = performance.now();
      await parseBatchFile(path, options);
      if (index >= 2) samples.push(performance.now() - started);
    }
    summary(label, samples);
  }
}

/** The process's peak RSS while `work` runs (sampled every 20 ms), above its RSS before. */
async function withPeakRss<T>(work: () => Promise<T>): Promise<{ value: T; aboveStart: number; peak: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  try {
    const value = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { value, aboveStart: peak - before, peak };
  } finally {
    clearInterval(sampler);
  }
}

const mib = (bytes: number) => `${Math.round(bytes / 1048576)} MiB`;

class RolledBack extends Error {}

/**
 * One whole E2B import of the file `path` as the QPPV: the job (the handler the runner starts, with
 * the schema, on a context that records nothing) and the confirmation as historic cases. All in a
 * transaction rolled back at the end: the bench database keeps no imported case (the commit is not
 * timed).
 */
async function importOnce(user: AuthUser, productId: number, path: string): Promise<{ job: number; confirm: number; reports: number; stored: number }> {
  let outcome: { job: number; confirm: number; reports: number; stored: number } | undefined;
  try {
    await database.db.transaction(async (tx) => {
      outcome = await importIn(tx, user, productId, path);
      throw new RolledBack();
    });
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
  }
  if (!outcome) throw new Error('import not run');
  return outcome;
}

async function importIn(db: Db, user: AuthUser, productId: number, path: string): Promise<{ job: number; confirm: number; reports: number; stored: number }> {
  const code = `BENCH-E2B-${randomUUID()}`;
  const [row] = await db.insert(imports).values({ codeImport: code, kind: 'e2b', userId: user.id, fileName: 'bench.xml', status: 'D' }).returning({ id: imports.id });
  if (!row) throw new Error('import not created');
  const handler = createE2bImportHandler({ xsdDir });
  const started = performance.now();
  try {
    await handler.run({
      db,
      importId: row.id,
      code,
      filePath: path,
      fileName: 'bench.xml',
      password: null,
      signal: new AbortController().signal,
      declareTables: async () => undefined,
      tableStarted: async () => undefined,
      tableProgress: async () => undefined,
      tableDone: async () => undefined,
      setVersion: async () => undefined,
    });
  } finally {
    await db.update(imports).set({ status: 'S', dateEnd: new Date(), percentage: 100 }).where(eq(imports.id, row.id));
  }
  const read = performance.now();
  const result = await confirmE2bImport(db, user, code, { mode: 'historic', country: 'UY', product: productId });
  const confirmed = performance.now();
  return { job: read - started, confirm: confirmed - read, reports: result.reports.length, stored: result.reports.filter((report) => report.refusal === null).length };
}

/** A product of the QPPV's laboratories: the fallback of its historic imports. */
async function fallbackProduct(user: AuthUser): Promise<number> {
  const laboratories = await loadUserLaboratoryIds(db, user.id);
  const rows = await db.execute<{ id: number }>(
    sql`select id from products where not eliminado and laboratory_id in (${sql.join(
      (laboratories.length ? laboratories : [-1]).map((id) => sql`${id}`),
      sql`, `,
    )}) order by id limit 1`,
  );
  const id = rows.rows[0]?.id;
  if (id === undefined) throw new Error(`no product of ${user.email}'s laboratories`);
  return Number(id);
}

async function importScenario6(): Promise<void> {
  const user = await userOf('qppv@demo.atalaya');
  const productId = await fallbackProduct(user);
  const path = join(reference, 'e2b-r3-examples', 'fda-faers-2022', 'FAERS2022Scenario6.xml');
  const jobs: number[] = [];
  const confirms: number[] = [];
  const totals: number[] = [];
  for (let index = 0; index <= importRuns; index += 1) {
    const run = await importOnce(user, productId, path);
    if (run.stored !== run.reports) throw new Error(`scenario 6: ${run.reports - run.stored} of ${run.reports} reports refused`);
    if (index === 0) continue;
    jobs.push(run.job);
    confirms.push(run.confirm);
    totals.push(run.job + run.confirm);
  }
  summary('import of FDA scenario 6 (2 MB), the job (with the XSD)', jobs);
  summary('import of FDA scenario 6 (2 MB), the confirmation as a historic case', confirms);
  summary('import of FDA scenario 6 (2 MB), whole', totals);
}

async function historicBatch(dir: string): Promise<void> {
  const user = await userOf('qppv@demo.atalaya');
  const productId = await fallbackProduct(user);
  const now = new Date();
  const moment = hl7Moment(now);
  const { senderId, sender } = await exportSender(db);
  const meddraVersion = (await exportMeddraVersion(db))?.version ?? null;
  const metas = await casesFor(user, historicSize + historicSize / 2);
  const ids = await db.execute<{ id: string }>(sql`select id from events where meta in (${sql.join(
    metas.map((meta) => sql`${meta}`),
    sql`, `,
  )}) order by created_at desc`);
  const messages: IcsrBatch['messages'] = [];
  const all = ids.rows.map((row) => row.id);
  for (let at = 0; at < all.length && messages.length < historicSize; at += 100) {
    const loaded = await loadIcsrs(db, all.slice(at, at + 100), { now, senderCode: senderId, sender, meddraVersion });
    for (const icsr of loaded.values()) {
      const header = { messageId: icsr.report.safetyReportId, senderId, receiverId: 'ATALAYA', creationDate: moment };
      if (messages.length < historicSize && checkIcsr(icsr, { header, today: moment.slice(0, 8) }).length === 0) messages.push({ header, icsr });
    }
  }
  const xml = buildBatchXml({ batch: { batchNumber: `${senderId}-BENCH-${moment.slice(0, 14)}`, senderId, receiverId: 'ATALAYA', transmissionDate: moment }, messages });
  messages.length = 0;
  const path = join(dir, 'historic.xml');
  await writeFile(path, xml);
  const size = Buffer.byteLength(xml);
  const { value: run, aboveStart, peak } = await withPeakRss(() => importOnce(user, productId, path));
  console.log(
    `historic batch of ${run.reports} reports (${(size / 1048576).toFixed(1)} MB): job ${(run.job / 1000).toFixed(2)} s + confirmation ${((run.confirm) / 1000).toFixed(2)} s = ${((run.job + run.confirm) / 1000).toFixed(2)} s (${run.stored} stored) · peak RSS +${mib(aboveStart)} (${mib(peak)})`,
  );
}

try {
  if (!(await exportMeddraVersion(db))) {
    await db.execute(sql`update settings set value = '27.1' where name = 'e2b.meddraFallbackVersion'`);
    console.log('No MedDRA version known: e2b.meddraFallbackVersion set to 27.1 (as the demo does).');
  }
  const schemaStart = performance.now();
  preloadSchema(xsdDir);
  console.log(`schema compiled in ${ms(performance.now() - schemaStart)} (once per process)`);
  if (only.has('single')) {
    await singleExports('qppv@demo.atalaya');
    await singleExports('rlf@demo.atalaya');
  }
  if (only.has('batch')) await batchExport();
  if (only.has('parse')) await parseScenario6();
  const dir = await mkdtemp(join(tmpdir(), 'e2b-bench-'));
  try {
    if (only.has('import')) await importScenario6();
    if (only.has('historic')) await historicBatch(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
} finally {
  await database.close();
}
