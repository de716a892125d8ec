/**
 * Every call the screens make (issue 33 §6): the reads of Tareas, the search, a case's view,
 * Indicadores, No-KPI, the MedDRA typeahead, Señales and its register, Duplicados, the audit
 * trail, Descartados, the E2B receivers, the app frame and the public site, as the demo QPPV
 * (every laboratory), the demo RLF (Uruguay) and the public (signed out); the first and the last
 * page where the list is paged; one at a time or 16 in flight. Each call's p50/p95 through the
 * server, the same SQL run raw through `pg` (p50/p95 and the p95 ratio), and the CPU per request
 * of the server process and of the database backends. One markdown table; a call whose p95 one
 * at a time exceeds 25 ms (10 ms for the typeahead) is marked.
 *
 *   npm run build -w apps/server                  # with --built (closest to production)
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/atalaya_bench npm run bench:calls -w bench -- --built --concurrency 1
 *   … -- --concurrency 16 --requests 48 --only 'getWorkFlow|signals' --role qppv,rlf
 *
 * Only HTTP and `pg`: no server module is imported. Two servers run as processes on the
 * database: one with `ATALAYA_SQL_LOG` (apps/server/src/db/client.ts), where each call is sent
 * once to warm it and once alone to capture the statements it issues, and one without the log,
 * which is timed after `--warmup` requests (60: its connections' plans settled, `WARMUP`). The
 * raw replay sends the captured statements with their parameters, in order, on one connection
 * of a `pg` pool of the server's size (10), at the same concurrency.
 * `shared_preload_libraries` has no pg_stat_statements on this PostgreSQL, so the database CPU is
 * read from /proc: utime + stime of the backends whose `application_name` is the timed server's
 * (PGAPPNAME), from pg_stat_activity, before and after (a backend that ends in between is lost:
 * an underestimate). A call whose captured statements write (insert, update, delete…) is reported and not timed
 * (its warm-up and capture have then written once each). So on the shared million the run writes
 * what sign-in writes, and the servers' own timers what they write on any start.
 * Run by hand; never a timed test. Linux only (/proc).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { cpuSecondsOf, randomIp, sleep, solveCaptcha, waitForServer } from './support/server.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const serverDir = resolve(root, 'apps/server');

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string', default: process.env.DATABASE_URL },
    port: { type: 'string', default: '8394' },
    concurrency: { type: 'string', default: '1' },
    requests: { type: 'string', default: '40' },
    /** Stop a measurement after this many seconds even if fewer requests were sent. */
    'max-seconds': { type: 'string', default: '15' },
    built: { type: 'boolean', default: false },
    /** A regular expression on the call's name ('getWorkFlow|signals'). */
    only: { type: 'string' },
    /** qppv, rlf, public, or a comma list of them. */
    role: { type: 'string', default: 'qppv,rlf,public' },
    /** Skip the raw replay (API figures only). */
    'no-raw': { type: 'boolean', default: false },
    /**
     * Requests sent to the timed server, and statement runs to the replay's connections, before
     * each call is timed (the steady state, below).
     */
    warmup: { type: 'string', default: '60' },
  },
});

const DATABASE_URL = args['database-url'];
const PORT = Number(args.port);
const CONCURRENCY = Number(args.concurrency);
const REQUESTS = Number(args.requests);
const MAX_MS = Number(args['max-seconds']) * 1000;
/**
 * The steady state of a server in use: each of its pool's connections plans a named statement
 * for its values at its first five runs (a custom plan, PostgreSQL's plan cache) before it keeps
 * the generic plan. A call whose reads run side by side reaches every connection, so its first
 * ~pool size × 6 requests after a start pay those plans: with one warm-up request they were the
 * p95 of the first role timed (the QPPV's view of a case 24.2 ms first, 17.3 after the RLF's).
 */
const WARMUP = Number(args.warmup);
const ONLY = args.only ? new RegExp(args.only, 'i') : null;
const DEMO_PASSWORD = 'Demo.2026';
/** The server's pool size (pg.Pool's default, apps/server/src/db/client.ts). */
const SERVER_POOL_SIZE = 10;
const TIMED_APP = 'atalaya-bench-calls-timed';
const RAW_APP = 'atalaya-bench-calls-raw';
/** The thresholds of issue 33 §6, one request at a time. */
const LIMIT_MS = 25;
const TYPEAHEAD_LIMIT_MS = 10;

type Role = 'QPPV' | 'RLF' | 'public';
const ROLES: Record<string, Role> = { qppv: 'QPPV', rlf: 'RLF', public: 'public' };
const USERS: Record<Exclude<Role, 'public'>, string> = { QPPV: 'qppv@demo.atalaya', RLF: 'rlf@demo.atalaya' };

// ---------------------------------------------------------------------------------------
// The servers

interface Server {
  child: ChildProcess;
  base: string;
  sqlLog: string | null;
}

async function startServer(logDir: string, port: number, sqlLog: boolean): Promise<Server> {
  const base = `http://127.0.0.1:${port}`;
  const logPath = sqlLog ? join(logDir, 'sql.jsonl') : null;
  if (logPath) await writeFile(logPath, '');
  // ATALAYA_BENCH_SERVER_PROFILE=DIR: the timed server writes a V8 CPU profile there when stopped (node --cpu-prof).
  const profile = !sqlLog && process.env.ATALAYA_BENCH_SERVER_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.ATALAYA_BENCH_SERVER_PROFILE}`] : [];
  const entry = [...profile, ...(args.built ? ['dist/main.js'] : ['--import', 'tsx', '--conditions=source', 'src/main.ts'])];
  if (args.built && !existsSync(join(serverDir, 'dist/main.js'))) throw new Error('apps/server/dist/main.js is missing: run `npm run build -w apps/server` first');
  const child = spawn(process.execPath, entry, {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: DATABASE_URL ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ATALAYA_TRUST_PROXY: '127.0.0.1',
      ATALAYA_CAPTCHA_MAX_NUMBER: '1000',
      // node-pg names its connections after PGAPPNAME: the timed server's backends are found by it.
      PGAPPNAME: sqlLog ? 'atalaya-bench-calls-capture' : TIMED_APP,
      ...(logPath ? { ATALAYA_SQL_LOG: logPath } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const file = join(logDir, `server-${port}.log`);
  const log = createWriteStream(file);
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  await waitForServer(base, child, file);
  return { child, base, sqlLog: logPath };
}

async function stopServer(server: Server): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = once(server.child, 'exit');
  server.child.kill('SIGTERM');
  await exited;
}

// ---------------------------------------------------------------------------------------
// HTTP

interface Call {
  method: 'GET' | 'POST';
  url: string;
  body?: unknown;
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

/** One request; a random forwarded address so the per-address limits of the public calls do not answer 429. */
async function send(base: string, token: string | null, call: Call): Promise<{ status: number; text: string }> {
  const headers: Record<string, string> = { 'x-forwarded-for': randomIp() };
  if (token) headers.authorization = `Bearer ${token}`;
  if (call.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${base}/api/${call.url}`, {
    method: call.method,
    headers,
    ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
  });
  return { status: response.status, text: await response.text() };
}

// ---------------------------------------------------------------------------------------
// The calls

type Page = 'first' | 'last';

interface Scenario {
  name: string;
  /** The request of a page; `pageCount` is the first page's PageCount (for the last page). */
  call(page: Page, pageCount: number): Call;
  /** Paged with `pageKey=last` (a query parameter on GET, a body field on POST): measured at both ends. */
  paged?: boolean;
  typeahead?: boolean;
}

const nul = 'null';
const seg = (value: string | number) => encodeURIComponent(String(value));
const get = (name: string, url: string, extra: Partial<Scenario> = {}): Scenario => ({ name, call: () => ({ method: 'GET', url }), ...extra });
const post = (name: string, url: string, body: unknown): Scenario => ({ name, call: () => ({ method: 'POST', url, body }) });

/** A GET list with the page in its path (`{route}/{page}/15/{orderBy}/…`) and `?pageKey=last` for the last page. */
function pathList(name: string, route: string, orderBy: string, extra: (string | number)[] = []): Scenario {
  return {
    name,
    paged: true,
    call: (page, pageCount) => ({
      method: 'GET',
      url: `${route}/${page === 'first' ? 1 : Math.max(1, pageCount)}/15/${seg(orderBy)}${extra.map((value) => `/${seg(value)}`).join('')}${page === 'last' ? '?pageKey=last' : ''}`,
    }),
  };
}

/** A POST list with `pageNumber` and `pageKey: 'last'` in its body. */
function bodyList(name: string, url: string, body: Record<string, unknown>): Scenario {
  return {
    name,
    paged: true,
    call: (page, pageCount) => ({
      method: 'POST',
      url,
      body: { ...body, pageNumber: page === 'first' ? 1 : Math.max(1, pageCount), ...(page === 'last' ? { pageKey: 'last' } : {}) },
    }),
  };
}

const TYPEAHEAD_TERMS = ['dolor', 'ab', 'cef'];

function publicCalls(): Scenario[] {
  return [
    get('captcha', 'captcha'),
    get('getCodiguerasHome', 'getCodiguerasHome'),
    get('getCompaniesHome', 'getCompaniesHome'),
    get('getProductsHomeByCountry UY', 'getProductsHomeByCountry/UY'),
    ...TYPEAHEAD_TERMS.map((term) => get(`getMedDRALLT/${term}`, `getMedDRALLT/${seg(term)}`, { typeahead: true })),
  ];
}

/** What the screens read, found with the user's own calls (a case, an incoming report, a filter's ids). */
interface Subjects {
  uruguayId: number;
  meta: string | null;
  /** A case in reach entered from an incoming report (the case view's 'Origen' reads it). */
  homeMeta: string | null;
  reference: string | null;
  homeReportId: string | null;
  productId: number | null;
  laboratoryId: number | null;
  ingredientId: number | null;
  signalIngredient: number | null;
  signalSoc: number | null;
  noKpiLastKey: string | null;
}

function signedInCalls(s: Subjects): Scenario[] {
  const calls: Scenario[] = [
    // App frame
    get('getContext', 'getContext'),
    get('getERNew (Crear evento)', 'getERNew'),
    // Tareas (docs/api.md 'Tasks'): the three lists of the screen, Descartados, the summary modal.
    pathList('getWorkFlow', 'getWorkFlow', 'FechaSolicitud DESC', [nul, nul, nul, nul, nul, nul]),
    pathList('getWorkFlowInvert', 'getWorkFlowInvert', 'FechaSolicitud DESC'),
    pathList('getWFReportHome', 'getWFReportHome', 'FechaCreacion DESC'),
    pathList('getReportHome', 'getReportHome', 'FechaCreacion DESC', [nul, nul, nul, nul, nul, nul]),
    pathList('getReportHome status 3 (Descartados)', 'getReportHome', 'FechaCreacion DESC', [nul, nul, 3, nul, nul, nul]),
    ...(s.homeReportId
      ? [
          get('getEventoDeHomeById (summary modal)', `getEventoDeHomeById/${seg(s.homeReportId)}`),
          get('getDuplicateCandidatesByHomeReport', `getDuplicateCandidatesByHomeReport/${seg(s.homeReportId)}`),
        ]
      : []),
    // Búsqueda de eventos / de productos: the filters and the results.
    get('getFilters', 'getFilters'),
    get('getMyUser', 'getMyUser'),
    get('getlaboraotriesByCountry UY', `getlaboraotriesByCountry/${s.uruguayId}`),
    get('getPrincipioActivoByCountry UY', `getPrincipioActivoByCountry/${s.uruguayId}`),
    ...(s.laboratoryId === null ? [] : [get('getProductFiltersByLabId', `getProductFiltersByLabId/${s.laboratoryId}`)]),
    bodyList('getERByFilters (no filter)', 'getERByFilters', { pageSize: 20 }),
    ...(s.productId === null ? [] : [bodyList('getERByFilters ProductoId', 'getERByFilters', { pageSize: 20, ProductoId: s.productId })]),
    ...(s.laboratoryId === null ? [] : [bodyList('getERByFilters LaboratorioId', 'getERByFilters', { pageSize: 20, LaboratorioId: s.laboratoryId })]),
    ...(s.ingredientId === null ? [] : [bodyList('getERByFilters PrincipioActivoId', 'getERByFilters', { pageSize: 20, PrincipioActivoId: s.ingredientId })]),
    // Indicadores: the filters, the cards and the three charts, all countries and Uruguay.
    get('filtercountryindicators', 'filtercountryindicators'),
    get('filterlabindicators UY', 'filterlabindicators?pais=UY'),
    ...['getIndicatorsValuesPanel', 'getIndicatorsEventsStatus', 'getIndicatorsEventsAges', 'getIndicatorsEventsTypeGroup'].flatMap((call) => [
      get(call, call),
      get(`${call} UY`, `${call}?pais=UY`),
    ]),
    // Eventos que no cumplen KPI: the card with its first page, a country, the next page.
    post('getNoKpiMetrics (card + first page)', 'getNoKpiMetrics', { pais: null }),
    post('getNoKpiMetrics UY', 'getNoKpiMetrics', { firstselect: 'UY' }),
    get('getNoKpiCountries', 'getNoKpiCountries'),
    ...(s.noKpiLastKey ? [get('getEventsNoKpi next page', `getEventsNoKpi?page=2&pageKey=${seg(`after:${s.noKpiLastKey}`)}`)] : []),
    // The MedDRA typeahead (wizard, RAM dialog).
    ...TYPEAHEAD_TERMS.map((term) => get(`getMedDRALLT/${term}`, `getMedDRALLT/${seg(term)}`, { typeahead: true })),
    // Señales: the options, the table whole and filtered, the register.
    get('signals/options', 'signals/options'),
    get('signals (whole table)', 'signals?limite=100'),
    ...(s.signalIngredient === null ? [] : [get('signals principio', `signals?limite=100&principio=${s.signalIngredient}`)]),
    ...(s.signalSoc === null ? [] : [get('signals soc', `signals?limite=100&soc=${s.signalSoc}`)]),
    get('signal-register (list)', 'signal-register?limite=25'),
    get('signal-register/responsibles', 'signal-register/responsibles'),
    // Duplicados.
    get('getDuplicatePairs', 'getDuplicatePairs'),
    get('getDuplicateScan', 'getDuplicateScan'),
    // Auditoría (ADMIN and QPPV): the Evento Reportable panel and the three logs.
    bodyList('getERHistoryByMeta (audit, every case)', 'getERHistoryByMeta', { pageSize: 10, orderBy: 'Date DESC' }),
    bodyList('getAuditUsers', 'getAuditUsers', {}),
    bodyList('getAuditConfig', 'getAuditConfig', {}),
    bodyList('getAuditParameters', 'getAuditParameters', {}),
    // Configuración → Receptores E2B; the case view's receiver select.
    get('e2bReceiverList', 'e2bReceiverList'),
  ];
  if (s.meta) {
    const m = seg(s.meta);
    // Opening a case (`/reportableEvent/{meta}/view`, and the wizard's reads of it).
    calls.push(
      // The one read the view opens with (issue 33 §2): header, actions and the Detalle tab.
      get('case: open', `getERViewByMeta/${m}`),
      get('case: getCodiguerasBasic', 'getCodiguerasBasic'),
      get('case: getERByMeta', `getERByMeta/${m}`),
      get('case: getActionsERByMeta', `getActionsERByMeta/${m}`),
      get('case: getPacienteByERMeta', `getPacienteByERMeta/${m}`),
      get('case: getOriginReportByMeta', `getOriginReportByMeta/${m}`),
      get('case: getProductsRelationsByMeta', `getProductsRelationsByMeta/${m}`),
      get('case: getRAMByMeta', `getRAMByMeta/${m}`),
      get('case: MedicamentoAnteriorByMeta', `MedicamentoAnteriorByMeta/${m}`),
      get('case: getContactoMedicoByMeta', `getContactoMedicoByMeta/${m}`),
      get('case: getDocsAndNotesByMeta', `getDocsAndNotesByMeta/${m}`),
      get('case: getERWhoReportByMeta', `getERWhoReportByMeta/${m}`),
      get('case: getProductsCountryByMeta', `getProductsCountryByMeta/${m}`),
      ...(s.homeMeta ? [get(`case: getEventoDeHomeByMeta${s.homeMeta === s.meta ? '' : ' (another case, entered from a report)'}`, `getEventoDeHomeByMeta/${seg(s.homeMeta)}`)] : []),
      post('case: getERHistoryByMeta (Operaciones)', 'getERHistoryByMeta', { meta: s.meta, pageNumber: 1, pageSize: 10, orderBy: 'Date DESC' }),
      get('case: listERPDF', `listERPDF/${m}`),
      get('case: getImputEvaluationByMeta', `getImputEvaluationByMeta/${m}`),
      get('case: getWhoUmcByMeta', `getWhoUmcByMeta/${m}`),
      get('case: getApprovedFabricByMeta', `getApprovedFabricByMeta/${m}`),
      get('case: getERCommentsByMeta', `getERCommentsByMeta/${m}`),
      get('case: getERFollowUpByMeta', `getERFollowUpByMeta/${m}`),
      get('case: getDuplicateCandidatesByMeta', `getDuplicateCandidatesByMeta/${m}`),
      get('case: listE2B', `listE2B/${m}`),
    );
    if (s.reference) calls.push(get('case: getFollowUpEventsByReference', `getFollowUpEventsByReference/${seg(s.reference)}`));
  }
  return calls;
}

/** The subjects of a role's calls, read through its own calls (a case it reaches, its inbox) and, for ids of a case's medicines, pg. */
async function findSubjects(base: string, token: string, pool: pg.Pool, uruguayId: number): Promise<Subjects> {
  const json = async <T>(call: Call): Promise<T | null> => {
    const answer = await send(base, token, call);
    return answer.status === 200 ? (JSON.parse(answer.text) as T) : null;
  };
  type Rows<T> = { Result?: T[] };
  const cases = await json<Rows<{ Meta: string; NumeroReferencia: string }>>({ method: 'POST', url: 'getERByFilters', body: { pageSize: 20 } });
  // The case opened: of the search's first page, the first entered from an incoming report (its view then reads that report too).
  const page = cases?.Result ?? [];
  const fromReport = await pool.query<{ meta: string }>('select meta from events where meta = any($1) and home_report_id is not null', [page.map((row) => row.Meta)]);
  const first = page.find((row) => fromReport.rows.some((found) => found.meta === row.Meta)) ?? page[0] ?? null;
  // generate.ts links an incoming report to its case by home_reports.entered_event_id only (events.home_report_id is null):
  // for getEventoDeHomeByMeta, the newest case in reach that has events.home_report_id, if any.
  let homeMeta: string | null = fromReport.rows.length > 0 ? (first?.Meta ?? null) : null;
  if (!homeMeta) {
    const linked = await pool.query<{ meta: string }>('select meta from events where home_report_id is not null and deleted_at is null order by updated_at desc limit 50');
    for (const { meta } of linked.rows) {
      if ((await send(base, token, { method: 'GET', url: `getERByMeta/${seg(meta)}` })).status === 200) {
        homeMeta = meta;
        break;
      }
    }
  }
  const inbox = await json<Rows<{ Id: string }>>({ method: 'GET', url: `getWFReportHome/1/15/${seg('FechaCreacion DESC')}` });
  const options = await json<{ Principios: { Id: number }[]; Socs: { Id: number }[] }>({ method: 'GET', url: 'signals/options' });
  const noKpi = await json<{ LastKey: string | null }>({ method: 'POST', url: 'getNoKpiMetrics', body: { pais: null } });
  // The product, laboratory and active ingredient of the first medicine of the first case in reach.
  let productId: number | null = null;
  let laboratoryId: number | null = null;
  let ingredientId: number | null = null;
  if (first) {
    const found = await pool.query<{ product_id: number | null; laboratory_id: number | null; ingredient_id: number | null }>(
      `select m.product_id, m.laboratory_id, (select i.active_ingredient_id from event_medication_ingredients i where i.event_medication_id = m.id limit 1) as ingredient_id
         from event_medications m join events e on e.id = m.event_id where e.meta = $1 order by m.id limit 1`,
      [first.Meta],
    );
    const row = found.rows[0];
    productId = row?.product_id ?? null;
    laboratoryId = row?.laboratory_id ?? null;
    ingredientId = row?.ingredient_id ?? null;
  }
  return {
    uruguayId,
    meta: first?.Meta ?? null,
    homeMeta,
    reference: first?.NumeroReferencia ?? null,
    homeReportId: inbox?.Result?.[0]?.Id ?? null,
    productId,
    laboratoryId,
    ingredientId,
    signalIngredient: options?.Principios[0]?.Id ?? null,
    signalSoc: options?.Socs[0]?.Id ?? null,
    noKpiLastKey: noKpi?.LastKey ?? null,
  };
}

// ---------------------------------------------------------------------------------------
// Measuring

interface Statement {
  sql: string;
  params: unknown[];
}

const WRITE = /^\s*(insert|update|delete|merge|truncate|create|drop|alter|copy)\b|^\s*with\b[\s\S]*\b(insert\s+into|update\s+\w+\s+set|delete\s+from)\b/i;

/**
 * Statements of the server's own timers, not of a request: the import queue's claim
 * (modules/imports/store.ts), polled every few seconds, which keeps logging while an import row
 * of another process waits on the same database.
 */
const SERVER_TIMERS = /^\s*update imports i set status = 'D'/i;

/** Sends `call` once to warm it, then once alone on the logging server: the statements of that request. */
async function capture(server: Server, token: string | null, call: Call): Promise<{ status: number; text: string; statements: Statement[] }> {
  const logPath = server.sqlLog;
  if (!logPath) throw new Error('not the logging server');
  await send(server.base, token, call);
  await sleep(20);
  await writeFile(logPath, '');
  const answer = await send(server.base, token, call);
  await sleep(50);
  const lines = (await readFile(logPath, 'utf8')).split('\n').filter(Boolean);
  const statements = lines.map((line) => JSON.parse(line) as Statement).filter((statement) => !SERVER_TIMERS.test(statement.sql));
  return { ...answer, statements };
}

/**
 * `capture`, again (up to three times) while the statements logged hold a write: the server's
 * own timers (the import queue's claim, the deadline sweep) log into the same file, so a write
 * counts as the call's only when every capture has one.
 */
async function captureAlone(server: Server, token: string | null, call: Call): Promise<Awaited<ReturnType<typeof capture>>> {
  let captured = await capture(server, token, call);
  for (let attempt = 1; attempt < 3 && captured.statements.some((statement) => WRITE.test(statement.sql)); attempt += 1) {
    await sleep(200);
    captured = await capture(server, token, call);
  }
  return captured;
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

/** CPU seconds of the database backends named `application`, by pid (from pg_stat_activity and /proc). */
async function backendCpu(pool: pg.Pool, application: string): Promise<Map<number, number>> {
  const { rows } = await pool.query<{ pid: number }>('select pid from pg_stat_activity where application_name = $1 and datname = current_database()', [application]);
  const cpu = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      cpu.set(pid, await cpuSecondsOf(pid));
    } catch {
      // not on this machine, or ended
    }
  }
  return cpu;
}

/** The CPU the backends used between two readings, ms (a backend new in `after` counts whole). */
function cpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let seconds = 0;
  for (const [pid, value] of after) seconds += value - (before.get(pid) ?? 0);
  return seconds * 1000;
}

interface Row {
  role: Role;
  call: string;
  page: Page | '';
  typeahead: boolean;
  /** 'ok', or why the call is not timed. */
  status: string;
  p50: number;
  p95: number;
  rawP50: number;
  rawP95: number;
  /** Why there is no raw figure. */
  rawNote: string;
  n: number;
  statements: number;
  serverCpu: number;
  dbCpu: number;
  rawDbCpu: number;
}

const blank = { p50: NaN, p95: NaN, rawP50: NaN, rawP95: NaN, rawNote: '', n: 0, statements: 0, serverCpu: NaN, dbCpu: NaN, rawDbCpu: NaN };

async function replay(client: pg.PoolClient, statements: Statement[]): Promise<void> {
  for (const statement of statements) await client.query(statement.sql, statement.params);
}

async function benchCall(logging: Server, timed: Server, pool: pg.Pool, role: Role, tokens: { logging: string | null; timed: string | null }, scenario: Scenario): Promise<Row[]> {
  const base = { role, call: scenario.name, typeahead: scenario.typeahead ?? false };
  const firstCall = scenario.call('first', 1);
  const first = await captureAlone(logging, tokens.logging, firstCall);
  if (first.status !== 200) {
    const why = first.status === 403 ? '403: not this role’s screen' : first.status === 404 ? `404: ${first.text.slice(0, 60)}` : `HTTP ${first.status}: ${first.text.slice(0, 60)}`;
    return [{ ...base, ...blank, page: scenario.paged ? 'first' : '', status: why }];
  }
  const pageCount = Number((JSON.parse(first.text) as { PageCount?: number } | null)?.PageCount ?? 1);
  const rows: Row[] = [];
  for (const page of scenario.paged ? (['first', 'last'] as const) : (['first'] as const)) {
    const call = page === 'first' ? firstCall : scenario.call(page, pageCount);
    const captured = page === 'first' ? first : await captureAlone(logging, tokens.logging, call);
    const label = scenario.paged ? page : '';
    if (captured.status !== 200) {
      rows.push({ ...base, ...blank, page: label, status: `HTTP ${captured.status}: ${captured.text.slice(0, 60)}` });
      continue;
    }
    const writes = captured.statements.filter((statement) => WRITE.test(statement.sql));
    if (writes.length > 0) {
      rows.push({ ...base, ...blank, page: label, status: `writes (${writes[0]?.sql.slice(0, 40)}…): not timed` });
      continue;
    }
    // Warm the timed server's path and its connections' plans (WARMUP), then time it.
    for (let sent = 0; sent < Math.max(1, WARMUP); sent += 1) {
      const warm = await send(timed.base, tokens.timed, call);
      if (warm.status !== 200) throw new Error(`${call.url} answered ${warm.status} on the timed server: ${warm.text.slice(0, 200)}`);
    }
    const pid = timed.child.pid ?? 0;
    const cpuBefore = await cpuSecondsOf(pid);
    const dbBefore = await backendCpu(pool, TIMED_APP);
    const api = await measure(async () => {
      const answer = await send(timed.base, tokens.timed, call);
      if (answer.status !== 200) throw new Error(`${call.url} answered ${answer.status}`);
    });
    const dbAfter = await backendCpu(pool, TIMED_APP);
    const serverCpu = (((await cpuSecondsOf(pid)) - cpuBefore) * 1000) / api.length;
    const dbCpu = cpuBetween(dbBefore, dbAfter) / api.length;
    let raw: number[] = [];
    let rawNote = '';
    let rawDbCpu = NaN;
    if (args['no-raw']) rawNote = 'not run (--no-raw)';
    else if (captured.statements.length === 0) rawNote = 'no SQL (answered from memory)';
    else {
      try {
        const rawBefore = await backendCpu(pool, RAW_APP);
        // The replay's statements are unnamed (planned at each run): one run warms the connection's catalog.
        const client = await pool.connect();
        try {
          await replay(client, captured.statements);
        } finally {
          client.release();
        }
        raw = await measure(async () => {
          const replayClient = await pool.connect();
          try {
            await replay(replayClient, captured.statements);
          } finally {
            replayClient.release();
          }
        });
        rawDbCpu = cpuBetween(rawBefore, await backendCpu(pool, RAW_APP)) / (raw.length + 1);
      } catch (error) {
        rawNote = `replay failed: ${(error instanceof Error ? error.message : String(error)).slice(0, 60)}`;
        raw = [];
      }
    }
    rows.push({
      ...base,
      page: label,
      status: 'ok',
      p50: percentile(api, 50),
      p95: percentile(api, 95),
      rawP50: percentile(raw, 50),
      rawP95: percentile(raw, 95),
      rawNote,
      n: api.length,
      statements: captured.statements.length,
      serverCpu,
      dbCpu,
      rawDbCpu,
    });
  }
  return rows;
}

const ms = (value: number) => (Number.isNaN(value) ? '—' : value >= 100 ? value.toFixed(0) : value.toFixed(1));

function over(row: Row): boolean {
  return CONCURRENCY === 1 && row.status === 'ok' && row.p95 > (row.typeahead ? TYPEAHEAD_LIMIT_MS : LIMIT_MS);
}

function printTable(rows: Row[]): void {
  console.log(
    `\n| role | call | page | p50 ms | p95 ms | raw p50 / p95 ms | p95 ratio | server CPU ms/req | DB CPU ms/req (API / raw) | statements | requests |`,
  );
  console.log('| --- | --- | --- | --: | --: | --: | --: | --: | --: | --: | --: |');
  for (const row of rows) {
    if (row.status !== 'ok') {
      console.log(`| ${row.role} | ${row.call} | ${row.page} | ${row.status} | | | | | | | |`);
      continue;
    }
    const mark = over(row) ? ` **⚠ > ${row.typeahead ? TYPEAHEAD_LIMIT_MS : LIMIT_MS}**` : '';
    const raw = Number.isNaN(row.rawP95) ? `— (${row.rawNote})` : `${ms(row.rawP50)} / ${ms(row.rawP95)}`;
    const ratio = Number.isNaN(row.rawP95) ? '—' : (row.p95 / row.rawP95).toFixed(2);
    console.log(
      `| ${row.role} | ${row.call} | ${row.page} | ${ms(row.p50)} | ${ms(row.p95)}${mark} | ${raw} | ${ratio} | ${row.serverCpu.toFixed(2)} | ${row.dbCpu.toFixed(2)} / ${Number.isNaN(row.rawDbCpu) ? '—' : row.rawDbCpu.toFixed(2)} | ${row.statements} | ${row.n} |`,
    );
  }
  const marked = rows.filter(over);
  if (CONCURRENCY === 1) console.log(`\n${marked.length} of ${rows.filter((row) => row.status === 'ok').length} timed calls over their p95 limit (${LIMIT_MS} ms; typeahead ${TYPEAHEAD_LIMIT_MS} ms).`);
}

const loadAverage = async () => (await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ');

async function main(): Promise<void> {
  if (!DATABASE_URL) throw new Error('DATABASE_URL (or --database-url): the PostgreSQL database generate.ts filled');
  const roles = (args.role ?? '').split(',').map((name) => {
    const role = ROLES[name.trim().toLowerCase()];
    if (!role) throw new Error(`--role: qppv, rlf or public, not ${name}`);
    return role;
  });
  const logDir = await mkdtemp(join(tmpdir(), 'atalaya-calls-bench-'));
  const pool = new pg.Pool({ connectionString: DATABASE_URL, options: '-c jit=off', max: SERVER_POOL_SIZE, application_name: RAW_APP });
  const info = (
    await pool.query<{ events: string; uy: number; preload: string }>(
      `select (select count(*) from events) as events, (select id from countries where code = 'UY') as uy, current_setting('shared_preload_libraries') as preload`,
    )
  ).rows[0];
  if (!info) throw new Error('no counts');
  console.log(
    `${info.events} cases; ${CONCURRENCY} in flight, ${REQUESTS} requests per call (or ${MAX_MS / 1000} s); ${args.built ? 'built server' : 'server from source (tsx)'}; ` +
      `shared_preload_libraries '${info.preload}'; load average ${await loadAverage()} at ${new Date().toISOString()}`,
  );
  const logging = await startServer(logDir, PORT, true);
  const timed = await startServer(logDir, PORT + 1, false);
  const rows: Row[] = [];
  try {
    for (const role of roles) {
      const tokens =
        role === 'public' ? { logging: null, timed: null } : { logging: await login(logging.base, USERS[role]), timed: await login(timed.base, USERS[role]) };
      const scenarios = role === 'public' || !tokens.logging ? publicCalls() : signedInCalls(await findSubjects(logging.base, tokens.logging, pool, info.uy));
      for (const scenario of scenarios) {
        if (ONLY && !ONLY.test(scenario.name)) continue;
        const found = await benchCall(logging, timed, pool, role, tokens, scenario);
        rows.push(...found);
        for (const row of found) {
          console.log(
            `${role} ${row.call}${row.page ? ` (${row.page})` : ''}: ${row.status === 'ok' ? `p50 ${ms(row.p50)} p95 ${ms(row.p95)} ms, raw ${ms(row.rawP50)} / ${ms(row.rawP95)} ms${row.rawNote ? ` (${row.rawNote})` : ''}` : row.status}`,
          );
        }
      }
      console.log(`load average ${await loadAverage()} after ${role}`);
    }
    printTable(rows);
  } finally {
    await stopServer(logging);
    await stopServer(timed);
    await pool.end();
  }
  console.log(`\nload average ${await loadAverage()} at ${new Date().toISOString()}; server logs and SQL log: ${logDir}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
