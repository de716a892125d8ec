/**
 * The Excel export of the event search (`exportERByFilters`, issue 33 §4) against exceljs alone.
 *
 *   npm run build                       # with --built (closest to production)
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/<db> npm run export -w bench -- --built [--runs 2] [--body '{}'] [--port 8392]
 *
 * Starts the server as its own process (no SQL log), logs in as the demo QPPV and downloads the
 * export of `--body` (default `{}`: every case in reach) `--runs` times over HTTP, each time
 * printing the rows, the seconds, the bytes, the server's CPU and its RSS (idle before, peak
 * sampled every 25 ms and VmHWM). Then exceljs alone, in a fresh process of its own
 * (`--alone <file>`, the same Node): the rows of the last file, read back and saved as JSON
 * lines, streamed into exceljs's `WorkbookWriter` with the export's options (no styles, no
 * shared strings, one `commit()` per row) into a stream that discards them; its seconds, CPU and
 * peak RSS. The export's time and CPU over exceljs alone's are its overhead (target ≤ 2×).
 * `EXPORT_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof'` profiles the server (the
 * profile is written when it stops). Run by hand; never a timed test. Linux only (/proc).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import ExcelJS from 'exceljs';
import { cpuSecondsOf, randomIp, sleep, solveCaptcha, waitForServer } from './support/server.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const serverDir = resolve(root, 'apps/server');

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string', default: process.env.DATABASE_URL },
    port: { type: 'string', default: '8392' },
    built: { type: 'boolean', default: false },
    runs: { type: 'string', default: '2' },
    /** The search's filters (JSON); `{}`: every case in the QPPV's reach. */
    body: { type: 'string', default: '{}' },
    /** Internal: exceljs alone over the rows of this JSON-lines file (a process of its own). */
    alone: { type: 'string' },
  },
});

/** Resident memory of a process (VmRSS) and its high-water mark (VmHWM), in MiB. */
async function memoryOf(pid: number | 'self'): Promise<{ rss: number; hwm: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kib('VmRSS') / 1024, hwm: kib('VmHWM') / 1024 };
}

const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

// ---------------------------------------------------------------------------------------
// exceljs alone (`--alone rows.jsonl`, in a process of its own)

interface AloneResult {
  rows: number;
  seconds: number;
  cpuSeconds: number;
  bytes: number;
  idleRss: number;
  peakRss: number;
}

/**
 * Streams the JSON lines of `file` (one row's cells each) into exceljs's streaming writer as the
 * export writes them; timed from the first line read to the end of the zip, waiting for the
 * discarding sink as the export waits for its response.
 */
async function exceljsAlone(file: string): Promise<AloneResult> {
  const idle = await memoryOf('self');
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
  const sheet = workbook.addWorksheet('Eventos filtrados');
  let rows = 0;
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    sheet.addRow(JSON.parse(line) as string[]).commit();
    rows++;
  }
  sheet.commit();
  await workbook.commit();
  const cpu = process.cpuUsage(cpu0);
  const seconds = (performance.now() - t0) / 1000;
  return { rows, seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6, bytes, idleRss: idle.rss, peakRss: (await memoryOf('self')).hwm };
}

/** The sheet of `file` as JSON lines (one row's cell texts each, header and closing lines included) in `target`. */
async function saveRows(file: Buffer, target: string): Promise<number> {
  const out = createWriteStream(target);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([file]), { sharedStrings: 'cache', styles: 'ignore', worksheets: 'emit' });
  let rows = 0;
  for await (const sheet of reader) {
    for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
      const values = Array.isArray(row.values) ? row.values.slice(1) : [];
      const cells = Array.from(values, (value: unknown) => (value === null || value === undefined ? '' : String(value as string)));
      if (!out.write(`${JSON.stringify(cells)}\n`)) await once(out, 'drain');
      rows++;
    }
  }
  out.end();
  await once(out, 'finish');
  return rows;
}

// ---------------------------------------------------------------------------------------
// The export over HTTP

async function startServer(base: string, port: number, logFile: string): Promise<ChildProcess> {
  const entry = args.built ? ['dist/main.js'] : ['--import', 'tsx', '--conditions=source', 'src/main.ts'];
  if (args.built && !existsSync(join(serverDir, 'dist/main.js'))) throw new Error('apps/server/dist/main.js is missing: run `npm run build` first');
  const nodeArgs = (process.env.EXPORT_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, ...entry], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: args['database-url'] ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ATALAYA_TRUST_PROXY: '127.0.0.1',
      ATALAYA_CAPTCHA_MAX_NUMBER: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = createWriteStream(logFile);
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  await waitForServer(base, child, logFile);
  return child;
}

async function login(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'recaptcha-token': await solveCaptcha(base), 'x-forwarded-for': randomIp() },
    body: new URLSearchParams({ grant_type: 'password', username: email, password: 'Demo.2026' }).toString(),
  });
  if (!response.ok) throw new Error(`login of ${email} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

interface ExportResult {
  file: Buffer;
  seconds: number;
  firstByteSeconds: number;
  serverCpu: number;
  idleRss: number;
  peakRss: number;
  hwm: number;
}

/** One download of the export: its time (to the first byte and to the last), the server's CPU and RSS. */
async function download(base: string, pid: number, token: string, body: unknown): Promise<ExportResult> {
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
  const response = await fetch(`${base}/api/exportERByFilters`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const chunks: Uint8Array[] = [];
  let firstByteSeconds = 0;
  const reader = response.body?.getReader();
  for (;;) {
    const chunk = await reader?.read();
    if (!chunk || chunk.done) break;
    if (chunks.length === 0) firstByteSeconds = (performance.now() - t0) / 1000;
    chunks.push(chunk.value);
  }
  const seconds = (performance.now() - t0) / 1000;
  sampling = false;
  await sampler;
  const after = await memoryOf(pid);
  if (response.status !== 200) throw new Error(`exportERByFilters answered ${response.status}: ${Buffer.concat(chunks).toString('utf8').slice(0, 300)}`);
  return { file: Buffer.concat(chunks), seconds, firstByteSeconds, serverCpu: (await cpuSecondsOf(pid)) - cpuBefore, idleRss: idle.rss, peakRss: peak, hwm: after.hwm };
}

async function main(): Promise<void> {
  if (args.alone) {
    console.log(JSON.stringify(await exceljsAlone(args.alone)));
    return;
  }
  if (!args['database-url']) throw new Error('DATABASE_URL (or --database-url): a PostgreSQL database that generate.ts filled');
  const port = Number(args.port);
  const base = `http://127.0.0.1:${port}`;
  const body = JSON.parse(args.body) as unknown;
  const dir = await mkdtemp(join(tmpdir(), 'atalaya-export-bench-'));
  const server = await startServer(base, port, join(dir, 'server.log'));
  const pid = server.pid;
  if (!pid) throw new Error('no server pid');
  let last: ExportResult | undefined;
  try {
    const token = await login(base, 'qppv@demo.atalaya');
    for (let run = 1; run <= Number(args.runs); run++) {
      last = await download(base, pid, token, body);
      const load = (await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ');
      console.log(
        `export run ${run} (${JSON.stringify(body)}): ${mib(last.file.byteLength)} MiB in ${last.seconds.toFixed(2)} s (first byte ${last.firstByteSeconds.toFixed(2)} s); ` +
          `server CPU ${last.serverCpu.toFixed(2)} s; server RSS idle ${last.idleRss.toFixed(0)} MiB, peak ${last.peakRss.toFixed(0)} MiB sampled, VmHWM ${last.hwm.toFixed(0)} MiB; load ${load}`,
      );
    }
  } finally {
    const exited = once(server, 'exit');
    server.kill('SIGTERM');
    await exited;
  }
  if (!last) return;
  const rowsFile = join(dir, 'rows.jsonl');
  const rows = await saveRows(last.file, rowsFile);
  // exceljs alone: twice, in fresh processes, the faster counted (as the export's runs are printed each).
  for (let run = 1; run <= 2; run++) {
    const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', fileURLToPath(import.meta.url), '--alone', rowsFile], { stdio: ['ignore', 'pipe', 'inherit'] });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    await once(child, 'exit');
    const alone = JSON.parse(Buffer.concat(output).toString('utf8')) as AloneResult;
    console.log(
      `exceljs alone run ${run}, the same ${alone.rows.toLocaleString('en')} rows (of ${rows.toLocaleString('en')} read back; WorkbookWriter, no styles, no shared strings, into a discarding stream): ` +
        `${alone.seconds.toFixed(2)} s, CPU ${alone.cpuSeconds.toFixed(2)} s, ${mib(alone.bytes)} MiB, RSS idle ${alone.idleRss.toFixed(0)} MiB, peak ${alone.peakRss.toFixed(0)} MiB; ` +
        `export / alone: time ${(last.seconds / alone.seconds).toFixed(2)}×, CPU ${(last.serverCpu / alone.cpuSeconds).toFixed(2)}×`,
    );
  }
  console.log(`server log and rows: ${dir}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
