/**
 * The import bench (issue 19 §5): an import through the real server, end to end, and what it
 * costs everybody else meanwhile. It starts the built server (PGlite in a fresh data directory,
 * or PostgreSQL with DATABASE_URL), signs in as the demo ADMIN and the demo QPPV, and:
 *   1. reads one case (`getERByMeta`) one request after another for `--idle-seconds`: the idle
 *      p50/p95 of a case read;
 *   2. uploads the file (`uploadmeddra` for a .zip, `uploaddata` for .xlsx/.csv) and keeps reading
 *      the case the same way until the import ends: the p50/p95 during the import, their ratio
 *      to idle (the issue's bound: p95 ≤ 3× idle);
 *   3. prints the import's wall time (upload to its end), its status, each table's time and
 *      count, and the server's peak RSS (VmHWM) before and after.
 *
 *   npm run build
 *   npm run meddra-release -w bench -- --out /tmp/meddra.zip          # the synthetic release
 *   npm run import-load -w bench -- --file /tmp/meddra.zip [--password secreto]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_import npm run import-load -w bench -- --file /tmp/meddra.zip
 *
 * Run by hand; never a timed test. Linux only (RSS from /proc).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { ErListRow, ImportEntry } from '@atalaya/domain';
import { randomIp, sleep, solveCaptcha, waitForServer } from './support/server.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const serverDir = resolve(root, 'apps/server');

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string', default: process.env.DATABASE_URL },
    port: { type: 'string', default: '8393' },
    file: { type: 'string' },
    password: { type: 'string' },
    'idle-seconds': { type: 'string', default: '15' },
    /** Give up waiting for the import after this many seconds. */
    'max-seconds': { type: 'string', default: '600' },
  },
});

const DATABASE_URL = args['database-url'];
const BASE = `http://127.0.0.1:${args.port}`;
const DEMO_PASSWORD = 'Demo.2026';
const file = args.file;
if (!file) throw new Error('--file is required (a MedDRA release .zip, or a catalogue .xlsx/.csv)');
const kind = file.toLowerCase().endsWith('.zip') ? 'meddra' : 'data';

async function startServer(logDir: string): Promise<ChildProcess> {
  const entry = join(serverDir, 'dist/main.js');
  if (!existsSync(entry)) throw new Error('apps/server/dist/main.js is missing: run `npm run build` first');
  const child = spawn(process.execPath, [entry], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: DATABASE_URL ?? '',
      ATALAYA_DATA_DIR: DATABASE_URL ? '' : join(logDir, 'data'),
      PORT: args.port,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ATALAYA_TRUST_PROXY: '127.0.0.1',
      ATALAYA_CAPTCHA_MAX_NUMBER: '1000',
      // The demo accounts and cases (PGlite seeds them by default; PostgreSQL only when asked).
      ATALAYA_DEMO: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = createWriteStream(join(logDir, 'server.log'));
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  await waitForServer(BASE, child, join(logDir, 'server.log'));
  return child;
}

async function memoryOf(pid: number): Promise<{ rss: number; hwm: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kib('VmRSS') / 1024, hwm: kib('VmHWM') / 1024 };
}

async function login(email: string): Promise<string> {
  const response = await fetch(`${BASE}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'recaptcha-token': await solveCaptcha(BASE), 'x-forwarded-for': randomIp() },
    body: new URLSearchParams({ grant_type: 'password', username: email, password: DEMO_PASSWORD }).toString(),
  });
  if (!response.ok) throw new Error(`login of ${email} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function getJson<T>(token: string, url: string): Promise<T> {
  const response = await fetch(`${BASE}${url}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** The Meta of one case `token`'s user reaches (the first row of Tareas), or null. */
async function someCaseMeta(token: string): Promise<string | null> {
  const page = await getJson<ErListPage>(token, '/api/getWorkFlow/1/15/FechaSolicitud%20DESC/null/null/null/null/null/null');
  return page.Result[0]?.Meta ?? null;
}

interface ErListPage {
  Result: ErListRow[];
}

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** One case read: its latency, and the import's stage when it started (see `stageOf`). */
interface Read {
  ms: number;
  stage: string;
}

/** Reads the case one request after another until `stop()` answers true, each read labelled by `stage()`. */
async function readCaseUntil(token: string, meta: string, stop: () => boolean, stage: () => string = () => 'idle'): Promise<Read[]> {
  const reads: Read[] = [];
  while (!stop()) {
    const label = stage();
    const started = performance.now();
    const response = await fetch(`${BASE}/api/getERByMeta/${encodeURIComponent(meta)}`, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`getERByMeta answered ${response.status}`);
    reads.push({ ms: performance.now() - started, stage: label });
    await sleep(20);
  }
  return reads;
}

const sortedTimes = (reads: readonly Read[]) => reads.map((read) => read.ms).sort((a, b) => a - b);

/** What the import is doing, as its detail shows it: the table being loaded, or the checks and the switch after the last one. */
function stageOf(entry: ImportEntry): string {
  const loading = entry.Tables.find((table) => table.date_start && !table.date_end);
  if (loading) return loading.table;
  return entry.Tables.length > 0 && entry.Tables.every((table) => table.date_end) ? 'checks, switch, clean-up' : 'waiting';
}

/** The reads of each stage slower than `limit` ms, for the stages that have any. */
function slowByStage(reads: readonly Read[], limit: number): string {
  const stages = new Map<string, { count: number; slow: number; worst: number }>();
  for (const { ms, stage } of reads) {
    const entry = stages.get(stage) ?? { count: 0, slow: 0, worst: 0 };
    entry.count += 1;
    if (ms > limit) entry.slow += 1;
    entry.worst = Math.max(entry.worst, ms);
    stages.set(stage, entry);
  }
  return [...stages]
    .map(([stage, { count, slow, worst }]) => `  ${stage.padEnd(26)} ${String(count).padStart(4)} reads, ${String(slow).padStart(3)} over ${limit.toFixed(0)} ms, worst ${worst.toFixed(0)} ms`)
    .join('\n');
}

const describe = (times: readonly number[]) => `n=${times.length} p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms`;

async function upload(token: string): Promise<ImportEntry> {
  const form = new FormData();
  const bytes = await readFile(file as string);
  form.set('FileName', basename(file as string));
  form.set('file', new Blob([bytes]), basename(file as string));
  if (kind === 'meddra' && args.password) form.set('password', args.password);
  const response = await fetch(`${BASE}/api/${kind === 'meddra' ? 'uploadmeddra' : 'uploaddata'}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!response.ok) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as ImportEntry;
}

const logDir = await mkdtemp(join(tmpdir(), 'atalaya-import-bench-'));
console.log(`database: ${DATABASE_URL ? 'PostgreSQL' : 'PGlite'} · file: ${file} (${kind}) · logs: ${logDir}`);
const server = await startServer(logDir);
try {
  const admin = await login('admin@demo.atalaya');
  // The reader: the QPPV, or the RLF when the QPPV has nothing to do in the demo data.
  let reader = await login('qppv@demo.atalaya');
  let meta = await someCaseMeta(reader);
  if (!meta) {
    reader = await login('rlf@demo.atalaya');
    meta = await someCaseMeta(reader);
  }
  if (!meta) throw new Error('no case in Tareas for the QPPV nor the RLF: the demo data should hold some');
  const qppv = reader;
  const idleUntil = Date.now() + Number(args['idle-seconds']) * 1000;
  const idle = sortedTimes(await readCaseUntil(qppv, meta, () => Date.now() > idleUntil));
  const before = await memoryOf(server.pid as number);
  console.log(`idle case read: ${describe(idle)} · server RSS ${before.rss.toFixed(0)} MiB (peak ${before.hwm.toFixed(0)} MiB)`);

  const started = performance.now();
  const created = await upload(admin);
  console.log(`upload answered in ${(performance.now() - started).toFixed(0)} ms: ${created.code_import} ${created.status}`);
  const detailPath = `/api/${kind === 'meddra' ? 'getmeddraimportcode' : 'getdataimportcode'}/${encodeURIComponent(created.code_import)}`;
  let entry: ImportEntry = created;
  let done = false;
  const deadline = Date.now() + Number(args['max-seconds']) * 1000;
  const watcher = (async () => {
    while (!done) {
      entry = await getJson<ImportEntry>(admin, detailPath);
      if (entry.date_end || Date.now() > deadline) done = true;
      else await sleep(200);
    }
  })();
  const reads = await readCaseUntil(qppv, meta, () => done, () => stageOf(entry));
  const during = sortedTimes(reads);
  await watcher;
  const seconds = (performance.now() - started) / 1000;
  const after = await memoryOf(server.pid as number);
  console.log(`import ${entry.code_import}: ${entry.status} ${entry.percentage}% in ${seconds.toFixed(1)} s${entry.error ? ` · ${entry.error}` : ''}`);
  for (const table of entry.Tables) {
    const took = table.date_start && table.date_end ? ((Date.parse(table.date_end) - Date.parse(table.date_start)) / 1000).toFixed(1) : '–';
    console.log(`  ${table.table.padEnd(22)} ${table.status} ${String(table.insterted).padStart(7)} rows ${took} s`);
  }
  console.log(`case read during the import: ${describe(during)} · p95 ratio ${(percentile(during, 95) / percentile(idle, 95)).toFixed(2)}× idle`);
  console.log(`reads slower than 3× the idle p95, by stage:\n${slowByStage(reads, 3 * percentile(idle, 95))}`);
  console.log(`server RSS ${after.rss.toFixed(0)} MiB, peak ${after.hwm.toFixed(0)} MiB (before the import: peak ${before.hwm.toFixed(0)} MiB)`);
} finally {
  const exited = once(server, 'exit');
  server.kill('SIGTERM');
  await exited;
}
