/**
 * The duplicates bench (issue 31, docs/duplicates.md): two measurements on PostgreSQL with the
 * generated cases (generate.ts; `--duplicates-rate` plants known pairs), through the built server.
 *
 * (a) 'Posibles duplicados' of one case (`GET /api/getDuplicateCandidatesByMeta`) and of one
 *     incoming report (`GET /api/getDuplicateCandidatesByHomeReport`), as the demo QPPV (every
 *     laboratory) and the demo RLF (Uruguay), one request at a time: p50/p95 of the API, and of
 *     the same SQL statements run raw beside it (captured with `ATALAYA_SQL_LOG` from one request
 *     sent alone, replayed in order on one `pg` connection); the CPU per request of the server
 *     process (/proc/<pid>/stat) and of the database (pg_stat_statements' execution time when the
 *     extension is loaded, else the CPU of the database's backends from /proc — PostgreSQL on
 *     this machine).
 * (b) `--scan`: the whole-database scan ('Buscar en todo el registro', an import-runner job) on a
 *     COPY of the database (`createdb -T`, dropped afterwards unless `--keep-copy`): its wall
 *     time, its progress as the screen reads it (every 2 s), the pairs stored, the server's and
 *     the database's CPU, and the time projected at 1,000,000 cases (target ≤ 10 min).
 *     `createdb -T` needs the source without other connections. `--scan-minutes` (120) stops a
 *     long scan and projects from the cases done.
 *
 *   npm run build
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/atalaya_bench npm run duplicates -w bench -- --scan
 *   npm run duplicates -w bench -- --requests 60 --port 8393 --meta <Meta> --report <uuid> --skip-api --scan
 *
 * (c) `--read-only`: no server, no login (the API's path writes login attempts and refresh
 *     tokens, and the server migrates and runs queued jobs at start): the two statements that
 *     dominate one case's candidates — the blocking keys (`candidateIds`) and the candidates'
 *     records (`loadCaseRecords`) — and the frequencies (`valueFrequencies`), run by the server's
 *     own functions on a connection whose transactions are read-only
 *     (`default_transaction_read_only`), `--requests` times, p50/p95; `--explain` prints their
 *     `EXPLAIN (ANALYZE, BUFFERS)`. The reach is every case not deleted (a QPPV of every
 *     laboratory, without the laboratories' condition). Safe on a shared database.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/atalaya_bench npm run duplicates -w bench -- --read-only --explain
 *
 * (d) `--scan-in-place`: the whole-database scan run in this process by the server's own
 *     function (`scanRegistry`, what the job runs) on the database itself: no copy, no server, no
 *     login, so it writes `duplicate_pairs` and nothing else. Prints the memory once loaded (the
 *     live JS heap with NODE_OPTIONS=--expose-gc, the typed arrays, the RSS), the phases (loading,
 *     the keys, the scoring, the wait for the writes), the cases/s, this process's CPU (and of it
 *     the scoring's per case) and peak RSS, the database backends' CPU (this pool's, by
 *     application_name) and the projection at a million cases. `--scan-minutes` stops it between
 *     two blocks: the figures are then of the cases done, and the projection is the loading plus
 *     the registry's other cases at the scoring's rate.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/atalaya_bench NODE_OPTIONS=--expose-gc npm run duplicates -w bench -- --scan-in-place --scan-minutes 11
 *
 * Run by hand; never a timed test. Linux only (/proc). The candidates' GETs only read, so the
 * timed requests write nothing to the measured database.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { candidateIds, type DbOrTx, duplicateThreshold, loadCaseRecords, type ScanProfile, scanFrequencies, scanRegistry, valueFrequencies } from '../apps/server/src/faces/bench.js';
import { cpuSecondsOf, randomIp, sleep, solveCaptcha, waitForServer } from './support/server.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const serverDir = resolve(root, 'apps/server');

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string', default: process.env.DATABASE_URL },
    port: { type: 'string', default: '8393' },
    requests: { type: 'string', default: '40' },
    /** The case (Meta) and incoming report (id) whose candidates are timed; default: the newest of Uruguay. */
    meta: { type: 'string' },
    report: { type: 'string' },
    'skip-api': { type: 'boolean', default: false },
    scan: { type: 'boolean', default: false },
    /** The copy's name (default: the database's name + '_dupscan'). */
    copy: { type: 'string' },
    'keep-copy': { type: 'boolean', default: false },
    /** Give up on the scan after this many minutes. */
    'scan-minutes': { type: 'string', default: '120' },
    /** Also print each captured statement's raw p50 (the first subject's), to see where the time goes. */
    statements: { type: 'boolean', default: false },
    /** (c): the dominant statements only, by the server's functions, on a read-only connection; no server. */
    'read-only': { type: 'boolean', default: false },
    explain: { type: 'boolean', default: false },
    /** (d): the scan in this process on the database itself (no copy, no server): it writes duplicate_pairs only. */
    'scan-in-place': { type: 'boolean', default: false },
  },
});

const DATABASE_URL = args['database-url'];
if (!DATABASE_URL) throw new Error('DATABASE_URL (or --database-url) is required: a PostgreSQL database filled by generate.ts');
const PORT = Number(args.port);
const REQUESTS = Number(args.requests);
const DEMO_PASSWORD = 'Demo.2026';
const USERS = [
  ['qppv@demo.atalaya', 'QPPV'],
  ['rlf@demo.atalaya', 'RLF'],
] as const;

// ---------------------------------------------------------------------------------------
// The server

interface Server {
  child: ChildProcess;
  base: string;
  sqlLog: string | null;
}

async function startServer(databaseUrl: string, logDir: string, options: { sqlLog: boolean; name: string }): Promise<Server> {
  const base = `http://127.0.0.1:${PORT}`;
  if (!existsSync(join(serverDir, 'dist/main.js'))) throw new Error('apps/server/dist/main.js is missing: run `npm run build` first');
  const sqlLog = options.sqlLog ? join(logDir, `${options.name}-sql.jsonl`) : null;
  if (sqlLog) await writeFile(sqlLog, '');
  const child = spawn(process.execPath, ['dist/main.js'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ATALAYA_TRUST_PROXY: '127.0.0.1',
      ATALAYA_CAPTCHA_MAX_NUMBER: '1000',
      ...(sqlLog ? { ATALAYA_SQL_LOG: sqlLog } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logFile = join(logDir, `${options.name}.log`);
  const log = createWriteStream(logFile);
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  await waitForServer(base, child, logFile);
  return { child, base, sqlLog };
}

async function stopServer(server: Server): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = once(server.child, 'exit');
  server.child.kill('SIGTERM');
  await exited;
}

async function login(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'recaptcha-token': await solveCaptcha(base), 'x-forwarded-for': randomIp() },
    body: new URLSearchParams({ grant_type: 'password', username: email, password: DEMO_PASSWORD }).toString(),
  });
  if (!response.ok) throw new Error(`login of ${email} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function call(base: string, token: string, method: 'GET' | 'POST', url: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`${base}${url}`, { method, headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, text: await response.text() };
}

// ---------------------------------------------------------------------------------------
// The database's CPU

/** How the database's work is read: pg_stat_statements when loaded, else its backends' CPU from /proc. */
type DbMeter = { kind: 'pg_stat_statements' | 'backends /proc' | 'none'; read(): Promise<number> };

async function databaseMeter(client: pg.Client): Promise<DbMeter> {
  try {
    await client.query('select 1 from pg_stat_statements limit 1');
    return {
      kind: 'pg_stat_statements',
      // Execution time (ms) of this database's statements, the raw connection's included: the replay runs after the API's window.
      read: async () => Number((await client.query(`select coalesce(sum(total_exec_time), 0) as ms from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())`)).rows[0].ms) / 1000,
    };
  } catch {
    // Not loaded (shared_preload_libraries): the backends' CPU instead.
  }
  const own = Number((await client.query('select pg_backend_pid() as pid')).rows[0].pid);
  const seen = new Map<number, number>();
  const read = async () => {
    const pids = (await client.query(`select pid from pg_stat_activity where datname = current_database() and pid <> $1`, [own])).rows.map((row: { pid: number }) => Number(row.pid));
    // A backend that ended keeps its last reading, so the sum never goes back.
    for (const pid of pids) {
      try {
        seen.set(pid, await cpuSecondsOf(pid));
      } catch {
        // ended, or another machine's PostgreSQL
      }
    }
    return [...seen.values()].reduce((sum, value) => sum + value, 0);
  };
  try {
    await read();
    if (seen.size === 0 && (await client.query(`select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> $1`, [own])).rows[0].n > 0) {
      return { kind: 'none', read: async () => 0 };
    }
    return { kind: 'backends /proc', read };
  } catch {
    return { kind: 'none', read: async () => 0 };
  }
}

// ---------------------------------------------------------------------------------------
// Measuring

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

const ms = (value: number) => (Number.isNaN(value) ? '-' : value >= 100 ? value.toFixed(0) : value.toFixed(1));

interface Statement {
  sql: string;
  params: unknown[];
}

interface Row {
  user: string;
  subject: string;
  status: string;
  candidates: number;
  apiP50: number;
  apiP95: number;
  rawP50: number;
  rawP95: number;
  statements: number;
  serverCpu: number;
  dbCpu: number;
}

/** The statements the server issued for one request sent alone, and its answer. */
async function capture(server: Server, token: string, url: string): Promise<{ status: number; text: string; statements: Statement[] }> {
  if (server.sqlLog) await writeFile(server.sqlLog, '');
  const answer = await call(server.base, token, 'GET', url);
  await sleep(50);
  const statements: Statement[] = server.sqlLog
    ? (await readFile(server.sqlLog, 'utf8'))
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Statement)
    : [];
  return { ...answer, statements };
}

interface Subject {
  user: string;
  email: string;
  subject: string;
  url: string;
  status: number;
  text: string;
  statements: Statement[];
}

/** Times one subject on the server without the SQL log (its synchronous writes are not the API's cost), then its statements raw. */
async function timeCandidates(server: Server, raw: pg.Client, meter: DbMeter, token: string, subject: Subject): Promise<Row> {
  const empty = { candidates: 0, apiP50: NaN, apiP95: NaN, rawP50: NaN, rawP95: NaN, statements: 0, serverCpu: NaN, dbCpu: NaN };
  if (subject.status !== 200) return { user: subject.user, subject: subject.subject, status: `HTTP ${subject.status}: ${subject.text.slice(0, 80)}`, ...empty };
  const candidates = (JSON.parse(subject.text) as { Candidatos: unknown[] }).Candidatos.length;
  // Warm: the first request of a connection plans its statements.
  for (let index = 0; index < 3; index++) await call(server.base, token, 'GET', subject.url);

  const pid = server.child.pid ?? 0;
  const api: number[] = [];
  const cpu0 = await cpuSecondsOf(pid);
  const db0 = await meter.read();
  for (let index = 0; index < REQUESTS; index++) {
    const t0 = performance.now();
    const answer = await call(server.base, token, 'GET', subject.url);
    api.push(performance.now() - t0);
    if (answer.status !== 200) throw new Error(`${subject.url} answered ${answer.status} during the measurement`);
  }
  const cpu1 = await cpuSecondsOf(pid);
  const db1 = await meter.read();

  const rawTimes: number[] = [];
  for (let index = 0; index < REQUESTS; index++) {
    const t0 = performance.now();
    for (const statement of subject.statements) await raw.query(statement.sql, statement.params);
    rawTimes.push(performance.now() - t0);
  }
  return {
    user: subject.user,
    subject: subject.subject,
    status: 'ok',
    candidates,
    apiP50: percentile(api, 50),
    apiP95: percentile(api, 95),
    rawP50: percentile(rawTimes, 50),
    rawP95: percentile(rawTimes, 95),
    statements: subject.statements.length,
    serverCpu: ((cpu1 - cpu0) * 1000) / REQUESTS,
    dbCpu: meter.kind === 'none' ? NaN : ((db1 - db0) * 1000) / REQUESTS,
  };
}

function printRows(rows: Row[], meter: DbMeter): void {
  console.log(`\n| user | subject | candidates | API p50 | API p95 | raw SQL p50 | raw SQL p95 | statements | server CPU/req | DB ${meter.kind === 'pg_stat_statements' ? 'exec' : 'CPU'}/req | status |`);
  console.log('| --- | --- | --: | --: | --: | --: | --: | --: | --: | --: | --- |');
  for (const row of rows) {
    console.log(
      `| ${row.user} | ${row.subject} | ${row.candidates} | ${ms(row.apiP50)} | ${ms(row.apiP95)} | ${ms(row.rawP50)} | ${ms(row.rawP95)} | ${row.statements} | ${ms(row.serverCpu)} | ${ms(row.dbCpu)} | ${row.status} |`,
    );
  }
  console.log(`(ms; ${REQUESTS} requests one at a time; database measured by: ${meter.kind === 'none' ? 'nothing (pg_stat_statements not loaded and the backends not readable here)' : meter.kind}; the 1/100 s clock ticks of /proc make CPU below ~${ms(10_000 / REQUESTS / 10)} ms per request coarse)`);
}

async function benchCandidates(logDir: string): Promise<void> {
  const raw = new pg.Client({ connectionString: DATABASE_URL });
  await raw.connect();
  const meta =
    args.meta ??
    (
      await raw.query(`
        select e.meta from events e join countries c on c.id = e.country_id
        where c.code = 'UY' and e.status <> 1 and e.deleted_at is null and e.duplicate_of_event_id is null
          and exists (select 1 from event_patients p where p.event_id = e.id) and exists (select 1 from event_rams r where r.event_id = e.id)
        order by e.created_at desc limit 1`)
    ).rows[0]?.meta;
  const report =
    args.report ??
    (
      await raw.query(`
        select h.id from home_reports h join countries c on c.id = h.country_id
        where c.code = 'UY' and h.status in (1, 2) order by h.created_at desc limit 1`)
    ).rows[0]?.id;
  const subjects: Subject[] = [];
  // The statements of one request of each subject, from a server with the SQL log.
  const logging = await startServer(DATABASE_URL ?? '', logDir, { sqlLog: true, name: 'server-capture' });
  try {
    for (const [email, role] of USERS) {
      const token = await login(logging.base, email);
      const urls: [string, string][] = [];
      if (meta) urls.push([`case ${meta.slice(0, 8)}…`, `/api/getDuplicateCandidatesByMeta/${encodeURIComponent(meta)}`]);
      if (report) urls.push([`report ${String(report).slice(0, 8)}…`, `/api/getDuplicateCandidatesByHomeReport/${report}`]);
      for (const [subject, url] of urls) subjects.push({ user: role, email, subject, url, ...(await capture(logging, token, url)) });
    }
  } finally {
    await stopServer(logging);
  }
  const server = await startServer(DATABASE_URL ?? '', logDir, { sqlLog: false, name: 'server-timed' });
  const meter = await databaseMeter(raw);
  const rows: Row[] = [];
  try {
    const tokens = new Map<string, string>();
    for (const [email] of USERS) tokens.set(email, await login(server.base, email));
    for (const subject of subjects) rows.push(await timeCandidates(server, raw, meter, tokens.get(subject.email) ?? '', subject));
  } finally {
    await stopServer(server);
    await raw.end();
  }
  if (args.statements && subjects[0]) await statementBreakdown(subjects[0]);
  if (!meta) console.log('No sent case of Uruguay with a patient and a reaction: the case row is missing.');
  if (!report) console.log('No incoming report of Uruguay in Nuevo / En revisión: the report row is missing.');
  printRows(rows, meter);
}

/** Each statement of one request run raw REQUESTS times alone: its p50, to see where the time goes. */
async function statementBreakdown(subject: Subject): Promise<void> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    console.log(`\nStatements of ${subject.user} ${subject.subject} (raw p50 of ${REQUESTS} runs, ms):`);
    for (const statement of subject.statements) {
      const times: number[] = [];
      for (let index = 0; index < REQUESTS; index++) {
        const t0 = performance.now();
        await client.query(statement.sql, statement.params);
        times.push(performance.now() - t0);
      }
      console.log(`  ${ms(percentile(times, 50)).padStart(6)}  ${statement.sql.replace(/\s+/g, ' ').trim().slice(0, 110)}`);
    }
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------
// The whole-database scan on a copy

interface ScanState {
  code_import: string;
  status: string;
  percentage: number | string | null;
  date_end: string | null;
  Tables: { table: string; insterted: number | null; status: string }[];
}

async function benchScan(logDir: string): Promise<void> {
  const source = new URL(DATABASE_URL ?? '');
  const sourceName = decodeURIComponent(source.pathname.slice(1));
  const copyName = args.copy ?? `${sourceName}_dupscan`;
  if (copyName === sourceName) throw new Error('--copy must differ from the database');
  const connection = ['-h', source.hostname, '-p', source.port || '5432', '-U', decodeURIComponent(source.username || 'postgres')];
  console.log(`\nCopying ${sourceName} to ${copyName} (createdb -T) …`);
  const copyStart = performance.now();
  execFileSync('createdb', [...connection, '-T', sourceName, copyName], { stdio: 'inherit' });
  console.log(`copied in ${((performance.now() - copyStart) / 1000).toFixed(0)} s`);
  const copyUrl = new URL(source.toString());
  copyUrl.pathname = `/${encodeURIComponent(copyName)}`;

  const raw = new pg.Client({ connectionString: copyUrl.toString() });
  await raw.connect();
  let server: Server | null = null;
  try {
    const { n: cases } = (
      await raw.query(`select count(*)::int as n from events where deleted_at is null and status <> 1 and duplicate_of_event_id is null`)
    ).rows[0] as { n: number };
    const pairsBefore = Number((await raw.query('select count(*)::int as n from duplicate_pairs')).rows[0].n);
    server = await startServer(copyUrl.toString(), logDir, { sqlLog: false, name: 'server-scan' });
    const meter = await databaseMeter(raw);
    const token = await login(server.base, 'qppv@demo.atalaya');
    const pid = server.child.pid ?? 0;
    const cpu0 = await cpuSecondsOf(pid);
    const db0 = await meter.read();
    const started = performance.now();
    const start = await call(server.base, token, 'POST', '/api/startDuplicateScan');
    if (start.status !== 200) throw new Error(`startDuplicateScan answered ${start.status}: ${start.text}`);
    const code = (JSON.parse(start.text) as { Busqueda: ScanState | null }).Busqueda?.code_import;
    console.log(`Scan ${code} of ${cases.toLocaleString('en')} sent cases started; progress as the screen reads it (every 2 s; printed every 30 s):`);
    let last: ScanState | null = null;
    let printed = 0;
    let scanned = 0;
    const limit = Number(args['scan-minutes']) * 60_000;
    for (;;) {
      await sleep(2_000);
      // The backends come and go: read them often.
      await meter.read();
      const answer = await call(server.base, token, 'GET', '/api/getDuplicateScan');
      last = (JSON.parse(answer.text) as { Busqueda: ScanState | null }).Busqueda;
      const elapsed = (performance.now() - started) / 1000;
      const done = Number(last?.Tables[0]?.insterted ?? 0);
      if (last?.date_end || elapsed - printed >= 30) {
        printed = elapsed;
        const rate = done / Math.max(1, elapsed);
        const eta = rate > 0 ? (cases - done) / rate : Number.NaN;
        console.log(
          `  ${elapsed.toFixed(0).padStart(5)} s  ${last?.status ?? '?'}  ${Number(last?.percentage ?? 0).toFixed(1).padStart(5)} %  ${done.toLocaleString('en')} cases  ${rate.toFixed(0)} cases/s  ETA ${Number.isNaN(eta) ? '-' : `${eta.toFixed(0)} s`}`,
        );
      }
      scanned = done;
      if (last?.date_end) break;
      if (performance.now() - started > limit) {
        console.log(`Stopped after ${args['scan-minutes']} min (--scan-minutes): the figures below are of the ${done.toLocaleString('en')} cases done.`);
        break;
      }
    }
    const wall = (performance.now() - started) / 1000;
    const cpu1 = await cpuSecondsOf(pid);
    const db1 = await meter.read();
    const pairs = Number((await raw.query('select count(*)::int as n from duplicate_pairs')).rows[0].n);
    const walked = last?.date_end ? cases : scanned;
    const projected = (wall / Math.max(1, walked)) * 1_000_000;
    console.log(`\n| cases | status | wall | cases/s | pairs stored (before → after) | server CPU | DB ${meter.kind === 'pg_stat_statements' ? 'exec' : 'CPU'} | projected at 1,000,000 cases |`);
    console.log('| --: | --- | --: | --: | --: | --: | --: | --: |');
    console.log(
      `| ${walked.toLocaleString('en')} of ${cases.toLocaleString('en')} | ${last?.status} | ${wall.toFixed(0)} s | ${(walked / wall).toFixed(0)} | ${pairsBefore.toLocaleString('en')} → ${pairs.toLocaleString('en')} | ${(cpu1 - cpu0).toFixed(0)} s | ${meter.kind === 'none' ? '-' : `${(db1 - db0).toFixed(0)} s`} | ${(projected / 60).toFixed(1)} min (target ≤ 10 min: ${projected <= 600 ? 'met' : 'not met'}) |`,
    );
  } finally {
    if (server) await stopServer(server);
    await raw.end();
    if (args['keep-copy']) console.log(`The copy ${copyName} is kept (--keep-copy).`);
    else execFileSync('dropdb', [...connection, '--if-exists', copyName], { stdio: 'inherit' });
  }
}

// ---------------------------------------------------------------------------------------
// (c) The dominant statements, read-only

async function benchReadOnly(): Promise<void> {
  const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 1, options: '-c default_transaction_read_only=on -c jit=off' });
  let captured: { sql: string; params: unknown[] }[] = [];
  const db = drizzle({ client: pool, casing: 'snake_case', logger: { logQuery: (query, params) => captured.push({ sql: query, params }) } }) as unknown as DbOrTx;
  try {
    const [check] = (await pool.query('show default_transaction_read_only')).rows as { default_transaction_read_only: string }[];
    if (check?.default_transaction_read_only !== 'on') throw new Error('the connection is not read-only');
    const meta =
      args.meta ??
      (
        await pool.query(`
          select e.meta from events e join countries c on c.id = e.country_id
          where c.code = 'UY' and e.status <> 1 and e.deleted_at is null and e.duplicate_of_event_id is null
            and exists (select 1 from event_patients p where p.event_id = e.id) and exists (select 1 from event_rams r where r.event_id = e.id)
          order by e.created_at desc limit 1`)
      ).rows[0]?.meta;
    const [row] = (await pool.query('select id from events where meta = $1', [meta])).rows as { id: string }[];
    if (!row) throw new Error(`no case ${meta}`);
    const [subject] = await loadCaseRecords(db, [row.id]);
    if (!subject) throw new Error(`case ${meta} not loaded`);
    const scope = { reach: sql`(events.deleted_at is null)`, eventId: row.id, homeReportId: null };
    const ids = await candidateIds(db, subject.record, scope);
    console.log(`\nRead-only: case ${meta} (${row.id}); ${ids.length} candidates; ${REQUESTS} runs each, ms:`);
    const steps: [string, () => Promise<unknown>][] = [
      ['candidateIds (blocking keys)', () => candidateIds(db, subject.record, scope)],
      ['loadCaseRecords (candidates)', () => loadCaseRecords(db, ids)],
      ['valueFrequencies', () => valueFrequencies(db, subject.record)],
    ];
    console.log('| statement | p50 | p95 |');
    console.log('| --- | --: | --: |');
    for (const [name, run] of steps) {
      await run();
      const times: number[] = [];
      for (let index = 0; index < REQUESTS; index++) {
        const t0 = performance.now();
        await run();
        times.push(performance.now() - t0);
      }
      console.log(`| ${name} | ${ms(percentile(times, 50))} | ${ms(percentile(times, 95))} |`);
    }
    if (args.explain) {
      for (const [name, run] of steps.slice(0, 2)) {
        captured = [];
        await run();
        for (const statement of captured) {
          const plan = (await pool.query(`explain (analyze, buffers) ${statement.sql}`, statement.params)).rows as { 'QUERY PLAN': string }[];
          console.log(`\n${name}:\n${plan.map((line) => line['QUERY PLAN']).join('\n')}`);
        }
      }
    }
  } finally {
    await pool.end();
  }
}

// ---------------------------------------------------------------------------------------
// (d) The scan in this process, on the database itself

async function benchScanInPlace(): Promise<void> {
  const app = 'atalaya-bench-dupscan';
  const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 4, application_name: app, options: '-c jit=off' });
  const db = drizzle({ client: pool, casing: 'snake_case' }) as unknown as DbOrTx;
  const seen = new Map<number, number>();
  const backends = async () => {
    const pids = (await pool.query('select pid from pg_stat_activity where application_name = $1', [app])).rows.map((row: { pid: number }) => Number(row.pid));
    for (const pid of pids) {
      try {
        seen.set(pid, await cpuSecondsOf(pid));
      } catch {
        // ended, or another machine's PostgreSQL
      }
    }
    return [...seen.values()].reduce((sum, value) => sum + value, 0);
  };
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 500);
  try {
    const before = Number((await pool.query('select count(*)::int as n from duplicate_pairs')).rows[0].n);
    const threshold = await duplicateThreshold(db);
    const t0 = performance.now();
    const frequencies = await scanFrequencies(db);
    const frequenciesMs = performance.now() - t0;
    const cpu0 = process.cpuUsage();
    const db0 = await backends();
    const started = performance.now();
    let printed = started;
    // --scan-minutes: stopped there (between two blocks), the figures are of the cases done.
    const stop = AbortSignal.timeout(Number(args['scan-minutes']) * 60_000);
    let done = 0;
    let total = 0;
    let stopped = false;
    /** The timings at the last block done: a stopped scan's figures are those of its cases done. */
    let sofar: ScanProfile | undefined;
    /** This process's CPU at the end of the loading. */
    let cpuLoaded: NodeJS.CpuUsage | undefined;
    const profile = await scanRegistry(db, {
      threshold,
      frequencies,
      signal: stop,
      onProgress: async (cases, all, _percentage, live) => {
        if (cases === 0) {
          cpuLoaded = process.cpuUsage(cpu0);
          // The registry as held in memory: the live heap after a full collection (with --expose-gc), else the heap used.
          (globalThis as { gc?: () => void }).gc?.();
          const { heapUsed, arrayBuffers, rss } = process.memoryUsage();
          console.log(
            `  loaded ${all.toLocaleString('en')} cases in ${(live.loadMs / 1000).toFixed(1)} s: JS heap ${(heapUsed / 2 ** 20).toFixed(0)} MiB${(globalThis as { gc?: unknown }).gc ? ' live' : ''}, typed arrays ${(arrayBuffers / 2 ** 20).toFixed(0)} MiB, RSS ${(rss / 2 ** 20).toFixed(0)} MiB`,
          );
        }
        done = cases;
        total = all;
        sofar = { ...live };
        await backends();
        if (performance.now() - printed > 30_000 || cases === total) {
          printed = performance.now();
          console.log(`  ${((printed - started) / 1000).toFixed(0).padStart(5)} s  ${cases.toLocaleString('en')} of ${total.toLocaleString('en')} cases`);
        }
      },
    }).catch((error: unknown) => {
      if (!stop.aborted) throw error;
      stopped = true;
      // Stopped while loading: nothing scored yet.
      const zero = { pairs: 0, loadMs: performance.now() - started, candidatesMs: 0, scoreMs: 0, writeWaitMs: 0, candidatePairs: 0, scoredOnce: 0, exactScores: 0 };
      return { ...(sofar ?? zero), cases: done };
    });
    if (stopped) console.log(`Stopped after ${args['scan-minutes']} min (--scan-minutes): ${done.toLocaleString('en')} cases done; the projection is from them.`);
    const wall = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const db1 = await backends();
    const after = Number((await pool.query('select count(*)::int as n from duplicate_pairs')).rows[0].n);
    console.log(`\nThreshold ${threshold} bits; frequencies read in ${(frequenciesMs / 1000).toFixed(1)} s (before the scan).`);
    // Stopped early: the cases of the registry are all loaded, a share of them scored; the projection is the loading plus the rest at the scoring's rate.
    const scoringS = Math.max(1e-3, wall - profile.loadMs / 1000);
    const projected = stopped && total > 0 ? profile.loadMs / 1000 + (scoringS / Math.max(1, profile.cases)) * total : wall;
    const perMillion = (projected / Math.max(1, total || profile.cases)) * 1_000_000;
    const cpuS = (cpu.user + cpu.system) / 1e6;
    const loadCpuS = cpuLoaded ? (cpuLoaded.user + cpuLoaded.system) / 1e6 : cpuS;
    console.log('| cases (of the registry) | wall | cases/s | load | keys | scoring | write wait | scoring cases/s | candidate pairs (scored once of them) | exact scores | pairs stored (table before → after) | bench CPU (loading) | scoring CPU / case | DB CPU | peak RSS | projected for the registry | projected at 1,000,000 |');
    console.log('| --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: |');
    console.log(
      `| ${profile.cases.toLocaleString('en')} (${total.toLocaleString('en')}) | ${wall.toFixed(1)} s | ${(profile.cases / wall).toFixed(0)} | ${(profile.loadMs / 1000).toFixed(1)} s | ${(profile.candidatesMs / 1000).toFixed(1)} s | ${(profile.scoreMs / 1000).toFixed(1)} s | ${(profile.writeWaitMs / 1000).toFixed(1)} s | ${(profile.cases / scoringS).toFixed(0)} | ${profile.candidatePairs.toLocaleString('en')} (${profile.scoredOnce.toLocaleString('en')}) | ${profile.exactScores.toLocaleString('en')} | ${profile.pairs.toLocaleString('en')} (${before.toLocaleString('en')} → ${after.toLocaleString('en')}) | ${cpuS.toFixed(1)} s (${loadCpuS.toFixed(1)} s) | ${(((cpuS - loadCpuS) / Math.max(1, profile.cases)) * 1000).toFixed(2)} ms | ${(db1 - db0).toFixed(1)} s | ${(peakRss / 2 ** 20).toFixed(0)} MiB | ${(projected / 60).toFixed(1)} min | ${(perMillion / 60).toFixed(1)} min |`,
    );
  } finally {
    clearInterval(sampler);
    await pool.end();
  }
}

async function main(): Promise<void> {
  if (args['scan-in-place']) {
    await benchScanInPlace();
    return;
  }
  if (args['read-only']) {
    await benchReadOnly();
    return;
  }
  const logDir = await mkdtemp(join(tmpdir(), 'atalaya-duplicates-'));
  console.log(`Duplicates bench on ${new URL(DATABASE_URL ?? '').pathname.slice(1)}; server logs in ${logDir}`);
  if (!args['skip-api']) await benchCandidates(logDir);
  if (args.scan) await benchScan(logDir);
}

await main();
