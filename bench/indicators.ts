/**
 * The indicators bench (issue 18 item 3): migrates the database (timing migration 0014's
 * backfill of `indicator_counts` when it is pending), starts the server on it, and times the
 * four indicator calls (`getIndicatorsValuesPanel`, `getIndicatorsEventsStatus`,
 * `getIndicatorsEventsAges`, `getIndicatorsEventsTypeGroup`) and the two filter lists as the
 * demo QPPV (every laboratory) and the demo RLF (Uruguay), without and with the country and
 * laboratory filters: p50/p95 over `--requests` requests at `--concurrency`.
 *
 *   createdb -h 127.0.0.1 -U postgres -T atalaya_bench bench_indicators   # a copy of the generated million
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_indicators npm run indicators -w bench
 *
 * Run by hand; never a timed test.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { migrate, openDatabase } from '../apps/server/src/faces/bench.js';
import { randomIp, solveCaptcha, waitForServer } from './support/server.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const serverDir = resolve(root, 'apps/server');

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string', default: process.env.DATABASE_URL },
    port: { type: 'string', default: '8393' },
    concurrency: { type: 'string', default: '4' },
    requests: { type: 'string', default: '60' },
  },
});
const DATABASE_URL = args['database-url'];
if (!DATABASE_URL) throw new Error('DATABASE_URL (a PostgreSQL copy of the generated cases) is required');
const BASE = `http://127.0.0.1:${args.port}`;
const CONCURRENCY = Number(args.concurrency);
const REQUESTS = Number(args.requests);

async function timedMigration(): Promise<void> {
  const database = await openDatabase({ databaseUrl: DATABASE_URL ?? '' });
  try {
    const started = performance.now();
    await migrate(database);
    console.log(`migrate (0014's table, triggers and backfill when pending): ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await database.close();
  }
}

async function startServer(logDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, DATABASE_URL, PORT: args.port, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ATALAYA_TRUST_PROXY: '127.0.0.1', ATALAYA_CAPTCHA_MAX_NUMBER: '1000' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = createWriteStream(join(logDir, 'server.log'));
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  await waitForServer(BASE, child, join(logDir, 'server.log'));
  return child;
}

async function login(email: string): Promise<string> {
  const response = await fetch(`${BASE}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'recaptcha-token': await solveCaptcha(BASE), 'x-forwarded-for': randomIp() },
    body: new URLSearchParams({ grant_type: 'password', username: email, password: 'Demo.2026' }).toString(),
  });
  if (!response.ok) throw new Error(`login of ${email} answered ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function get<T>(token: string, path: string): Promise<T> {
  const response = await fetch(`${BASE}/api/${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

async function measure(token: string, path: string): Promise<{ p50: number; p95: number; max: number }> {
  await get(token, path); // warm: the plan cache and the connection
  const times: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        next += 1;
        const started = performance.now();
        await get(token, path);
        times.push(performance.now() - started);
      }
    }),
  );
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), max: times[times.length - 1] ?? NaN };
}

await timedMigration();
const logDir = await mkdtemp(join(tmpdir(), 'atalaya-indicators-bench-'));
const server = await startServer(logDir);
try {
  console.log(`${REQUESTS} requests per line at concurrency ${CONCURRENCY}; times in ms (the whole HTTP round trip)`);
  console.log('| user | filters | call | p50 | p95 | max |');
  console.log('| --- | --- | --- | --: | --: | --: |');
  for (const email of ['qppv@demo.atalaya', 'rlf@demo.atalaya']) {
    const token = await login(email);
    const countries = await get<{ Code: string }[]>(token, 'filtercountryindicators');
    const country = countries.find((candidate) => candidate.Code === 'UY')?.Code ?? countries[0]?.Code ?? 'UY';
    const laboratories = await get<{ Id: number }[]>(token, `filterlabindicators?pais=${country}`);
    const laboratory = laboratories[0]?.Id;
    const filters: [string, string][] = [
      ['none', ''],
      [`pais=${country}`, `?pais=${country}`],
      ...(laboratory === undefined ? [] : ([[`pais=${country}&laboratorio=${laboratory}`, `?pais=${country}&laboratorio=${laboratory}`]] as [string, string][])),
    ];
    for (const [path, label] of [['filtercountryindicators', 'none'], [`filterlabindicators?pais=${country}`, `pais=${country}`]] as const) {
      const r = await measure(token, path);
      console.log(`| ${email} | ${label} | ${path.split('?')[0]} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.max.toFixed(1)} |`);
    }
    for (const [label, query] of filters) {
      for (const call of ['getIndicatorsValuesPanel', 'getIndicatorsEventsStatus', 'getIndicatorsEventsAges', 'getIndicatorsEventsTypeGroup']) {
        const r = await measure(token, `${call}${query}`);
        console.log(`| ${email} | ${label} | ${call} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.max.toFixed(1)} |`);
      }
    }
  }
} finally {
  const exited = once(server, 'exit');
  server.kill('SIGTERM');
  await exited;
}
