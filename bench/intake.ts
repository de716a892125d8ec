/**
 * Public intake throughput: how many reports a second `POST /api/postreporthome` stores, and
 * whether the RH numbers handed out stay gap-free and unique (issue 16, item 5).
 *
 * Starts the built server (`apps/server/dist`, `npm run build -w apps/server` first) on a
 * PostgreSQL database, solves a pool of captchas beforehand (each request from its own
 * `X-Forwarded-For` address, so the per-address rate limits measure nothing), then runs
 * `--concurrency` writers submitting public reports for `--duration` seconds. Prints
 * reports/s (overall and per second), latency percentiles and refusals, then checks the
 * numbers: every acknowledged number is stored with the acknowledged id, and the year's
 * numbers in the database are exactly 1..N (no gap, no duplicate) with N the year's sequence.
 * Exits 1 when a check fails.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/wt_intake npm run intake -w bench
 *   npm run intake -w bench -- --database-url postgres://… --concurrency 48 --duration 30 --port 8272
 *
 * The database must be a scratch one: the server migrates it, seeds the demo data and the
 * reports stay in it (the number check covers every report of the year, earlier runs
 * included). Run by hand; never a timed test.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream, existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { createHomeReportEvents, type Database, insertWaitingReport, numberReport, openDatabase, patientReport } from '../apps/server/src/faces/bench.js';
import { solveCaptcha, waitForServer } from './support/server.js';

const ownRoot = resolve(fileURLToPath(new URL('..', import.meta.url)));

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string', default: process.env.DATABASE_URL },
    concurrency: { type: 'string', default: '32' },
    duration: { type: 'string', default: '20' },
    port: { type: 'string', default: '8272' },
    /** Captchas solved before the run; default: enough for 2,000 reports/s (a quiet machine reached 1,546 on 2026-12-03; 800 ran out). */
    captchas: { type: 'string' },
    /**
     * http (default): reports over HTTP to the built server. The database alone, without the
     * server's CPU (it still starts, to migrate): sql-batched runs the intake's statements with
     * the server's own functions (captcha spent and report stored in one statement, then the
     * numbering rounds); sql-serial the former scheme (the number taken by an upsert inside
     * the report's transaction).
     */
    mode: { type: 'string', default: 'http' },
    /** The checkout whose built server runs (another worktree: measure a former version). */
    'server-root': { type: 'string' },
  },
});

const repoRoot = resolve(args['server-root'] ?? ownRoot);
const serverMain = join(repoRoot, 'apps/server/dist/main.js');
const DATABASE_URL = args['database-url'];
const CONCURRENCY = Number(args.concurrency);
const DURATION_MS = Number(args.duration) * 1000;
const PORT = Number(args.port);
const BASE = `http://127.0.0.1:${PORT}`;
const CAPTCHAS = args.captchas ? Number(args.captchas) : Math.ceil((DURATION_MS / 1000) * 2000);
/** The server's captcha difficulty: small, so solving costs the client (same machine) little. */
const CAPTCHA_MAX_NUMBER = 50;
const MODE = args.mode ?? 'http';
if (!['http', 'sql-batched', 'sql-serial'].includes(MODE)) throw new Error('--mode is http, sql-batched or sql-serial');

// Each request from its own address: 10.a.b.c from a counter (16 million before a repeat).
let addressCounter = Math.floor(Math.random() * 1_000_000);
function nextAddress(): string {
  addressCounter = (addressCounter + 1) % 16_000_000;
  const n = addressCounter + 1;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}


function startServer(logFile: string): ChildProcess {
  const log = createWriteStream(logFile, { flags: 'a' });
  // INTAKE_SERVER_NODE_ARGS: extra node options for the server, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'.
  const nodeArgs = (process.env.INTAKE_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, serverMain], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL,
      ATALAYA_DEMO: '1',
      HOST: '127.0.0.1',
      PORT: String(PORT),
      ATALAYA_TRUST_PROXY: '127.0.0.1',
      ATALAYA_CAPTCHA_MAX_NUMBER: String(CAPTCHA_MAX_NUMBER),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  return child;
}

function waitReady(child: ChildProcess, logFile: string): Promise<void> {
  return waitForServer(BASE, child, logFile, nextAddress);
}

function captchaToken(): Promise<string> {
  return solveCaptcha(BASE, nextAddress);
}

async function solveCaptchas(count: number): Promise<string[]> {
  const tokens: string[] = [];
  const workers = Array.from({ length: 16 }, async () => {
    while (tokens.length < count) tokens.push(await captchaToken());
  });
  await Promise.all(workers);
  return tokens;
}

/** Keep-alive connections, one per writer: node:http costs the client less CPU than fetch. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });

function post(path: string, headers: Record<string, string>, body: string): Promise<{ status: number; text: string }> {
  return new Promise((done, fail) => {
    const request = http.request(
      { host: '127.0.0.1', port: PORT, path, method: 'POST', agent, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', fail);
      },
    );
    request.on('error', fail);
    request.end(body);
  });
}

/** CPU seconds (user + system) of a process, from /proc; 0 when it is gone. */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100 Hz)
  } catch {
    return 0;
  }
}

/** The PostgreSQL backends serving the bench's database (same machine), by pid. */
function backendPids(database: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (cmdline.startsWith('postgres: ') && cmdline.includes(` ${database} `)) pids.push(Number(entry));
    } catch {
      // gone
    }
  }
  return pids;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

interface Acknowledged {
  id: string;
  reference: string;
}

async function run(): Promise<boolean> {
  if (!DATABASE_URL) throw new Error('needs --database-url or DATABASE_URL (a scratch PostgreSQL database)');
  if (!existsSync(serverMain)) throw new Error(`${serverMain} is missing: npm run build -w apps/server first`);
  const logFile = join(await mkdtemp(join(tmpdir(), 'atalaya-intake-')), 'server.log');
  const server = startServer(logFile);
  try {
    await waitReady(server, logFile);
    const products = (await (await fetch(`${BASE}/api/getProductsHomeByCountry/UY`, { headers: { 'x-forwarded-for': nextAddress() } })).json()) as {
      Id: number;
      ComercialName: string;
    }[];
    const product = products[0];
    if (!product) throw new Error('no product for UY in the catalog');
    const body = JSON.stringify(patientReport({ id: product.Id, commercialName: product.ComercialName }));

    let submit: () => Promise<{ status: number; text: string }>;
    let pool: pg.Pool | null = null;
    let drizzleDb: Database | null = null;
    if (MODE === 'http') {
      const solving = Date.now();
      const tokens = await solveCaptchas(CAPTCHAS);
      console.log(`${tokens.length} captchas solved in ${((Date.now() - solving) / 1000).toFixed(1)} s (server log: ${logFile})`);
      submit = () => {
        const token = tokens.pop();
        if (!token) throw new Error('out of captchas: raise --captchas');
        return post('/api/postreporthome', { 'content-type': 'application/json', 'recaptcha-token': token, 'x-forwarded-for': nextAddress() }, body);
      };
    } else {
      pool = new pg.Pool({ connectionString: DATABASE_URL, max: CONCURRENCY });
      drizzleDb = MODE === 'sql-batched' ? await openDatabase({ databaseUrl: DATABASE_URL }) : null;
      submit = sqlSubmitter(pool, drizzleDb, body);
      console.log(`mode ${MODE}: the database alone, ${CONCURRENCY} connections (server log: ${logFile})`);
    }

    const acknowledged: Acknowledged[] = [];
    const latencies: number[] = [];
    const perSecond: number[] = [];
    const refused = new Map<string, number>();
    const database = new URL(DATABASE_URL).pathname.slice(1);
    const serverPid = server.pid ?? 0;
    const cpuAtStart = {
      server: cpuSeconds(serverPid),
      backends: new Map(backendPids(database).map((pid) => [pid, cpuSeconds(pid)])),
      client: process.cpuUsage(),
    };
    const start = Date.now();
    const end = start + DURATION_MS;
    const writers = Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < end) {
        const sent = Date.now();
        const response = await submit();
        const { text } = response;
        const done = Date.now();
        if (response.status !== 200) {
          const key = `${response.status} ${text.slice(0, 120)}`;
          refused.set(key, (refused.get(key) ?? 0) + 1);
          continue;
        }
        const answer = JSON.parse(text) as { Id: string; Reference: string };
        acknowledged.push({ id: answer.Id, reference: answer.Reference });
        latencies.push(done - sent);
        const second = Math.floor((done - start) / 1000);
        perSecond[second] = (perSecond[second] ?? 0) + 1;
      }
    });
    await Promise.all(writers);
    const elapsed = (Date.now() - start) / 1000;
    const serverCpu = cpuSeconds(serverPid) - cpuAtStart.server;
    const clientUsage = process.cpuUsage(cpuAtStart.client);
    const clientCpu = (clientUsage.user + clientUsage.system) / 1e6;
    let backendCpu = 0;
    for (const pid of backendPids(database)) backendCpu += cpuSeconds(pid) - (cpuAtStart.backends.get(pid) ?? 0);
    await pool?.end();
    await drizzleDb?.close();

    latencies.sort((a, b) => a - b);
    const rate = acknowledged.length / elapsed;
    console.log(`\n${acknowledged.length} reports in ${elapsed.toFixed(1)} s at concurrency ${CONCURRENCY}: ${rate.toFixed(0)} reports/s`);
    const full = Array.from({ length: Math.floor(DURATION_MS / 1000) }, (_, i) => perSecond[i] ?? 0);
    console.log(`per second: ${full.join(' ')} (min ${Math.min(...full)}, max ${Math.max(...full)})`);
    console.log(`latency ms: p50 ${percentile(latencies, 50)}, p95 ${percentile(latencies, 95)}, p99 ${percentile(latencies, 99)}, max ${latencies.at(-1)}`);
    const perReport = (seconds: number) => ((seconds * 1000) / Math.max(1, acknowledged.length)).toFixed(2);
    // In the sql modes the server is idle and the backends counted include the bench's own pools.
    console.log(
      `CPU: server ${serverCpu.toFixed(1)} s (${perReport(serverCpu)} ms/report), database backends ${backendCpu.toFixed(1)} s (${perReport(backendCpu)} ms/report), this bench client ${clientCpu.toFixed(1)} s (${perReport(clientCpu)} ms/report); load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
    );
    for (const [key, count] of refused) console.log(`refused ×${count}: ${key}`);

    return await checkNumbers(acknowledged);
  } finally {
    if (server.exitCode === null) {
      const exited = once(server, 'exit');
      server.kill('SIGTERM');
      await exited;
    }
  }
}

/**
 * A report stored straight through SQL, as the server's statements do (without its validation
 * and HTTP): batched, the server's own functions (`insertWaitingReport`: captcha spent and report
 * written in one statement, then `numberReport`: the numbering rounds, one call in flight per
 * process); serial, the former scheme, a transaction taking the number by the sequence upsert
 * (captcha row, sequence, report row, history row).
 */
function sqlSubmitter(pool: pg.Pool, batched: Database | null, body: string): () => Promise<{ status: number; text: string }> {
  const data = JSON.parse(body) as Record<string, unknown>;
  // The logger is only used when an announcement listener fails; there is none here.
  const silent = { warn: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;
  const deps = batched ? { db: batched.db, events: createHomeReportEvents(), log: silent } : null;
  let uruguay: Promise<number> | null = null;
  const countryId = () =>
    (uruguay ??= pool.query<{ id: number }>(`select id from countries where code = 'UY'`).then((result) => result.rows[0]?.id ?? 0));
  return async () => {
    const now = new Date();
    const year = now.getUTCFullYear();
    if (deps) {
      try {
        const solution = { signature: randomUUID(), expiresAt: new Date(now.getTime() + 10 * 60_000) };
        const report = {
          year,
          isMedic: false,
          countryId: await countryId(),
          subGroupId: 0,
          data,
          patientSex: 'F',
          isSerious: false,
          acceptsContact: true,
          reporterUserId: null,
          createdAt: now,
        };
        const stored = await insertWaitingReport(deps.db, report, { solution, now });
        if (!stored) throw new Error('captcha already spent');
        const reference = await numberReport(deps, year, stored.id);
        return { status: 200, text: JSON.stringify({ Id: stored.id, Reference: reference }) };
      } catch (error) {
        return { status: 500, text: error instanceof Error ? error.message : String(error) };
      }
    }
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query(`insert into captcha_solutions (signature, expires_at) values ($1, now() + interval '10 minutes')`, [randomUUID()]);
      const sequence = await client.query<{ value: number }>(
        `insert into reference_sequences (prefix, year, last_value) values ('RH', $1, 1)
         on conflict (prefix, year) do update set last_value = reference_sequences.last_value + 1 returning last_value as value`,
        [year],
      );
      const reference = `RH-${year}-${String(sequence.rows[0]?.value).padStart(6, '0')}`;
      const stored = await client.query<{ id: string }>(
        `insert into home_reports (reference, status, is_medic, country_id, sub_group_id, data, patient_sex)
         values ($1, 1, false, $2, 0, $3, 'F') returning id`,
        [reference, await countryId(), data],
      );
      const id = stored.rows[0]?.id ?? '';
      await client.query(`insert into home_report_status_history (home_report_id, to_status, comment) values ($1, 1, 'Creado')`, [id]);
      await client.query('commit');
      return { status: 200, text: JSON.stringify({ Id: id, Reference: reference }) };
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      return { status: 500, text: error instanceof Error ? error.message : String(error) };
    } finally {
      client.release();
    }
  };
}

/** Every acknowledged number stored under its id; the year's numbers exactly 1..N, N the year's sequence. */
async function checkNumbers(acknowledged: Acknowledged[]): Promise<boolean> {
  let ok = true;
  const fail = (message: string) => {
    ok = false;
    console.log(`FAIL: ${message}`);
  };
  const answered = new Set(acknowledged.map((a) => a.reference));
  if (answered.size !== acknowledged.length) fail(`${acknowledged.length - answered.size} numbers answered twice`);

  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    const year = new Date().getUTCFullYear();
    const stored = await client.query<{ id: string; reference: string }>(`select id, reference from home_reports where reference like $1`, [`RH-${year}-%`]);
    const byId = new Map(stored.rows.map((row) => [row.id, row.reference]));
    const wrong = acknowledged.filter((a) => byId.get(a.id) !== a.reference);
    if (wrong.length > 0) fail(`${wrong.length} acknowledged reports not stored under their number, e.g. ${JSON.stringify(wrong[0])}`);

    const sequence = await client.query<{ last_value: number }>(`select last_value from reference_sequences where prefix = 'RH' and year = $1`, [year]);
    const last = sequence.rows[0]?.last_value ?? 0;
    // The demo seed's reports carry fixed numbers RH-{year}-9000xx, outside the sequence.
    const isDemo = (n: number) => n >= 900_000 && n < 900_100 && n > last;
    const numbers = stored.rows
      .map((row) => Number(row.reference.split('-')[2]))
      .filter((n) => !isDemo(n))
      .sort((a, b) => a - b);
    const duplicates = numbers.filter((n, i) => i > 0 && numbers[i - 1] === n).length;
    const present = new Set(numbers);
    let missing = 0;
    for (let n = 1; n <= last; n += 1) if (!present.has(n)) missing += 1;
    const beyond = numbers.filter((n) => n > last).length;
    const pending = await client
      .query<{ count: string }>(`select count(*) from home_report_intake`)
      .then((result) => Number(result.rows[0]?.count ?? 0))
      .catch(() => 0);
    console.log(
      `numbers of ${year} in the database: ${numbers.length} (1..${last}), ${missing} missing, ${duplicates} duplicated, ${beyond} beyond the sequence; ${pending} reports waiting for a number`,
    );
    if (missing > 0) fail(`${missing} numbers missing`);
    if (duplicates > 0) fail(`${duplicates} numbers duplicated`);
    if (beyond > 0) fail(`${beyond} numbers beyond the sequence`);
    if (pending > 0) fail(`${pending} reports left without a number`);
  } finally {
    await client.end();
  }
  console.log(ok ? 'numbers: OK (no gap, no duplicate)' : 'numbers: FAILED');
  return ok;
}

run().then(
  (ok) => process.exit(ok ? 0 : 1),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
