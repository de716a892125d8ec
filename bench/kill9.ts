/**
 * kill -9 under writers: does every write the server acknowledged survive a crash?
 *
 * Starts the built server (`apps/server/dist`, `npm run build` first) on a PGlite data
 * directory and/or a PostgreSQL database, runs concurrent writers against it over HTTP —
 * public reports (`POST /api/postreporthome`, with a solved captcha) and signed-in case
 * edits (an RLF adding previous medications to its own case, `POST /api/setMedicamentoAnterior`) —
 * and records the id of every write answered 2xx. Mid-stream it sends SIGKILL to the
 * server process, starts it again on the same data and reads every acknowledged write
 * back through the API. Prints acknowledged/present per kind and round; exits 1 when any
 * acknowledged write is missing.
 *
 *   npm run kill9 -w bench                                  # PGlite only (a temporary data dir)
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/kill9 npm run kill9 -w bench -- --db both
 *   npm run kill9 -w bench -- --db pg --database-url postgres://… --writers 12 --rounds 5 --kill-after 8 --port 8271
 *
 * The PostgreSQL database must be a scratch one: the server migrates it and the demo data
 * and the writes stay in it. Run by hand; never a timed test.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { patientReport } from '../apps/server/src/faces/bench.js';
import { randomIp, sleep, solveCaptcha, waitForServer } from './support/server.js';

const repoRoot = resolve(fileURLToPath(new URL('..', import.meta.url)));
const serverMain = join(repoRoot, 'apps/server/dist/main.js');

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: process.env.DATABASE_URL ? 'both' : 'pglite' },
    'database-url': { type: 'string', default: process.env.DATABASE_URL },
    'data-dir': { type: 'string' },
    writers: { type: 'string', default: '8' },
    rounds: { type: 'string', default: '3' },
    'kill-after': { type: 'string', default: '10' },
    port: { type: 'string', default: '8271' },
  },
});

const WRITERS = Number(args.writers);
const ROUNDS = Number(args.rounds);
const KILL_AFTER_MS = Number(args['kill-after']) * 1000;
const PORT = Number(args.port);
const BASE = `http://127.0.0.1:${PORT}`;
const DEMO_PASSWORD = 'Demo.2026';
const EDITOR = 'rlf@demo.atalaya';

// ---------------------------------------------------------------------------------------
// The server process

interface Target {
  name: 'PGlite' | 'PostgreSQL';
  env: Record<string, string>;
  logFile: string;
}

function startServer(target: Target, extraEnv: Record<string, string> = {}): ChildProcess {
  const log = createWriteStream(target.logFile, { flags: 'a' });
  const child = spawn(process.execPath, [serverMain], {
    cwd: repoRoot,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(PORT),
      // Each writer request comes from its own address (X-Forwarded-For), so the per-address
      // rate limits of the public routes measure durability, not the limiter.
      ATALAYA_TRUST_PROXY: '127.0.0.1',
      ATALAYA_CAPTCHA_MAX_NUMBER: '1000',
      LOG_LEVEL: 'warn',
      ...target.env,
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  return child;
}

function waitReady(child: ChildProcess, target: Target): Promise<void> {
  return waitForServer(BASE, child, target.logFile);
}

async function stopServer(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill(signal);
  await exited;
}

// ---------------------------------------------------------------------------------------
// HTTP helpers


function captchaToken(): Promise<string> {
  return solveCaptcha(BASE);
}

async function login(): Promise<string> {
  const response = await fetch(`${BASE}/api/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'recaptcha-token': await captchaToken(),
      'x-forwarded-for': randomIp(),
    },
    body: new URLSearchParams({ grant_type: 'password', username: EDITOR, password: DEMO_PASSWORD }).toString(),
  });
  if (!response.ok) throw new Error(`login answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function api<T>(token: string, method: 'GET' | 'POST', url: string, body?: unknown): Promise<{ status: number; json: T | null }> {
  const response = await fetch(`${BASE}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': randomIp(), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as T) : null };
}

// ---------------------------------------------------------------------------------------
// The writers

interface Acknowledged {
  /** Public reports: their reference. */
  reports: string[];
  /** Cases created by createER: their Meta. */
  cases: string[];
  /** Previous medications added to a case: case Meta → ids. */
  edits: Map<string, number[]>;
  /** Answers other than 2xx before the kill (should be 0) and requests cut by the kill. */
  refusedBeforeKill: number;
  cutByKill: number;
}

interface Product {
  Id: number;
  ComercialName: string;
}

/** Shows the first few refusals (an answer other than 2xx is the bench's or the server's bug). */
let refusalsShown = 0;
function refused(what: string, status: number, body: string): false {
  if (refusalsShown < 5) {
    refusalsShown += 1;
    console.log(`  ${what} answered ${status}: ${body.slice(0, 300)}`);
  }
  return false;
}

async function runRound(round: number, product: Product, ack: Acknowledged, killAt: () => boolean): Promise<void> {
  const token = await login();
  const publicWriters = Math.ceil(WRITERS / 2);
  const writers: Promise<void>[] = [];

  const record = async (write: () => Promise<boolean>) => {
    while (!killAt()) {
      try {
        if (!(await write()) && !killAt()) ack.refusedBeforeKill += 1;
      } catch {
        // The connection was cut: the server is gone (or going).
        ack.cutByKill += 1;
        return;
      }
    }
  };

  for (let w = 0; w < publicWriters; w += 1) {
    writers.push(
      record(async () => {
        const headers = { 'content-type': 'application/json', 'recaptcha-token': await captchaToken(), 'x-forwarded-for': randomIp() };
        const response = await fetch(`${BASE}/api/postreporthome`, { method: 'POST', headers, body: JSON.stringify(patientReport({ id: product.Id, commercialName: product.ComercialName })) });
        if (!response.ok) return refused('POST /api/postreporthome', response.status, await response.text());
        ack.reports.push(((await response.json()) as { Reference: string }).Reference);
        return true;
      }),
    );
  }

  for (let w = publicWriters; w < WRITERS; w += 1) {
    // Each case writer edits its own case, created now (itself an acknowledged write).
    const created = await api<{ MetaData: string }>(token, 'POST', '/api/createER', { Country: 'UY', SubGrupoId: 1 });
    if (created.status !== 200 || !created.json) throw new Error(`createER answered ${created.status}`);
    const meta = created.json.MetaData;
    ack.cases.push(meta);
    const ids: number[] = [];
    ack.edits.set(meta, ids);
    let n = 0;
    writers.push(
      record(async () => {
        n += 1;
        const name = `kill9 r${round} w${w} #${n}`;
        const response = await api<{ Id: number; Medicamento: string }[]>(token, 'POST', '/api/setMedicamentoAnterior', {
          EvRepId: meta,
          Medications: [{ Medicamento: name, Tipo: null, FechaIni: null, FechaFin: null }],
        });
        const row = response.status === 200 ? response.json?.find((medication) => medication.Medicamento === name) : undefined;
        if (!row) return refused('POST /api/setMedicamentoAnterior', response.status, JSON.stringify(response.json));
        ids.push(row.Id);
        return true;
      }),
    );
  }
  await Promise.all(writers);
}

/** Reads every acknowledged write back; returns how many are present. */
async function countPresent(ack: Acknowledged): Promise<{ reports: number; cases: number; edits: number }> {
  const token = await login();
  let reports = 0;
  for (const reference of ack.reports) {
    const response = await api(token, 'GET', `/api/getEventoDeHomeByReference/${encodeURIComponent(reference)}`);
    if (response.status === 200) reports += 1;
  }
  let cases = 0;
  for (const meta of ack.cases) {
    const response = await api(token, 'GET', `/api/getERByMeta/${encodeURIComponent(meta)}`);
    if (response.status === 200) cases += 1;
  }
  let edits = 0;
  for (const [meta, ids] of ack.edits) {
    const response = await api<{ Id: number }[]>(token, 'GET', `/api/MedicamentoAnteriorByMeta/${encodeURIComponent(meta)}`);
    const stored = new Set((response.status === 200 ? (response.json ?? []) : []).map((row) => row.Id));
    edits += ids.filter((id) => stored.has(id)).length;
  }
  return { reports, cases, edits };
}

// ---------------------------------------------------------------------------------------

async function benchTarget(target: Target, firstStartEnv: Record<string, string>): Promise<boolean> {
  console.log(`\n${target.name}: ${WRITERS} writers (${Math.ceil(WRITERS / 2)} public reports, ${Math.floor(WRITERS / 2)} case edits), kill -9 after ${KILL_AFTER_MS / 1000} s, ${ROUNDS} rounds`);
  let server = startServer(target, firstStartEnv);
  await waitReady(server, target);
  const products = await (await fetch(`${BASE}/api/getProductsHomeByCountry/UY`, { headers: { 'x-forwarded-for': randomIp() } })).json() as Product[];
  const product = products[0];
  if (!product) throw new Error('no product for UY in the catalog');

  const total = { acknowledged: 0, present: 0 };
  let allPresent = true;
  try {
    for (let round = 1; round <= ROUNDS; round += 1) {
      const ack: Acknowledged = { reports: [], cases: [], edits: new Map(), refusedBeforeKill: 0, cutByKill: 0 };
      let killed = false;
      const victim = server;
      const killer = (async () => {
        await sleep(KILL_AFTER_MS);
        killed = true;
        victim.kill('SIGKILL');
        await once(victim, 'exit');
      })();
      const started = Date.now();
      await Promise.all([runRound(round, product, ack, () => killed), killer]);
      const writingSeconds = (Date.now() - started) / 1000;

      server = startServer(target);
      const restartStarted = Date.now();
      await waitReady(server, target);
      const restartSeconds = (Date.now() - restartStarted) / 1000;
      const present = await countPresent(ack);

      const edits = [...ack.edits.values()].reduce((sum, ids) => sum + ids.length, 0);
      const acknowledged = ack.reports.length + ack.cases.length + edits;
      const found = present.reports + present.cases + present.edits;
      total.acknowledged += acknowledged;
      total.present += found;
      if (found !== acknowledged) allPresent = false;
      console.log(
        `  round ${round}: ${found}/${acknowledged} present ` +
          `(public reports ${present.reports}/${ack.reports.length}, cases ${present.cases}/${ack.cases.length}, case edits ${present.edits}/${edits}); ` +
          `${ack.cutByKill} requests in flight at the kill, ${ack.refusedBeforeKill} refused before it; ` +
          `${writingSeconds.toFixed(1)} s of writes, restart ${restartSeconds.toFixed(1)} s`,
      );
    }
  } finally {
    await stopServer(server, 'SIGTERM');
  }
  console.log(`${target.name}: acknowledged ${total.acknowledged}, present ${total.present}${allPresent ? '' : '  <-- WRITES LOST'}`);
  return allPresent;
}

async function main(): Promise<void> {
  if (!existsSync(serverMain)) throw new Error(`${serverMain} is missing: run \`npm run build\` first`);
  if (!['pglite', 'pg', 'both'].includes(args.db ?? '')) throw new Error('--db is pglite, pg or both');
  const logDir = await mkdtemp(join(tmpdir(), 'atalaya-kill9-logs-'));
  let ok = true;

  if (args.db === 'pglite' || args.db === 'both') {
    const dataDir = args['data-dir'] ? resolve(args['data-dir']) : await mkdtemp(join(tmpdir(), 'atalaya-kill9-'));
    try {
      ok = (await benchTarget({ name: 'PGlite', env: { ATALAYA_DATA_DIR: dataDir, DATABASE_URL: '' }, logFile: join(logDir, 'pglite.log') }, {})) && ok;
    } finally {
      if (!args['data-dir']) await rm(dataDir, { recursive: true, force: true });
    }
  }
  if (args.db === 'pg' || args.db === 'both') {
    const url = args['database-url'];
    if (!url) throw new Error('--db pg needs --database-url or DATABASE_URL (a scratch database)');
    ok = (await benchTarget({ name: 'PostgreSQL', env: { DATABASE_URL: url }, logFile: join(logDir, 'pg.log') }, { ATALAYA_DEMO: '1' })) && ok;
  }
  console.log(`\nserver logs: ${logDir}`);
  process.exitCode = ok ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
