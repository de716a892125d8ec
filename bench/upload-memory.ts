/**
 * Upload memory bench (issue 15 §5): starts the server as its own process (the built
 * `apps/server/dist/main.js` with `--built`, else the sources through tsx) on PGlite and/or
 * PostgreSQL, fires waves of concurrent 19 MB uploads at `uploadDocAndNotes` and samples the
 * server process's resident memory (RSS, from /proc) every 25 ms. Prints, per database, the
 * peak RSS, the kernel's high-water mark (VmHWM) and how the uploads were answered.
 *
 *   npm run upload-memory -w bench                              # PGlite, 40 × 19 MB, 3 waves
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/atalaya_bench npm run upload-memory -w bench -- --db pg
 *   npm run upload-memory -w bench -- --db both --uploads 40 --waves 3 --downloads 40 --size 19000000 --built
 *
 * The PostgreSQL database should be empty or a bench database: the demo data is loaded into
 * it. Linux only (reads /proc/<pid>/status).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ER_STATUS } from '@atalaya/domain';
import { and, eq, ne } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { events, migrate, openDatabase, seedOnStart, users } from '../apps/server/src/faces/bench.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const serverDir = resolve(root, 'apps/server');

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    uploads: { type: 'string', default: '40' },
    waves: { type: 'string', default: '3' },
    downloads: { type: 'string', default: '40' },
    size: { type: 'string', default: '19000000' },
    port: { type: 'string', default: '8391' },
    built: { type: 'boolean', default: false },
  },
});

const UPLOADS = Number(args.uploads);
const WAVES = Number(args.waves);
const DOWNLOADS = Number(args.downloads);
const SIZE = Number(args.size);
const PORT = Number(args.port);
const JWT_SECRET = randomBytes(32).toString('hex');
const MB = 1024 * 1024;

interface Target {
  name: 'pglite' | 'pg';
  env: Record<string, string>;
  cleanup: () => Promise<void>;
}

async function targets(): Promise<Target[]> {
  const wanted = args.db === 'both' ? ['pglite', 'pg'] : [args.db];
  const list: Target[] = [];
  for (const name of wanted) {
    if (name === 'pglite') {
      const dir = await mkdtemp(join(tmpdir(), 'atalaya-upload-bench-'));
      list.push({ name: 'pglite', env: { ATALAYA_DATA_DIR: dir }, cleanup: () => rm(dir, { recursive: true, force: true }) });
    } else if (name === 'pg') {
      const url = process.env.DATABASE_URL;
      if (!url) throw new Error('--db pg needs DATABASE_URL');
      list.push({ name: 'pg', env: { DATABASE_URL: url }, cleanup: async () => {} });
    } else {
      throw new Error(`Unknown --db ${name} (pglite, pg or both)`);
    }
  }
  return list;
}

/** Migrates and loads the demo data, then answers the QPPV user and a case that takes documents. */
async function prepare(target: Target): Promise<{ user: { id: string; email: string }; meta: string }> {
  const database = await openDatabase(target.env.DATABASE_URL ? { databaseUrl: target.env.DATABASE_URL } : { dataDir: target.env.ATALAYA_DATA_DIR });
  try {
    await migrate(database);
    await seedOnStart(database, { demo: true });
    const [user] = await database.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.email, 'qppv@demo.atalaya'));
    const [event] = await database.db
      .select({ meta: events.meta })
      .from(events)
      .where(and(ne(events.status, ER_STATUS.ANULADO), ne(events.status, ER_STATUS.PENDIENTE)))
      .limit(1);
    if (!user || !event) throw new Error('Demo data without the QPPV user or a case');
    return { user, meta: event.meta };
  } finally {
    await database.close();
  }
}

function startServer(target: Target): ChildProcess {
  const entry = args.built ? ['dist/main.js'] : ['--import', 'tsx', '--conditions=source', 'src/main.ts'];
  return spawn(process.execPath, entry, {
    cwd: serverDir,
    env: {
      ...process.env,
      ...target.env,
      DATABASE_URL: target.env.DATABASE_URL ?? '',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ATALAYA_JWT_SECRET: JWT_SECRET,
      // The bench is one user sending many files: the per-user upload limit must not answer first.
      ATALAYA_UPLOAD_RATE_LIMIT: '100000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

async function waitUntilListening(child: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i += 1) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode})`);
    try {
      await fetch(`http://127.0.0.1:${PORT}/api/captcha`);
      return;
    } catch {
      await new Promise((done) => setTimeout(done, 250));
    }
  }
  throw new Error('The server did not start in 150 s');
}

/** VmRSS and VmHWM of a process, in bytes. */
async function memory(pid: number): Promise<{ rss: number; hwm: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

/** A PDF as far as the content check goes: the signature, then random bytes. */
function fakePdf(size: number): Blob {
  const bytes = randomBytes(size);
  bytes.write('%PDF-1.4\n', 0, 'latin1');
  return new Blob([bytes], { type: 'application/pdf' });
}

async function upload(token: string, meta: string, file: Blob, n: number): Promise<number> {
  const form = new FormData();
  form.set('action', 'insertPostCreated');
  form.set('idEr', meta);
  form.set('note', `Carga de prueba ${n}`);
  form.set('fileName', `carga-${n}.pdf`);
  form.set('extension', 'pdf');
  form.set('file', file, `carga-${n}.pdf`);
  try {
    const response = await fetch(`http://127.0.0.1:${PORT}/api/uploadDocAndNotes`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

/** Downloads a stored document whole; its size, or 0 on a failure. */
async function download(token: string, id: number): Promise<number> {
  try {
    const response = await fetch(`http://127.0.0.1:${PORT}/api/downloadDocAndNotesById/${id}`, { headers: { authorization: `Bearer ${token}` } });
    const bytes = await response.arrayBuffer();
    return response.ok ? bytes.byteLength : 0;
  } catch {
    return 0;
  }
}

async function run(target: Target): Promise<void> {
  const { user, meta } = await prepare(target);
  const token = await new SignJWT({ rol: 'QPPV', country: 'UY', email: user.email })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(user.id)
    .setIssuer('atalaya')
    .setIssuedAt()
    .setExpirationTime('2h')
    .sign(new TextEncoder().encode(JWT_SECRET));

  const child = startServer(target);
  try {
    await waitUntilListening(child);
    const pid = child.pid;
    if (pid === undefined) throw new Error('No server pid');
    const idle = await memory(pid);
    let peak = idle.rss;
    const sampler = setInterval(() => {
      memory(pid)
        .then((m) => {
          peak = Math.max(peak, m.rss);
        })
        .catch(() => {});
    }, 25);

    const file = fakePdf(SIZE);
    const statuses = new Map<number, number>();
    const started = performance.now();
    for (let wave = 0; wave < WAVES; wave += 1) {
      const answers = await Promise.all(Array.from({ length: UPLOADS }, (_, i) => upload(token, meta, file, wave * UPLOADS + i)));
      for (const status of answers) statuses.set(status, (statuses.get(status) ?? 0) + 1);
      const now = await memory(pid);
      console.log(`${target.name}: wave ${wave + 1}/${WAVES} done; RSS now ${(now.rss / MB).toFixed(0)} MB, peak so far ${(peak / MB).toFixed(0)} MB`);
    }
    const seconds = (performance.now() - started) / 1000;
    const end = await memory(pid);

    // Then the same number of concurrent downloads of one stored file, twice (streamed from its pieces).
    const listed = await fetch(`http://127.0.0.1:${PORT}/api/getDocsAndNotesByMeta/${meta}`, { headers: { authorization: `Bearer ${token}` } });
    const [document] = listed.ok ? ((await listed.json()) as { Id: number }[]) : [];
    if (document && DOWNLOADS > 0) {
      peak = (await memory(pid)).rss;
      const downloadStarted = performance.now();
      const sizes: number[] = [];
      for (let wave = 0; wave < 2; wave += 1) sizes.push(...(await Promise.all(Array.from({ length: DOWNLOADS }, () => download(token, document.Id)))));
      const complete = sizes.filter((size) => size === SIZE).length;
      console.log(
        `${target.name}: 2 waves × ${DOWNLOADS} downloads of ${(SIZE / 1e6).toFixed(0)} MB in ${((performance.now() - downloadStarted) / 1000).toFixed(1)} s — ` +
          `peak RSS ${(peak / MB).toFixed(0)} MB; ${complete} of ${sizes.length} complete`,
      );
    }
    clearInterval(sampler);
    const answered = [...statuses.entries()].map(([status, count]) => `${count} × ${status === 0 ? 'no answer' : status}`).join(', ');
    console.log(
      `${target.name}: ${WAVES} waves × ${UPLOADS} uploads of ${(SIZE / 1e6).toFixed(0)} MB in ${seconds.toFixed(1)} s — ` +
        `RSS idle ${(idle.rss / MB).toFixed(0)} MB, peak ${(Math.max(peak, end.hwm) / MB).toFixed(0)} MB (sampled ${(peak / MB).toFixed(0)}, VmHWM ${(end.hwm / MB).toFixed(0)}), ` +
        `after ${(end.rss / MB).toFixed(0)} MB; answers: ${answered}`,
    );
  } finally {
    child.kill('SIGTERM');
    await new Promise((done) => child.once('exit', done));
    await target.cleanup();
  }
}

for (const target of await targets()) await run(target);
