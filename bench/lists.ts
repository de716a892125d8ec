/**
 * The list bench (issue 16 §5): every case list and the search, on PostgreSQL with the
 * generated cases (generate.ts), as the demo QPPV (every laboratory) and the demo RLF
 * (Uruguay), at 16 concurrent requests; first and last page; p50/p95 of the API and of the
 * same SQL statements run raw through `pg` in the same run, and their ratio. Then the Excel
 * export of ~100,000 rows (time and the server's peak RSS) when the route exists, and exceljs
 * alone (in this process) writing the same rows read back from the file, with the export's
 * options, into a stream that discards them: the export's time over that is its overhead.
 * `--export-only` measures only the export (a freshly started server, no list before it).
 *
 *   npm run build                                   # with --built (closest to production)
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/atalaya_bench npm run lists -w bench -- --built
 *   npm run lists -w bench -- --built --requests 64 --concurrency 16 --port 8392 --explain /tmp/plans.txt
 *
 * The server runs as its own process with `ATALAYA_SQL_LOG` (apps/server/src/db/client.ts):
 * before each list is timed, one request is sent alone and the statements the server issued
 * for it are read back from that log; the raw replay sends the same statements with the same
 * parameters, in the same order, one request's statements after each other, through a `pg`
 * pool of the server's size (10) at the same concurrency. A route that answers 404 (not there
 * yet) prints 'absent'. Run by hand; never a timed test. Linux only (RSS from /proc).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, existsSync } from 'node:fs';
import { appendFile, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { cpuSecondsOf, randomIp, sleep, solveCaptcha, waitForServer } from './support/server.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const serverDir = resolve(root, 'apps/server');

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string', default: process.env.DATABASE_URL },
    port: { type: 'string', default: '8392' },
    concurrency: { type: 'string', default: '16' },
    requests: { type: 'string', default: '48' },
    /** Stop a measurement after this many seconds even if fewer requests were sent. */
    'max-seconds': { type: 'string', default: '30' },
    built: { type: 'boolean', default: false },
    explain: { type: 'string' },
    only: { type: 'string' },
    'skip-export': { type: 'boolean', default: false },
    /** Only the Excel export (no list measured before it): its time, RSS, and exceljs alone writing the same rows. */
    'export-only': { type: 'boolean', default: false },
    /** Time the keyset query shapes of README.md raw (no server): what the lists can reach. */
    shapes: { type: 'boolean', default: false },
  },
});

const DATABASE_URL = args['database-url'];
const PORT = Number(args.port);
const BASE = `http://127.0.0.1:${PORT}`;
const CONCURRENCY = Number(args.concurrency);
const REQUESTS = Number(args.requests);
const MAX_MS = Number(args['max-seconds']) * 1000;
const DEMO_PASSWORD = 'Demo.2026';
/** The server's pool size (pg.Pool's default, apps/server/src/db/client.ts). */
const SERVER_POOL_SIZE = 10;

// ---------------------------------------------------------------------------------------
// The server

interface Server {
  child: ChildProcess;
  sqlLog: string;
  base: string;
}

/**
 * The server, with the SQL log (`ATALAYA_SQL_LOG`, for capturing a list's statements) or, for
 * timing, without it (`{ sqlLog: false }`: the log's synchronous file writes are not the API's
 * cost), on `port`.
 */
async function startServer(logDir: string, options: { port?: number; sqlLog?: boolean } = {}): Promise<Server> {
  const { port = PORT, sqlLog: logging = true } = options;
  const base = `http://127.0.0.1:${port}`;
  const sqlLog = join(logDir, logging ? 'sql.jsonl' : 'unused.jsonl');
  await writeFile(sqlLog, '');
  const entry = args.built ? ['dist/main.js'] : ['--import', 'tsx', '--conditions=source', 'src/main.ts'];
  if (args.built && !existsSync(join(serverDir, 'dist/main.js'))) throw new Error('apps/server/dist/main.js is missing: run `npm run build` first');
  // LISTS_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof': Node options of the server (a profile).
  const nodeArgs = (process.env.LISTS_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, ...entry], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: DATABASE_URL ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ATALAYA_TRUST_PROXY: '127.0.0.1',
      ATALAYA_CAPTCHA_MAX_NUMBER: '1000',
      ...(logging ? { ATALAYA_SQL_LOG: sqlLog } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = createWriteStream(join(logDir, logging ? 'server.log' : `server-${port}.log`));
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  await waitForServer(base, child, join(logDir, logging ? 'server.log' : `server-${port}.log`));
  return { child, sqlLog, base };
}

async function stopServer(server: Server): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = once(server.child, 'exit');
  server.child.kill('SIGTERM');
  await exited;
}


/** Resident memory of a process (VmRSS) and its high-water mark (VmHWM), in MiB. */
async function memoryOf(pid: number): Promise<{ rss: number; hwm: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kib('VmRSS') / 1024, hwm: kib('VmHWM') / 1024 };
}

// ---------------------------------------------------------------------------------------
// HTTP


function captchaToken(): Promise<string> {
  return solveCaptcha(BASE);
}

async function login(email: string): Promise<string> {
  const response = await fetch(`${BASE}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'recaptcha-token': await captchaToken(), 'x-forwarded-for': randomIp() },
    body: new URLSearchParams({ grant_type: 'password', username: email, password: DEMO_PASSWORD }).toString(),
  });
  if (!response.ok) throw new Error(`login of ${email} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

interface Call {
  method: 'GET' | 'POST';
  url: string;
  body?: unknown;
}

async function send(token: string, call: Call, base = BASE): Promise<{ status: number; text: string }> {
  const response = await fetch(`${base}${call.url}`, {
    method: call.method,
    headers: { authorization: `Bearer ${token}`, ...(call.body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
  });
  return { status: response.status, text: await response.text() };
}

// ---------------------------------------------------------------------------------------
// The lists

type Page = 'first' | 'last';

interface Scenario {
  name: string;
  /** The request for a page; `pageCount` is the first page's PageCount (for the last page). */
  call(page: Page, pageCount: number): Call;
  /** A call that is not paged (a select's list): measured once, as 'first'. */
  single?: boolean;
}

const nul = 'null';
const seg = (value: string | number) => encodeURIComponent(String(value));

/** getWorkFlow with its nine path segments; `pageKey=last` (keyset) with the last page's number. */
function workFlow(name: string, params: { orderBy?: string; statusId?: number; idEr?: string; from?: string; to?: string; categoryId?: number; subGroupId?: number }): Scenario {
  return {
    name,
    call: (page, pageCount) => {
      const segments = [
        page === 'first' ? 1 : Math.max(1, pageCount),
        15,
        params.orderBy ?? 'FechaSolicitud DESC',
        params.statusId ?? nul,
        params.idEr ?? nul,
        params.from ?? nul,
        params.to ?? nul,
        params.categoryId ?? nul,
        params.subGroupId ?? nul,
      ];
      return { method: 'GET', url: `/api/getWorkFlow/${segments.map(seg).join('/')}${page === 'last' ? '?pageKey=last' : ''}` };
    },
  };
}

function simpleList(name: string, route: string, orderBy: string, extra: (string | number)[] = []): Scenario {
  return {
    name,
    call: (page, pageCount) => ({
      method: 'GET',
      url: `/api/${route}/${page === 'first' ? 1 : Math.max(1, pageCount)}/15/${seg(orderBy)}${extra.map((value) => `/${seg(value)}`).join('')}${page === 'last' ? '?pageKey=last' : ''}`,
    }),
  };
}

function search(name: string, filters: Record<string, unknown>): Scenario {
  return {
    name,
    call: (page, pageCount) => ({
      method: 'POST',
      url: '/api/getERByFilters',
      body: { ...filters, pageSize: 20, pageNumber: page === 'first' ? 1 : Math.max(1, pageCount), ...(page === 'last' ? { pageKey: 'last' } : {}) },
    }),
  };
}

/** A GET that a screen makes once, not paged (a select's options). */
function single(name: string, url: string): Scenario {
  return { name, single: true, call: () => ({ method: 'GET', url: `/api/${url}` }) };
}

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
const year = new Date().getUTCFullYear() - 1;

function scenarios(role: 'QPPV' | 'RLF', uruguayId: number): Scenario[] {
  const status = role === 'QPPV' ? 3 : 2;
  return [
    workFlow('getWorkFlow', {}),
    workFlow(`getWorkFlow status ${status}, FechaCreacion ASC`, { statusId: status, orderBy: 'FechaCreacion ASC' }),
    workFlow(`getWorkFlow idEr UY-${year}-00, NumeroReferencia ASC`, { idEr: `UY-${year}-00`, orderBy: 'NumeroReferencia ASC' }),
    workFlow('getWorkFlow from/to 60 days, Estado DESC', { from: day(90), to: day(30), orderBy: 'Estado DESC' }),
    workFlow('getWorkFlow sub-group 1, Pais ASC', { subGroupId: 1, orderBy: 'Pais ASC' }),
    simpleList('getWorkFlowInvert', 'getWorkFlowInvert', 'FechaSolicitud DESC'),
    simpleList('getReportHome', 'getReportHome', 'FechaCreacion DESC', [nul, nul, nul, nul, nul, nul]),
    simpleList('getReportHome status 1, UY', 'getReportHome', 'FechaCreacion DESC', [nul, nul, 1, 'UY', nul, nul]),
    // Tareas → 'Descartados' (issue 30).
    simpleList('getReportHome status 3 (Descartados)', 'getReportHome', 'FechaCreacion DESC', [nul, nul, 3, nul, nul, nul]),
    simpleList('getWFReportHome', 'getWFReportHome', 'FechaCreacion DESC'),
    search('getERByFilters (no filter)', {}),
    search('getERByFilters UY, status 7, Estado', { PaisId: uruguayId, EstadoId: 7, orderBy: 'FechaCreacion DESC' }),
    search(`getERByFilters IdEvento UY-${year}-0001`, { IdEvento: `UY-${year}-0001` }),
    search('getERByFilters modified in 30 days', { FechaModificacionDesde: day(30), FechaModificacionHasta: day(0) }),
    search('getERByFilters Pais ASC', { orderBy: 'Pais ASC' }),
    // The product search's 'Principio activo' of a country, and the 'Envíos E2B' tab's receivers (issues 29, 30).
    single('getPrincipioActivoByCountry UY', `getPrincipioActivoByCountry/${uruguayId}`),
    single('e2bReceiverList', 'e2bReceiverList'),
  ];
}

// ---------------------------------------------------------------------------------------
// Measuring

interface Statement {
  sql: string;
  params: unknown[];
}

/** The statements the server issued for one request sent alone. */
async function captureStatements(server: Server, token: string, call: Call): Promise<{ status: number; text: string; statements: Statement[] }> {
  await writeFile(server.sqlLog, '');
  const answer = await send(token, call);
  await sleep(50);
  const lines = (await readFile(server.sqlLog, 'utf8')).split('\n').filter(Boolean);
  return { ...answer, statements: lines.map((line) => JSON.parse(line) as Statement) };
}

/** Runs `task` REQUESTS times with CONCURRENCY in flight (or until MAX_MS); the durations in ms. */
async function measure(task: () => Promise<void>): Promise<number[]> {
  const durations: number[] = [];
  const started = Date.now();
  let sent = 0;
  const worker = async () => {
    while (sent < REQUESTS && Date.now() - started < MAX_MS) {
      sent += 1;
      const t0 = performance.now();
      await task();
      durations.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return durations;
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

const ms = (value: number) => (Number.isNaN(value) ? '-' : value >= 100 ? value.toFixed(0) : value.toFixed(1));

interface Row {
  user: string;
  list: string;
  page: Page;
  status: string;
  apiP50: number;
  apiP95: number;
  rawP50: number;
  rawP95: number;
  n: number;
  statements: number;
  /** The server process's CPU per API request during the measurement, ms. */
  serverCpu: number;
}

async function explain(pool: pg.Pool, statement: Statement, title: string): Promise<void> {
  if (!args.explain) return;
  const result = await pool.query(`explain (analyze, buffers) ${statement.sql}`, statement.params);
  const plan = result.rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n');
  await appendFile(args.explain, `\n### ${title}\n\n${statement.sql}\n${JSON.stringify(statement.params)}\n\n${plan}\n`);
}

async function benchList(server: Server, timed: Server, pool: pg.Pool, user: string, token: string, scenario: Scenario): Promise<Row[]> {
  const first = await captureStatements(server, token, scenario.call('first', 1));
  if (first.status === 404) return [{ user, list: scenario.name, page: 'first', status: 'absent', apiP50: NaN, apiP95: NaN, rawP50: NaN, rawP95: NaN, n: 0, statements: 0, serverCpu: NaN }];
  if (first.status !== 200) {
    return [{ user, list: scenario.name, page: 'first', status: `HTTP ${first.status}: ${first.text.slice(0, 80)}`, apiP50: NaN, apiP95: NaN, rawP50: NaN, rawP95: NaN, n: 0, statements: 0, serverCpu: NaN }];
  }
  const pageCount = Number((JSON.parse(first.text) as { PageCount?: number }).PageCount ?? 1);
  const rows: Row[] = [];
  for (const page of scenario.single ? (['first'] as const) : (['first', 'last'] as const)) {
    const call = scenario.call(page, pageCount);
    const captured = page === 'first' ? first : await captureStatements(server, token, call);
    if (captured.status !== 200) {
      rows.push({ user, list: scenario.name, page, status: `HTTP ${captured.status}`, apiP50: NaN, apiP95: NaN, rawP50: NaN, rawP95: NaN, n: 0, statements: 0, serverCpu: NaN });
      continue;
    }
    const pid = timed.child.pid ?? 0;
    const cpuBefore = await cpuSecondsOf(pid);
    const api = await measure(async () => {
      const answer = await send(token, call, timed.base);
      if (answer.status !== 200) throw new Error(`${call.url} answered ${answer.status}`);
    });
    const serverCpu = (((await cpuSecondsOf(pid)) - cpuBefore) * 1000) / api.length;
    const raw = await measure(async () => {
      for (const statement of captured.statements) await pool.query(statement.sql, statement.params);
    });
    rows.push({
      user,
      list: scenario.name,
      page,
      status: 'ok',
      apiP50: percentile(api, 50),
      apiP95: percentile(api, 95),
      rawP50: percentile(raw, 50),
      rawP95: percentile(raw, 95),
      n: api.length,
      statements: captured.statements.length,
      serverCpu,
    });
    if (args.explain) {
      // The plan of the statement that takes longest alone.
      let slowest: { statement: Statement; time: number } | null = null;
      for (const statement of captured.statements) {
        const t0 = performance.now();
        await pool.query(statement.sql, statement.params);
        const time = performance.now() - t0;
        if (!slowest || time > slowest.time) slowest = { statement, time };
      }
      if (slowest) await explain(pool, slowest.statement, `${user} ${scenario.name} (${page} page)`);
    }
  }
  return rows;
}

function printRows(rows: Row[]): void {
  console.log('\n| user | list | page | API p50 | API p95 | raw p50 | raw p95 | p95 ratio | requests | statements | server CPU ms/request |');
  console.log('| --- | --- | --- | --: | --: | --: | --: | --: | --: | --: | --: |');
  for (const row of rows) {
    if (row.status !== 'ok') {
      console.log(`| ${row.user} | ${row.list} | ${row.page} | ${row.status} | | | | | | | |`);
      continue;
    }
    console.log(
      `| ${row.user} | ${row.list} | ${row.page} | ${ms(row.apiP50)} | ${ms(row.apiP95)} | ${ms(row.rawP50)} | ${ms(row.rawP95)} | ${(row.apiP95 / row.rawP95).toFixed(2)} | ${row.n} | ${row.statements} | ${row.serverCpu.toFixed(2)} |`,
    );
  }
}

/** The Excel export of about 100,000 rows: time, size and the server's peak RSS. */
async function benchExport(server: Server, token: string, body: Record<string, unknown>): Promise<void> {
  const pid = server.child.pid;
  if (!pid) throw new Error('no server pid');
  const idle = await memoryOf(pid);
  const cpuBefore = await cpuSecondsOf(pid);
  let peak = idle.rss;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, (await memoryOf(pid)).rss);
      await sleep(25);
    }
  })();
  const t0 = performance.now();
  const response = await fetch(`${BASE}/api/exportERByFilters`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const chunks: Uint8Array[] = [];
  const reader = response.body?.getReader();
  for (;;) {
    const chunk = await reader?.read();
    if (!chunk || chunk.done) break;
    chunks.push(chunk.value);
  }
  const seconds = (performance.now() - t0) / 1000;
  sampling = false;
  await sampler;
  const after = await memoryOf(pid);
  const serverCpu = (await cpuSecondsOf(pid)) - cpuBefore;
  if (response.status === 404) {
    console.log('\nExcel export (exportERByFilters): absent');
    return;
  }
  const file = Buffer.concat(chunks);
  console.log(
    `\nExcel export (exportERByFilters ${JSON.stringify(body)}): HTTP ${response.status}, ${(file.byteLength / 1024 / 1024).toFixed(1)} MiB in ${seconds.toFixed(2)} s; ` +
      `server RSS idle ${idle.rss.toFixed(0)} MiB, peak ${Math.max(peak, after.hwm > idle.hwm ? after.hwm : 0).toFixed(0)} MiB (sampled ${peak.toFixed(0)}, VmHWM ${after.hwm.toFixed(0)}); ` +
      `server CPU ${serverCpu.toFixed(2)} s; load average ${(await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ')}`,
  );
  if (response.status !== 200) return;
  const alone = await exceljsAlone(file);
  console.log(
    `exceljs alone, the same ${alone.rows.toLocaleString('en')} rows (WorkbookWriter, no styles, no shared strings, into a discarding stream): ` +
      `${alone.seconds.toFixed(2)} s (CPU ${alone.cpuSeconds.toFixed(2)} s), ${(alone.bytes / 1024 / 1024).toFixed(1)} MiB; export / exceljs alone = ${(seconds / alone.seconds).toFixed(2)} ` +
      `(CPU: server / exceljs alone = ${(serverCpu / alone.cpuSeconds).toFixed(2)})`,
  );
}

/**
 * exceljs alone writing the rows of `file` (the export's sheet read back, header and closing
 * lines included) as the export writes them: streaming `WorkbookWriter`, no styles, no shared
 * strings, one `commit()` per row; timed from the first row to the end of the zip.
 */
async function exceljsAlone(file: Buffer): Promise<{ rows: number; seconds: number; cpuSeconds: number; bytes: number }> {
  const read = new ExcelJS.Workbook();
  await read.xlsx.load(file as unknown as ArrayBuffer);
  const source = read.worksheets[0];
  if (!source) throw new Error('no sheet in the export');
  const rows: string[][] = [];
  source.eachRow({ includeEmpty: true }, (row) => {
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    rows.push(values.map((value) => (value === null || value === undefined ? '' : String(value as string))));
  });
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.byteLength;
      done();
    },
  });
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(source.name);
  for (const row of rows) sheet.addRow(row).commit();
  sheet.commit();
  await workbook.commit();
  const cpu = process.cpuUsage(cpu0);
  return { rows: rows.length, seconds: (performance.now() - t0) / 1000, cpuSeconds: (cpu.user + cpu.system) / 1e6, bytes };
}

// ---------------------------------------------------------------------------------------
// --shapes: the keyset query shapes the 0009 indexes serve (README.md, list-shapes.sql), raw

/** A page of cases as the lists read it: the events columns with the country and sub-group names. */
const PAGE_COLUMNS = `e.id, e.meta, e.reference_number, e.status, e.updated_at, e.created_at, c.name as country, g.nombre as sub_group
  from events e join countries c on c.id = e.country_id join sub_groups g on g.id = e.sub_group_id`;

function unionPage(branches: string[], order: string): string {
  return `select * from (${branches.map((where) => `(select ${PAGE_COLUMNS} where ${where} order by ${order} limit 16)`).join(' union all ')}) p order by ${order.replace(/e\./g, '')} limit 16`;
}

async function benchShapes(pool: pg.Pool): Promise<void> {
  const one = async <T>(text: string, params: unknown[] = []) => (await pool.query(text, params)).rows[0] as T;
  const { qppv } = await one<{ qppv: string }>(`select id as qppv from users where email = 'qppv@demo.atalaya'`);
  const { rlf } = await one<{ rlf: string }>(`select id as rlf from users where email = 'rlf@demo.atalaya'`);
  const { uy } = await one<{ uy: number }>(`select id as uy from countries where code = 'UY'`);
  const { labs } = await one<{ labs: string }>(`select '{' || string_agg(id::text, ',') || '}' as labs from laboratories`);
  const key = await one<{ at: Date; id: string }>(`select updated_at as at, id from events where status = 3 order by updated_at desc, id desc offset 50000 limit 1`);
  const reach = `e.deleted_at is null and (e.created_by = $1 or (e.status <> 1 and e.laboratory_ids && $2::int[]))`;
  const qppvPending = (order: string, extra = '') => unionPage([`e.status = 1 and e.deleted_at is null and e.created_by = $1 ${extra}`, `e.status = 3 and ${reach} ${extra}`], order);
  const shapes: { name: string; sql: string; params: unknown[] }[] = [
    { name: 'QPPV pending (1 own, 3), FechaSolicitud DESC, first page', sql: qppvPending('e.updated_at desc, e.id desc'), params: [qppv, labs] },
    { name: 'QPPV pending, next page 50,000 rows deep', sql: qppvPending('e.updated_at desc, e.id desc', 'and (e.updated_at, e.id) < ($3, $4)'), params: [qppv, labs, key.at, key.id] },
    { name: 'QPPV pending, last page', sql: qppvPending('e.updated_at, e.id'), params: [qppv, labs] },
    {
      name: 'QPPV invert (2, 4, 5), FechaSolicitud DESC, first page',
      sql: unionPage([2, 4, 5].map((status) => `e.status = ${status} and ${reach}`), 'e.updated_at desc, e.id desc'),
      params: [qppv, labs],
    },
    { name: 'QPPV status 3, FechaCreacion ASC', sql: `select ${PAGE_COLUMNS} where e.status = 3 and ${reach} order by e.created_at, e.id limit 16`, params: [qppv, labs] },
    {
      name: 'QPPV reference prefix range, NumeroReferencia ASC',
      sql: `select ${PAGE_COLUMNS} where e.reference_number >= $3 and e.reference_number < $4 and ${reach} order by e.reference_number, e.id limit 16`,
      params: [qppv, labs, `UY-${year}-00`, `UY-${year}-01`],
    },
    { name: 'QPPV Estado DESC over (2, 4, 5)', sql: `select ${PAGE_COLUMNS} where e.status in (2, 4, 5) and ${reach} order by e.status desc, e.id desc limit 16`, params: [qppv, labs] },
    { name: 'QPPV search, no filter, first page', sql: `select ${PAGE_COLUMNS} where ${reach} order by e.updated_at desc, e.id desc limit 21`, params: [qppv, labs] },
    { name: 'QPPV search, no filter, last page', sql: `select ${PAGE_COLUMNS} where ${reach} order by e.updated_at, e.id limit 21`, params: [qppv, labs] },
    {
      name: 'QPPV search, UY + status 7, last page',
      sql: `select ${PAGE_COLUMNS} where e.country_id = $3 and e.status = 7 and ${reach} order by e.updated_at, e.id limit 21`,
      params: [qppv, labs, uy],
    },
    {
      name: 'QPPV bounded total of status 3 (≤ 10,001)',
      sql: `select count(*) from (select 1 from events e where e.status = 3 and ${reach} limit 10001) t`,
      params: [qppv, labs],
    },
    {
      name: 'RLF pending (1, 2, 4 of UY), first page',
      sql: unionPage([1, 2, 4].map((status) => `e.country_id = $1 and e.status = ${status} and e.deleted_at is null`), 'e.updated_at desc, e.id desc'),
      params: [uy],
    },
    {
      name: 'RLF pending, caseReach OR (creator or UY), last page',
      sql: unionPage([1, 2, 4].map((status) => `e.status = ${status} and e.deleted_at is null and (e.created_by = $1 or e.country_id = $2)`), 'e.updated_at, e.id'),
      params: [rlf, uy],
    },
    { name: 'Inbox, FechaCreacion DESC, first page', sql: `select id, reference, created_at from home_reports where entered_event_id is null order by created_at desc, id desc limit 16`, params: [] },
    { name: 'Inbox, last page', sql: `select id, reference, created_at from home_reports where entered_event_id is null order by created_at, id limit 16`, params: [] },
    {
      name: 'Inbox of UY, statuses 1 and 2, first page',
      sql: `select id, reference, created_at from home_reports where entered_event_id is null and country_id = $1 and status in (1, 2) order by created_at desc, id desc limit 16`,
      params: [uy],
    },
  ];
  console.log(`\n| shape (raw, ${CONCURRENCY} concurrent, pool ${SERVER_POOL_SIZE}) | p50 ms | p95 ms | requests |`);
  console.log('| --- | --: | --: | --: |');
  for (const shape of shapes) {
    await pool.query(shape.sql, shape.params);
    const durations = await measure(async () => {
      await pool.query(shape.sql, shape.params);
    });
    console.log(`| ${shape.name} | ${ms(percentile(durations, 50))} | ${ms(percentile(durations, 95))} | ${durations.length} |`);
  }
}

async function main(): Promise<void> {
  if (!DATABASE_URL) throw new Error('DATABASE_URL (or --database-url): the PostgreSQL database generate.ts filled');
  if (args.shapes) {
    const shapesPool = new pg.Pool({ connectionString: DATABASE_URL, options: '-c jit=off', max: SERVER_POOL_SIZE });
    try {
      await benchShapes(shapesPool);
    } finally {
      await shapesPool.end();
    }
    return;
  }
  const logDir = await mkdtemp(join(tmpdir(), 'atalaya-lists-bench-'));
  if (args.explain) await writeFile(args.explain, `# EXPLAIN (ANALYZE, BUFFERS) of the slowest statement of each list, ${new Date().toISOString()}\n`);
  const pool = new pg.Pool({ connectionString: DATABASE_URL, options: '-c jit=off', max: SERVER_POOL_SIZE });
  const counts = await pool.query<{ events: string; inbox: string; uy: number }>(
    `select (select count(*) from events) as events,
            (select count(*) from home_reports where entered_event_id is null) as inbox,
            (select id from countries where code = 'UY') as uy`,
  );
  const info = counts.rows[0];
  if (!info) throw new Error('no counts');
  console.log(`${info.events} cases, ${info.inbox} incoming reports in the inbox; ${CONCURRENCY} concurrent requests, ${REQUESTS} per measurement (or ${MAX_MS / 1000} s)`);
  const server = await startServer(logDir);
  // The lists are timed on a second server without the SQL log (port + 1).
  const timed = args['export-only'] ? server : await startServer(logDir, { port: PORT + 1, sqlLog: false });
  const rows: Row[] = [];
  try {
    for (const [user, role] of [
      ['qppv@demo.atalaya', 'QPPV'],
      ['rlf@demo.atalaya', 'RLF'],
    ] as const) {
      const token = await login(user);
      for (const scenario of scenarios(role, info.uy)) {
        if (args['export-only']) break;
        if (args.only && !scenario.name.includes(args.only)) continue;
        const found = await benchList(server, timed, pool, role, token, scenario);
        rows.push(...found);
        for (const row of found) {
          console.log(`${role} ${row.list} (${row.page}): ${row.status === 'ok' ? `API p50 ${ms(row.apiP50)} p95 ${ms(row.apiP95)} ms, raw p50 ${ms(row.rawP50)} p95 ${ms(row.rawP95)} ms` : row.status}`);
        }
      }
    }
    if (!args['export-only']) printRows(rows);
    if (!args['skip-export']) {
      const token = await login('qppv@demo.atalaya');
      // About 110 days of cases: ~100,000 of a million spread over three years.
      await benchExport(server, token, { FechaCreacionDesde: day(200), FechaCreacionHasta: day(91) });
    }
  } finally {
    await stopServer(server);
    if (timed !== server) await stopServer(timed);
    await pool.end();
  }
  console.log(`\nserver log and SQL log: ${logDir}${args.explain ? `; plans: ${args.explain}` : ''}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
