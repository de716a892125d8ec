import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { type ImportEntry, type ImportKind, type UploadImportKind, type ImportProgressEvent, HUB_EVENTS, IMPORT_PATHS, MSG, ROLES } from '@atalaya/domain';
import { configure, TextReader, TextWriter, Uint8ArrayReader, Uint8ArrayWriter, ZipReader, ZipWriter } from '@zip.js/zip.js';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, files, importErrors, imports } from '../../db/schema/index.js';
import { multipartBody } from '../../test-support/files.js';
import { connected, disconnectOpenedClients, heardSentinel } from '../../test-support/hub-client.js';
import { signIn, type SignedIn } from '../../test-support/home-reports.js';
import { createImportTestApp, type ImportTestApp, importDetail, importReaches, uploadImport } from '../../test-support/imports.js';
import { zipArchive } from '../../test-support/zip.js';
import { type ImportHandler, type ImportJobContext, ImportRejected, type ImportRowError } from './index.js';

/**
 * Issue 19 §2 (docs/adr/0014-import-jobs.md): an import is queued by its upload and run by the
 * runner in the background, with live progress, one at a time per kind, cancellable, resumed
 * after a restart and never left running. The handlers below are real ones of a made-up format
 * (each line of each file of the upload is a row), written like the MedDRA and catalogue
 * handlers must be: rows go to their own staging table keyed by the import, and the live table
 * changes only in the switch at the end.
 */

configure({ useWebWorkers: false });

let t: ImportTestApp;
let admin: SignedIn;

beforeAll(async () => {
  t = await createImportTestApp({ importMaxBytes: 1_000_000 });
  admin = await signIn(t, 'ADMIN');
  await t.database.db.execute(sql`create table import_test_staging (import_id uuid not null, entry text not null, line integer not null, value text not null)`);
  await t.database.db.execute(sql`create table import_test_live (kind text not null, entry text not null, line integer not null, value text not null)`);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());
afterEach(async () => {
  disconnectOpenedClients();
  await t.stopRunners();
  // An import a test left pending or running would keep the next one of its kind out.
  await t.database.db.update(imports).set({ status: 'C', dateEnd: new Date() }).where(sql`${imports.status} in ('P', 'D')`);
});

// ---- The test handlers -----------------------------------------------------------------------

/** Holds a handler at its first batch until the test opens it, or until its signal is aborted. */
class Gate {
  private reach!: () => void;
  private release!: () => void;
  readonly reached = new Promise<void>((resolve) => (this.reach = resolve));
  private readonly opened = new Promise<void>((resolve) => (this.release = resolve));
  private used = false;

  async pass(signal: AbortSignal): Promise<void> {
    if (this.used) return;
    this.used = true;
    this.reach();
    await new Promise<void>((resolve, reject) => {
      if (signal.aborted) reject(signal.reason as Error);
      signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
      void this.opened.then(resolve);
    });
  }

  open(): void {
    this.release();
  }
}

interface HandlerControl {
  /** Every run: the import, the password it was given, and whether it ended by switching its rows in. */
  runs: { code: string; password: string | null; switched: boolean; ended: boolean }[];
  gate?: Gate;
  /** Lines staged per batch (2 unless told: several progress writes even for a short file). */
  batch?: number;
  /** A badly written handler: it waits at the gate whatever its signal says. */
  deaf?: boolean;
}

async function zipEntries(ctx: ImportJobContext): Promise<{ name: string; text: string }[]> {
  const reader = new ZipReader(new Uint8ArrayReader(await readFile(ctx.filePath)));
  try {
    const entries = [];
    for (const entry of await reader.getEntries()) {
      if (entry.directory) continue;
      try {
        entries.push({ name: entry.filename, text: await entry.getData(new TextWriter(), { password: ctx.password ?? undefined }) });
      } catch (error) {
        if (error instanceof Error && /password/i.test(error.message)) throw new ImportRejected('La contraseña del archivo .ZIP no es correcta');
        throw error;
      }
    }
    return entries;
  } finally {
    await reader.close();
  }
}

/**
 * Each line of each file is a row (MedDRA: the files of the zip, 'version.txt' names the
 * version; data: the CSV, one table 'Productos'). A line 'MALO…' is a row error (the import is
 * rejected after the whole file was read), 'EXPLOTA' an unexpected failure.
 */
function linesHandler(kind: ImportKind, control: HandlerControl): ImportHandler {
  return {
    kind,
    async run(ctx) {
      const run = { code: ctx.code, password: ctx.password, switched: false, ended: false };
      control.runs.push(run);
      try {
        await work(ctx, run);
      } finally {
        run.ended = true;
      }
    },
  };

  async function work(ctx: ImportJobContext, run: HandlerControl['runs'][number]): Promise<void> {
    const all = kind === 'meddra' ? await zipEntries(ctx) : [{ name: 'Productos', text: await readFile(ctx.filePath, 'utf8') }];
    const version = all.find((entry) => entry.name === 'version.txt');
    const entries = all.filter((entry) => entry !== version);
    if (version) await ctx.setVersion(version.text.trim());
    await ctx.declareTables(entries.map((entry) => entry.name));
    // A resumed import starts again: its staging rows of an earlier run go first.
    await ctx.db.execute(sql`delete from import_test_staging where import_id = ${ctx.importId}`);
    const errors: ImportRowError[] = [];
    for (const [index, entry] of entries.entries()) {
      const lines = entry.text.split(/\r?\n/).filter((line) => line !== '');
      const share = (within: number) => Math.floor(((index + within) / entries.length) * 100);
      await ctx.tableStarted(entry.name, share(0));
      let inserted = 0;
      for (let start = 0; start < lines.length; start += control.batch ?? 2) {
        ctx.signal.throwIfAborted();
        const batch = lines.slice(start, start + (control.batch ?? 2));
        for (const [offset, line] of batch.entries()) {
          if (line === 'EXPLOTA') throw new Error('the test handler failed');
          if (line.startsWith('MALO')) errors.push({ sheet: entry.name, row: start + offset + 1, column: 'Valor', message: `Valor no válido: ${line}` });
        }
        await ctx.db.execute(
          sql`insert into import_test_staging (import_id, entry, line, value) values ${sql.join(
            batch.map((line, offset) => sql`(${ctx.importId}, ${entry.name}, ${start + offset + 1}, ${line})`),
            sql`, `,
          )}`,
        );
        inserted += batch.length;
        await ctx.tableProgress(entry.name, inserted, share(inserted / lines.length));
        await control.gate?.pass(control.deaf ? new AbortController().signal : ctx.signal);
      }
      await ctx.tableDone(entry.name, inserted, share(1));
    }
    if (errors.length > 0) throw new ImportRejected(`El archivo tiene ${errors.length} filas con errores`, errors);
    ctx.signal.throwIfAborted();
    // The switch: the live rows of the kind replaced by the staged ones, in one transaction.
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`delete from import_test_live where kind = ${kind}`);
      await tx.execute(sql`insert into import_test_live (kind, entry, line, value) select ${kind}, entry, line, value from import_test_staging where import_id = ${ctx.importId}`);
      await tx.execute(sql`delete from import_test_staging where import_id = ${ctx.importId}`);
    });
    run.switched = true;
  }
}

function handlers(control: HandlerControl = { runs: [] }) {
  return { meddra: linesHandler('meddra', control), data: linesHandler('data', control) };
}

async function liveRows(kind: ImportKind): Promise<string[]> {
  const { rows } = await t.database.db.execute<{ value: string }>(sql`select entry || ':' || value as value from import_test_live where kind = ${kind} order by entry, line`);
  return rows.map((row) => row.value);
}

// ---- Fixtures ---------------------------------------------------------------------------------

/** A release of the test format: `version.txt` and two files. */
function release(version: string, rows: { soc?: string[]; pt?: string[] } = {}) {
  return zipArchive([
    { name: 'version.txt', content: version },
    { name: 'soc.asc', content: (rows.soc ?? ['Trastornos cardíacos', 'Infecciones']).join('\r\n') },
    { name: 'pt.asc', content: (rows.pt ?? ['Cefalea', 'Náuseas', 'Mareo']).join('\n') },
  ]);
}

async function passwordZip(password: string, entries: Record<string, string>): Promise<Uint8Array> {
  const writer = new ZipWriter(new Uint8ArrayWriter(), { password, encryptionStrength: 3 });
  for (const [name, text] of Object.entries(entries)) await writer.add(name, new TextReader(text));
  return writer.close();
}

async function upload(kind: UploadImportKind, file: { name: string; content: Uint8Array | string } | null, fields: Record<string, string | undefined> = {}) {
  return uploadImport(t, admin, kind, file, fields);
}

async function started(kind: UploadImportKind, content: Uint8Array | string, fields: Record<string, string | undefined> = {}): Promise<ImportEntry> {
  const response = await upload(kind, { name: kind === 'meddra' ? 'MedDRA_27_1_Spanish.zip' : 'productos.csv', content }, fields);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ImportEntry>();
}

const cancel = (code: string, who: SignedIn = admin) => t.app.inject({ method: 'POST', url: `/api/${IMPORT_PATHS.cancel}/${code}`, headers: who.headers });

async function importRow(code: string) {
  const [row] = await t.database.db.select().from(imports).where(eq(imports.codeImport, code));
  if (!row) throw new Error(`no import ${code}`);
  return row;
}

// ---- The tests --------------------------------------------------------------------------------

describe('an import runs in the background', () => {
  it('answers the upload at once with the pending import, then runs it to S with each table counted', async () => {
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(imports);
    const entry = await started('meddra', release('27.1'));
    const year = new Date().getUTCFullYear();
    expect(entry).toMatchObject({ status: 'P', percentage: 0, FileName: 'MedDRA_27_1_Spanish.zip', Usuario: 'Prueba ADMIN', date_end: null, table: null, error: null, errors: 0, Tables: [] });
    expect(entry.code_import).toMatch(new RegExp(`^MED-${year}-\\d{4}$`));
    expect(new Date(entry.date_start).toISOString()).toBe(entry.date_start);
    expect((await t.database.db.select({ n: sql<number>`count(*)::int` }).from(imports))[0]?.n).toBe((before[0]?.n ?? 0) + 1);

    const control: HandlerControl = { runs: [] };
    t.startRunner(handlers(control));
    const done = await importReaches(t, admin, 'meddra', entry.code_import, ['S', 'E', 'C']);
    expect(done).toMatchObject({ status: 'S', percentage: 100, meddra_version: '27.1', table: null, error: null, errors: 0 });
    expect(done.date_end).not.toBeNull();
    expect(done.Tables.map(({ table, status, insterted }) => ({ table, status, insterted }))).toEqual([
      { table: 'soc.asc', status: 'S', insterted: 2 },
      { table: 'pt.asc', status: 'S', insterted: 3 },
    ]);
    for (const table of done.Tables) expect(table.date_start !== null && table.date_end !== null && table.date_start <= table.date_end).toBe(true);
    expect(await liveRows('meddra')).toEqual(['pt.asc:Cefalea', 'pt.asc:Náuseas', 'pt.asc:Mareo', 'soc.asc:Trastornos cardíacos', 'soc.asc:Infecciones']);
    expect(control.runs).toEqual([{ code: entry.code_import, password: null, switched: true, ended: true }]);

    // The upload is not kept once the import ended.
    const row = await importRow(entry.code_import);
    expect(row.fileId).toBeNull();
    expect(row.attempts).toBe(1);

    // The panel lists it first, with the same fields.
    const list = await t.app.inject({ method: 'GET', url: `/api/${IMPORT_PATHS.meddraList}`, headers: admin.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json<ImportEntry[]>()[0]).toEqual(done);
    // Not a data import.
    const other = await t.app.inject({ method: 'GET', url: `/api/${IMPORT_PATHS.dataDetail}/${entry.code_import}`, headers: admin.headers });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ Message: MSG.imports.notFound });
  });

  it('numbers the imports of each kind in their own sequence and lists the newest first', async () => {
    // The upload tells the runner at once: it does not wait for its poll (a minute here).
    t.startRunner(handlers(), { pollMs: 60_000 });
    const first = await started('data', 'Producto A\nProducto B');
    await importReaches(t, admin, 'data', first.code_import, ['S']);
    const second = await started('data', 'Producto C');
    await importReaches(t, admin, 'data', second.code_import, ['S']);
    expect(second.code_import).toMatch(/^DAT-\d{4}-\d{4}$/);
    expect(Number(second.code_import.slice(-4))).toBe(Number(first.code_import.slice(-4)) + 1);
    const list = (await t.app.inject({ method: 'GET', url: `/api/${IMPORT_PATHS.dataList}`, headers: admin.headers })).json<ImportEntry[]>();
    expect(list.slice(0, 2).map((entry) => entry.code_import)).toEqual([second.code_import, first.code_import]);
    expect(list.every((entry) => entry.code_import.startsWith('DAT-'))).toBe(true);
    expect(await liveRows('data')).toEqual(['Productos:Producto C']);
  });

  it('tells the ADMINs on the hub as it goes (and no other role)', async () => {
    const listener = await connected(t.app, admin.token);
    const heard: ImportProgressEvent[] = [];
    listener.socket.on(HUB_EVENTS.importProgress, (event: ImportProgressEvent) => heard.push(event));
    const qppv = await signIn(t, 'QPPV');
    const outsider = await connected(t.app, qppv.token);
    const overheard: ImportProgressEvent[] = [];
    outsider.socket.on(HUB_EVENTS.importProgress, (event: ImportProgressEvent) => overheard.push(event));

    const entry = await started('meddra', release('27.1', { pt: Array.from({ length: 20 }, (_, i) => `Término ${i}`) }));
    t.startRunner(handlers());
    await importReaches(t, admin, 'meddra', entry.code_import, ['S']);
    await expect.poll(() => heard.at(-1)?.status).toBe('S');
    const mine = heard.filter((event) => event.code_import === entry.code_import);
    expect(mine[0]).toEqual({ kind: 'meddra', code_import: entry.code_import, status: 'P', percentage: 0, table: null });
    expect(mine.at(-1)).toEqual({ kind: 'meddra', code_import: entry.code_import, status: 'S', percentage: 100, table: null });
    const running = mine.filter((event) => event.status === 'D');
    expect(running.length).toBeGreaterThan(2);
    expect(running.some((event) => event.table === 'pt.asc' && event.percentage > 0 && event.percentage < 100)).toBe(true);
    const percentages = running.map((event) => event.percentage);
    expect(percentages).toEqual([...percentages].sort((a, b) => a - b));
    await heardSentinel(t.configurationEvents, t.app.log, [outsider]);
    expect(overheard).toEqual([]);
  });

  it('gives the handler the zip password, and keeps it only encrypted and only while the import may run', async () => {
    const password = `Clave-${randomUUID()}`;
    const zip = await passwordZip(password, { 'version.txt': '27.0', 'llt.asc': 'Dolor de cabeza\nJaqueca' });
    const entry = await started('meddra', zip, { password });
    const waiting = await importRow(entry.code_import);
    expect(waiting.passwordEnc).toMatch(/^enc:v1:/);
    expect(JSON.stringify(waiting)).not.toContain(password);
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.kind, 'import.started'), eq(auditLog.pkId, waiting.id)));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain(password);

    const control: HandlerControl = { runs: [] };
    t.startRunner(handlers(control));
    const done = await importReaches(t, admin, 'meddra', entry.code_import, ['S', 'E']);
    expect(done.status).toBe('S');
    expect(control.runs[0]?.password).toBe(password);
    expect((await importRow(entry.code_import)).passwordEnc).toBeNull();
  });

  it('ends E with the reason of a handler that rejects the file (a wrong password), the live rows untouched', async () => {
    t.startRunner(handlers());
    const good = await started('meddra', release('26.0'));
    await importReaches(t, admin, 'meddra', good.code_import, ['S']);
    const live = await liveRows('meddra');
    const entry = await started('meddra', await passwordZip('la-buena', { 'llt.asc': 'Dolor' }), { password: 'otra' });
    const done = await importReaches(t, admin, 'meddra', entry.code_import, ['S', 'E']);
    expect(done).toMatchObject({ status: 'E', error: 'La contraseña del archivo .ZIP no es correcta', errors: 0 });
    expect(await liveRows('meddra')).toEqual(live);
    expect((await importRow(entry.code_import)).passwordEnc).toBeNull();
  });
});

describe('one import of a kind at a time', () => {
  it('refuses a second upload of the kind while one is pending, but takes one of the other kind', async () => {
    const first = await started('meddra', release('27.1'));
    const second = await upload('meddra', { name: 'otra.zip', content: release('27.1') });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ Message: 'Ya hay una importación de MedDRA en curso' });
    const data = await upload('data', { name: 'productos.csv', content: 'Producto' });
    expect(data.statusCode).toBe(200);
    const dataTwice = await upload('data', { name: 'productos.csv', content: 'Producto' });
    expect(dataTwice.json()).toMatchObject({ Message: 'Ya hay una importación de productos en curso' });
    // Refused while it runs too, and accepted again once it ended.
    const gate = new Gate();
    t.startRunner({ meddra: linesHandler('meddra', { runs: [], gate }), data: linesHandler('data', { runs: [] }) });
    await gate.reached;
    expect((await importRow(first.code_import)).status).toBe('D');
    expect((await upload('meddra', { name: 'otra.zip', content: release('27.1') })).statusCode).toBe(409);
    gate.open();
    await importReaches(t, admin, 'meddra', first.code_import, ['S']);
    await importReaches(t, admin, 'data', data.json<ImportEntry>().code_import, ['S']);
    const third = await upload('meddra', { name: 'otra.zip', content: release('27.2') });
    expect(third.statusCode).toBe(200);
  });

  it('lets exactly one of several racing uploads of a kind in', async () => {
    const answers = await Promise.all(Array.from({ length: 4 }, () => upload('data', { name: 'productos.csv', content: 'Producto X\nProducto Y' })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409]);
    for (const answer of answers.filter((a) => a.statusCode === 409)) expect(answer.json()).toMatchObject({ Message: 'Ya hay una importación de productos en curso' });
    const active = await t.database.db.select().from(imports).where(and(eq(imports.kind, 'data'), sql`${imports.status} in ('P', 'D')`));
    expect(active).toHaveLength(1);
    // The refused uploads stored nothing: one file, the accepted one's.
    const stored = await t.database.db.select({ id: files.id }).from(files).where(eq(files.id, active[0]?.fileId ?? randomUUID()));
    expect(stored).toHaveLength(1);
  });

  it('refuses an upload whose body was still arriving when another one of its kind was queued, storing nothing', async () => {
    const { port } = t.app.server.address() as AddressInfo;
    const body = await multipartBody({ FileName: 'lento.zip' }, [{ name: 'lento.zip', content: release('27.1') }]);
    const filesBefore = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(files))[0]?.n;
    let answer: (value: { status: number; body: string }) => void = () => undefined;
    const answered = new Promise<{ status: number; body: string }>((resolve) => (answer = resolve));
    const slow = httpRequest({ port, host: '127.0.0.1', method: 'POST', path: `/api/${IMPORT_PATHS.meddraUpload}`, headers: { ...admin.headers, ...body.headers, 'content-length': String(body.payload.length) } });
    slow.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => answer({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    slow.write(body.payload.subarray(0, 100));
    // Past the first check (no import running): it holds an upload slot, waiting for its bytes.
    await expect.poll(() => t.app.resourceLimits.uploadSlots.inUse).toBe(1);
    const fast = await upload('meddra', { name: 'rapido.zip', content: release('27.2') });
    expect(fast.statusCode).toBe(200);
    slow.end(body.payload.subarray(100));
    const late = await answered;
    expect(late.status).toBe(409);
    expect(JSON.parse(late.body)).toMatchObject({ Message: 'Ya hay una importación de MedDRA en curso' });
    expect((await t.database.db.select({ n: sql<number>`count(*)::int` }).from(files))[0]?.n).toBe((filesBefore ?? 0) + 1);
  });
});

describe('cancel', () => {
  it('ends a pending import C at once, audited, and refuses to cancel it again', async () => {
    const entry = await started('meddra', release('27.1'));
    const fileId = (await importRow(entry.code_import)).fileId;
    const response = await cancel(entry.code_import);
    expect(response.statusCode).toBe(200);
    expect(response.json<ImportEntry>()).toMatchObject({ code_import: entry.code_import, status: 'C' });
    expect(response.json<ImportEntry>().date_end).not.toBeNull();
    expect(await t.database.db.select().from(files).where(eq(files.id, fileId ?? randomUUID()))).toEqual([]);
    const row = await importRow(entry.code_import);
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.kind, 'import.cancelled'), eq(auditLog.pkId, row.id)));
    expect(audit).toMatchObject([{ instance: 'Configuracion', operationType: 'U', userId: admin.user.id, referenceNumber: entry.code_import }]);
    const again = await cancel(entry.code_import);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ Message: MSG.imports.alreadyFinished });
    // A runner started afterwards does not run it.
    const control: HandlerControl = { runs: [] };
    t.startRunner(handlers(control));
    const next = await started('meddra', release('27.2'));
    await importReaches(t, admin, 'meddra', next.code_import, ['S']);
    expect(control.runs.map((run) => run.code)).toEqual([next.code_import]);
  });

  it('stops a running import: the handler sees its signal, the import ends C and the live rows stay as they were', async () => {
    t.startRunner(handlers());
    const good = await started('data', 'Vigente 1\nVigente 2');
    await importReaches(t, admin, 'data', good.code_import, ['S']);
    await t.stopRunners();
    const live = await liveRows('data');

    const gate = new Gate();
    const control: HandlerControl = { runs: [], gate };
    t.startRunner(handlers(control), { heartbeatMs: 60_000 });
    const entry = await started('data', 'Nuevo 1\nNuevo 2\nNuevo 3\nNuevo 4');
    await gate.reached;
    const running = await importDetail(t, admin, 'data', entry.code_import);
    expect(running).toMatchObject({ status: 'D', table: 'Productos' });
    // Staged rows exist; the live ones are unchanged.
    const { rows: staged } = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from import_test_staging where import_id = ${(await importRow(entry.code_import)).id}`);
    expect(Number(staged[0]?.n)).toBe(2);

    const response = await cancel(entry.code_import);
    expect(response.statusCode).toBe(200);
    // The runner of this process is told at once (its heartbeat would come only in a minute).
    const done = await importReaches(t, admin, 'data', entry.code_import, ['C', 'S', 'E']);
    expect(done.status).toBe('C');
    expect(done.date_end).not.toBeNull();
    expect(done.Tables).toMatchObject([{ table: 'Productos', status: 'C' }]);
    expect(control.runs).toMatchObject([{ code: entry.code_import, switched: false }]);
    expect(await liveRows('data')).toEqual(live);
    expect((await importRow(entry.code_import)).fileId).toBeNull();
    expect((await cancel(entry.code_import)).statusCode).toBe(409);
  });

  it('ends C without it a running import whose handler does not stop', async () => {
    const gate = new Gate();
    const control: HandlerControl = { runs: [], gate, deaf: true };
    t.startRunner(handlers(control), { cancelGraceMs: 300 });
    const entry = await started('data', 'Uno\nDos\nTres');
    await gate.reached;
    expect((await cancel(entry.code_import)).statusCode).toBe(200);
    const done = await importReaches(t, admin, 'data', entry.code_import, ['C', 'S', 'E']);
    expect(done.status).toBe('C');
    // When it finally goes on, its writes find the import no longer its own: nothing changes.
    gate.open();
    await expect.poll(() => control.runs[0]?.ended).toBe(true);
    expect(control.runs[0]?.switched).toBe(false);
    expect(await importDetail(t, admin, 'data', entry.code_import)).toEqual(done);
  });

  it('answers 404 for an unknown code and 400 for a malformed one', async () => {
    const unknown = await cancel('MED-1999-9999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ Message: MSG.imports.notFound });
    for (const code of ['MED-2026', 'XYZ-2026-0001', 'med-2026-0001', "MED-2026-0001'--", 'MED-2026-00001234567890']) {
      const malformed = await cancel(encodeURIComponent(code));
      expect(malformed.statusCode, code).toBe(400);
      expect(malformed.json()).toMatchObject({ Message: MSG.imports.invalidCode });
    }
  });
});

describe('a restart', () => {
  /** Leaves an import as a dead process would: D, claimed by a runner that is gone, its heartbeat old. */
  async function orphan(code: string, attempts: number): Promise<void> {
    await t.database.db
      .update(imports)
      .set({ status: 'D', attempts, runToken: randomUUID(), heartbeatAt: new Date(Date.now() - 60 * 60 * 1000), percentage: 40, currentTable: 'soc.asc' })
      .where(eq(imports.codeImport, code));
  }

  it('resumes an import its dead process left running, from the beginning', async () => {
    const entry = await started('meddra', release('27.1'));
    await orphan(entry.code_import, 1);
    const { id } = await importRow(entry.code_import);
    // The dead run had staged rows: the handler clears them first.
    await t.database.db.execute(sql`insert into import_test_staging values (${id}, 'soc.asc', 1, 'Restos de la ejecución interrumpida')`);
    const control: HandlerControl = { runs: [] };
    t.startRunner(handlers(control));
    const done = await importReaches(t, admin, 'meddra', entry.code_import, ['S', 'E', 'C']);
    expect(done).toMatchObject({ status: 'S', percentage: 100 });
    expect(done.Tables.map((table) => table.insterted)).toEqual([2, 3]);
    expect(await liveRows('meddra')).not.toContain('soc.asc:Restos de la ejecución interrumpida');
    expect((await importRow(entry.code_import)).attempts).toBe(2);
    expect(control.runs).toHaveLength(1);
  });

  it('ends E an import interrupted more times than allowed', async () => {
    const entry = await started('meddra', release('27.1'));
    await orphan(entry.code_import, 3);
    const control: HandlerControl = { runs: [] };
    t.startRunner(handlers(control));
    const done = await importReaches(t, admin, 'meddra', entry.code_import, ['S', 'E', 'C']);
    expect(done).toMatchObject({ status: 'E', error: 'La importación se interrumpió varias veces; vuelva a intentarlo' });
    expect(control.runs).toEqual([]);
    expect((await importRow(entry.code_import)).fileId).toBeNull();
  });

  it('gives a running import back at shutdown; the next runner resumes it', async () => {
    const gate = new Gate();
    const control: HandlerControl = { runs: [], gate };
    const runner = t.startRunner(handlers(control));
    const entry = await started('data', 'Uno\nDos\nTres');
    await gate.reached;
    await runner.stop();
    const given = await importRow(entry.code_import);
    expect(given).toMatchObject({ status: 'D', heartbeatAt: null, runToken: null, attempts: 0 });
    expect(control.runs).toMatchObject([{ switched: false }]);

    t.startRunner(handlers(control));
    const done = await importReaches(t, admin, 'data', entry.code_import, ['S', 'E', 'C']);
    expect(done).toMatchObject({ status: 'S', Tables: [{ table: 'Productos', status: 'S', insterted: 3 }] });
    expect(control.runs).toMatchObject([{ switched: false }, { switched: true }]);
    expect((await importRow(entry.code_import)).attempts).toBe(1);
  });

  it('when a live but silent runner is presumed dead, the runner that took its import over is the only one whose writes count', async () => {
    const gate = new Gate();
    const slow: HandlerControl = { runs: [], gate };
    // Its heartbeat comes only after a minute: the import looks abandoned after a second.
    t.startRunner(handlers(slow), { heartbeatMs: 60_000, pollMs: 60_000 });
    const entry = await started('data', 'Uno\nDos\nTres\nCuatro');
    await gate.reached;
    const other: HandlerControl = { runs: [] };
    t.startRunner(handlers(other));
    await expect.poll(() => other.runs.length, { timeout: 10_000 }).toBe(1);
    const done = await importReaches(t, admin, 'data', entry.code_import, ['S', 'E', 'C']);
    expect(done.status).toBe('S');
    gate.open();
    // The first runner's next write finds its claim gone: it stops, changes nothing.
    await expect.poll(() => slow.runs[0]?.ended).toBe(true);
    expect(slow.runs).toMatchObject([{ switched: false }]);
    expect(await importDetail(t, admin, 'data', entry.code_import)).toEqual(done);
    expect(await liveRows('data')).toEqual(['Productos:Uno', 'Productos:Dos', 'Productos:Tres', 'Productos:Cuatro']);
  });
});

describe('failures end the import with a Spanish reason', () => {
  it('ends E with the row errors of a rejected file, downloadable as a CSV', async () => {
    t.startRunner(handlers());
    const entry = await started('data', 'Bueno\nMALO;uno\nBueno\nMALO "dos"');
    const done = await importReaches(t, admin, 'data', entry.code_import, ['S', 'E', 'C']);
    expect(done).toMatchObject({ status: 'E', error: 'El archivo tiene 2 filas con errores', errors: 2 });
    const report = await t.app.inject({ method: 'GET', url: `/api/${IMPORT_PATHS.errorReport}/${entry.code_import}`, headers: admin.headers });
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(report.headers['content-disposition']).toBe(`attachment; filename=Errores-${entry.code_import}.csv`);
    expect(report.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(report.body.slice(1).split('\r\n')).toEqual([
      'El archivo tiene 2 filas con errores',
      'Hoja;Fila;Columna;Mensaje',
      'Productos;2;Valor;"Valor no válido: MALO;uno"',
      'Productos;4;Valor;"Valor no válido: MALO ""dos"""',
      '',
    ]);
  });

  it('keeps at most 10,000 row errors and says how many there were', async () => {
    t.startRunner(handlers({ runs: [], batch: 2_000 }));
    const lines = Array.from({ length: 10_003 }, (_, i) => `MALO ${i}`).join('\n');
    const entry = await started('data', lines);
    const done = await importReaches(t, admin, 'data', entry.code_import, ['S', 'E', 'C']);
    expect(done).toMatchObject({ status: 'E', errors: 10_003 });
    const { id } = await importRow(entry.code_import);
    expect((await t.database.db.select({ n: sql<number>`count(*)::int` }).from(importErrors).where(eq(importErrors.importId, id)))[0]?.n).toBe(10_000);
    const report = await t.app.inject({ method: 'GET', url: `/api/${IMPORT_PATHS.errorReport}/${entry.code_import}`, headers: admin.headers });
    const reportLines = report.body.split('\r\n');
    expect(reportLines).toHaveLength(2 + 10_000 + 1 + 1);
    expect(reportLines.at(-2)).toBe('Se muestran los primeros 10.000 de 10.003 errores');
  });

  it('ends E with a generic reason when the handler fails unexpectedly, and the server answers on', async () => {
    t.startRunner(handlers());
    const entry = await started('data', 'Uno\nEXPLOTA\nTres');
    const done = await importReaches(t, admin, 'data', entry.code_import, ['S', 'E', 'C']);
    expect(done).toMatchObject({ status: 'E', error: MSG.imports.unexpected, errors: 0 });
    const report = await t.app.inject({ method: 'GET', url: `/api/${IMPORT_PATHS.errorReport}/${entry.code_import}`, headers: admin.headers });
    // The reason holds a ';': quoted.
    expect(report.body.slice(1).split('\r\n')).toEqual([`"${MSG.imports.unexpected}"`, 'Hoja;Fila;Columna;Mensaje', '']);
    expect((await upload('data', { name: 'productos.csv', content: 'Otra vez' })).statusCode).toBe(200);
  });

  it('ends E an import of a kind this server has no handler for', async () => {
    t.startRunner({ data: linesHandler('data', { runs: [] }) });
    const entry = await started('meddra', release('27.1'));
    const done = await importReaches(t, admin, 'meddra', entry.code_import, ['S', 'E', 'C']);
    expect(done).toMatchObject({ status: 'E', error: MSG.imports.noHandler });
  });
});

describe('bad input', () => {
  it('refuses a MedDRA upload that is not a .zip by name or by content, or has no file', async () => {
    const cases: [{ name: string; content: Uint8Array | string } | null, string][] = [
      [{ name: 'MedDRA.rar', content: release('27.1') }, MSG.imports.zipRequired],
      [{ name: 'MedDRA', content: release('27.1') }, MSG.imports.zipRequired],
      [{ name: 'MedDRA.zip', content: 'esto no es un zip' }, MSG.imports.notAZip],
      [{ name: 'MedDRA.zip', content: '' }, MSG.imports.notAZip],
      [null, MSG.imports.fileRequired],
    ];
    for (const [file, message] of cases) {
      const response = await upload('meddra', file);
      expect(response.statusCode, file?.name).toBe(400);
      expect(response.json()).toMatchObject({ Message: message });
    }
    // The name field decides: a .zip sent under another name is judged by FileName.
    const renamed = await upload('meddra', { name: 'MedDRA.zip', content: release('27.1') }, { FileName: 'MedDRA.exe' });
    expect(renamed.json()).toMatchObject({ Message: MSG.imports.zipRequired });
    expect(await t.database.db.select().from(imports).where(sql`${imports.status} in ('P', 'D')`)).toEqual([]);
  });

  it('refuses a product file that is not .xlsx or .csv by name or by content', async () => {
    const cases: [{ name: string; content: Uint8Array | string }, string][] = [
      [{ name: 'productos.pdf', content: '%PDF-1.4' }, MSG.imports.dataFileRequired],
      [{ name: 'productos.xlsx', content: 'Codigo;Nombre' }, MSG.imports.dataFileInvalid],
      [{ name: 'productos.xlsx', content: release('1') }, MSG.imports.dataFileInvalid],
      [{ name: 'productos.csv', content: new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03]) }, MSG.imports.dataFileInvalid],
    ];
    for (const [file, message] of cases) {
      const response = await upload('data', file);
      expect(response.statusCode, file.name).toBe(400);
      expect(response.json()).toMatchObject({ Message: message });
    }
  });

  it('refuses a NUL in FileName or in the password, a password too long, and a body that is not multipart', async () => {
    for (const fields of [{ FileName: 'Med\u0000DRA.zip' }, { password: 'cla\u0000ve' }]) {
      const response = await upload('meddra', { name: 'MedDRA.zip', content: release('27.1') }, fields);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ Message: MSG.generic.invalidCharacters });
    }
    const long = await upload('meddra', { name: 'MedDRA.zip', content: release('27.1') }, { password: 'x'.repeat(257) });
    expect(long.json()).toMatchObject({ Message: MSG.imports.passwordTooLong });
    const json = await t.app.inject({ method: 'POST', url: `/api/${IMPORT_PATHS.meddraUpload}`, headers: admin.headers, payload: { FileName: 'a.zip' } });
    expect(json.statusCode).toBe(415);
    expect(await t.database.db.select().from(imports).where(sql`${imports.status} in ('P', 'D')`)).toEqual([]);
  });

  it('refuses with 413 a file over the limit, declared or not', async () => {
    const big = new Uint8Array(1_200_000);
    big.set(release('27.1'));
    const declared = await upload('meddra', { name: 'MedDRA.zip', content: big });
    expect(declared.statusCode).toBe(413);
    expect(declared.json()).toMatchObject({ Message: 'El archivo supera el tamaño máximo permitido para una importación (1 MB)' });
    // Sent chunked, without a length: cut at the limit.
    const body = await multipartBody({ FileName: 'MedDRA.zip' }, [{ name: 'MedDRA.zip', content: big }]);
    const chunked = await t.app.inject({
      method: 'POST',
      url: `/api/${IMPORT_PATHS.meddraUpload}`,
      headers: { ...admin.headers, ...body.headers },
      payload: Readable.from([body.payload.subarray(0, 500_000), body.payload.subarray(500_000)]),
    });
    expect(chunked.statusCode).toBe(413);
    expect(chunked.json()).toMatchObject({ Message: MSG.imports.tooLarge('1') });
    expect(await t.database.db.select().from(imports).where(sql`${imports.status} in ('P', 'D')`)).toEqual([]);
  });

  it('answers 413 to a 2 GB upload before it is sent', async () => {
    const { port } = t.app.server.address() as AddressInfo;
    const boundary = 'atalaya-limite';
    const status = await new Promise<number>((resolve, reject) => {
      const request = httpRequest({
        port,
        host: '127.0.0.1',
        method: 'POST',
        path: `/api/${IMPORT_PATHS.meddraUpload}`,
        headers: { ...admin.headers, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(2 * 1024 ** 3) },
      });
      request.on('response', (response) => {
        resolve(response.statusCode ?? 0);
        response.resume();
        request.destroy();
      });
      request.on('error', (error) => (error.message.includes('socket hang up') ? undefined : reject(error)));
      // A first piece only: the answer must come without the rest.
      request.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="MedDRA.zip"\r\n\r\n`);
      request.write(Buffer.alloc(64 * 1024));
    });
    expect(status).toBe(413);
  });

  it('answers 404 for an unknown import and 400 for a malformed code on every read', async () => {
    for (const path of [IMPORT_PATHS.meddraDetail, IMPORT_PATHS.dataDetail, IMPORT_PATHS.errorReport]) {
      const unknown = await t.app.inject({ method: 'GET', url: `/api/${path}/DAT-1999-0001`, headers: admin.headers });
      expect(unknown.statusCode, path).toBe(404);
      expect(unknown.json()).toMatchObject({ Message: MSG.imports.notFound });
      const malformed = await t.app.inject({ method: 'GET', url: `/api/${path}/1%20or%201=1`, headers: admin.headers });
      expect(malformed.statusCode, path).toBe(400);
      expect(malformed.json()).toMatchObject({ Message: MSG.imports.invalidCode });
    }
  });

  it('lets no other role in (403), on every route', async () => {
    const routes: [string, string][] = [
      ['POST', IMPORT_PATHS.meddraUpload],
      ['POST', IMPORT_PATHS.dataUpload],
      ['GET', IMPORT_PATHS.meddraList],
      ['GET', IMPORT_PATHS.dataList],
      ['GET', `${IMPORT_PATHS.meddraDetail}/MED-2026-0001`],
      ['GET', `${IMPORT_PATHS.dataDetail}/DAT-2026-0001`],
      ['POST', `${IMPORT_PATHS.cancel}/MED-2026-0001`],
      ['GET', `${IMPORT_PATHS.errorReport}/MED-2026-0001`],
    ];
    for (const role of ROLES.filter((r) => r !== 'ADMIN')) {
      const who = await signIn(t, role);
      const body = await multipartBody({ FileName: 'MedDRA.zip' }, [{ name: 'MedDRA.zip', content: release('27.1') }]);
      for (const [method, path] of routes) {
        const response = await t.app.inject({ method: method as 'GET' | 'POST', url: `/api/${path}`, headers: { ...who.headers, ...(method === 'POST' ? body.headers : {}) }, ...(method === 'POST' ? { payload: body.payload } : {}) });
        expect(response.statusCode, `${role} ${method} ${path}`).toBe(403);
        expect(response.json()).toMatchObject({ Message: MSG.errors.forbidden });
      }
    }
    expect(await t.database.db.select().from(imports).where(sql`${imports.status} in ('P', 'D')`)).toEqual([]);
  });
});
