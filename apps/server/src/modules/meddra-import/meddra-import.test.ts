import { ER_STATUS, type ErRam, MSG } from '@atalaya/domain';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import {
  imports,
  MEDDRA_LEVEL,
  meddraHlgt,
  meddraHlgtHlt,
  meddraHlt,
  meddraHltPt,
  meddraImportLinks,
  meddraImportTerms,
  meddraLlt,
  meddraPt,
  meddraSmq,
  meddraSmqTerms,
  meddraSoc,
  meddraSocHlgt,
  meddraVersions,
} from '../../db/schema/index.js';
import { createTestAppOn, type TestApp } from '../../test-support/app.js';
import { ramForm } from '../../test-support/case-medications.js';
import { createCase } from '../../test-support/cases.js';
import { signIn, type SignedIn } from '../../test-support/home-reports.js';
import { type ImportCall, recordingContext, type RecordingContext } from '../../test-support/import-context.js';
import { type Release, releaseFiles, sampleRelease, zipFiles, type ZipOptions, zipFolder } from '../../test-support/meddra-release.js';
import { privateTestDatabase } from '../../test-support/private-db.js';
import { zipArchive } from '../../test-support/zip.js';
import { ImportRejected } from '../imports/index.js';
import { createMeddraImportHandler, loadedMeddraVersion, meddraImportHandler, type MeddraImportOptions } from './index.js';

// Every import here switches the whole dictionary (terms left out become non-current): on
// PostgreSQL the file gets a database of its own.
let database: Database;
let drop: () => Promise<void>;
let t: TestApp;
let folder: Awaited<ReturnType<typeof zipFolder>>;
let rlf: SignedIn;

beforeAll(async () => {
  ({ database, drop } = await privateTestDatabase());
  t = await createTestAppOn(database);
  folder = await zipFolder();
  rlf = await signIn(t, 'RLF', 'UY');
});
afterAll(async () => {
  await t.close();
  await drop();
  await folder.remove();
});

/** A word of its own for each release, so that searches see only its terms. */
function word(): string {
  return Array.from({ length: 7 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
}

interface Run {
  recording: RecordingContext;
  error: unknown;
}

/** Runs an import of the zip; answers what it recorded and the error it ended with (undefined when none). */
async function runImport(
  bytes: Uint8Array,
  options: { password?: string | null; handler?: MeddraImportOptions; importId?: string; onCall?: (call: ImportCall, context: RecordingContext) => void } = {},
): Promise<Run> {
  const filePath = await folder.write(bytes);
  const recording = await recordingContext(t.database.db, {
    filePath,
    password: options.password ?? null,
    ...(options.importId ? { importId: options.importId } : {}),
    ...(options.onCall ? { onCall: options.onCall } : {}),
  });
  const handler = options.handler ? createMeddraImportHandler(options.handler) : meddraImportHandler;
  try {
    await handler.run(recording.ctx);
    return { recording, error: undefined };
  } catch (error) {
    return { recording, error };
  }
}

async function importOk(release: Release, zip: ZipOptions = {}, password?: string): Promise<RecordingContext> {
  const { recording, error } = await runImport(await zipFiles(releaseFiles(release), zip), { password: password ?? null });
  expect(error).toBeUndefined();
  return recording;
}

/** The import's refusal: its Spanish message and row errors. */
function rejection(run: Run): ImportRejected {
  expect(run.error).toBeInstanceOf(ImportRejected);
  return run.error as ImportRejected;
}

async function search(term: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/getMedDRALLT/${encodeURIComponent(term)}` });
  expect(response.statusCode).toBe(200);
  return response.json<{ llt_code: number; llt_name: string; pt_name: string; soc_name: string }[]>();
}

/** Everything the dictionary holds, in a stable order (what a failed import must leave as it was). */
async function dictionary() {
  const db = t.database.db;
  return {
    socs: await db.select().from(meddraSoc).orderBy(asc(meddraSoc.code)),
    hlgts: await db.select().from(meddraHlgt).orderBy(asc(meddraHlgt.code)),
    hlts: await db.select().from(meddraHlt).orderBy(asc(meddraHlt.code)),
    pts: await db.select().from(meddraPt).orderBy(asc(meddraPt.code)),
    llts: await db.select().from(meddraLlt).orderBy(asc(meddraLlt.code)),
    socHlgt: await db.select().from(meddraSocHlgt).orderBy(asc(meddraSocHlgt.socCode), asc(meddraSocHlgt.hlgtCode)),
    hlgtHlt: await db.select().from(meddraHlgtHlt).orderBy(asc(meddraHlgtHlt.hlgtCode), asc(meddraHlgtHlt.hltCode)),
    hltPt: await db.select().from(meddraHltPt).orderBy(asc(meddraHltPt.hltCode), asc(meddraHltPt.ptCode)),
    versions: await db.select().from(meddraVersions).orderBy(asc(meddraVersions.id)),
    smqs: await db.select({ importId: meddraSmq.importId, code: meddraSmq.code }).from(meddraSmq).orderBy(asc(meddraSmq.importId), asc(meddraSmq.code)),
  };
}

/** Rows an import left in the staging tables. */
async function stagingRows(importId: string): Promise<number> {
  const db = t.database.db;
  const [terms] = await db.select({ n: sql<number>`count(*)::int` }).from(meddraImportTerms).where(eq(meddraImportTerms.importId, importId));
  const [links] = await db.select({ n: sql<number>`count(*)::int` }).from(meddraImportLinks).where(eq(meddraImportLinks.importId, importId));
  return (terms?.n ?? 0) + (links?.n ?? 0);
}

/** A release's files with one file's text changed. */
function withFile(release: Release, name: string, change: (text: string) => string, eol = '\r\n'): Record<string, string> {
  const files = releaseFiles(release, { eol });
  files[name] = change(files[name] ?? '');
  return files;
}

describe('reading a release', () => {
  it('loads a release in UTF-8 with CRLF line ends and the trailing $, from MedAscii/, one Tables entry a file', async () => {
    const w = word();
    const release = sampleRelease(w);
    const recording = await importOk(release);

    expect(recording.tables()).toEqual([
      { table: 'meddra_release.asc', inserted: 1 },
      { table: 'soc.asc', inserted: 2 },
      { table: 'hlgt.asc', inserted: 2 },
      { table: 'hlt.asc', inserted: 3 },
      { table: 'pt.asc', inserted: 3 },
      { table: 'llt.asc', inserted: 6 },
      { table: 'soc_hlgt.asc', inserted: 2 },
      { table: 'hlgt_hlt.asc', inserted: 3 },
      { table: 'hlt_pt.asc', inserted: 4 },
      { table: 'mdhier.asc', inserted: 4 },
    ]);
    expect(recording.version()).toBe('27.0');
    // Each entry starts, then ends; the percentage never goes back and stays below 100 (the runner ends it).
    const percentages = recording.calls.flatMap((call) => ('percentage' in call ? [call.percentage] : []));
    expect(percentages).toEqual([...percentages].sort((a, b) => a - b));
    expect(Math.max(...percentages)).toBeLessThan(100);

    // The typeahead offers the current LLTs with their PT and the PT's primary SOC (Cefalea is
    // also under a gastrointestinal HLT: mdhier.asc flags the nervous system primary).
    expect(await search(w)).toEqual(
      expect.arrayContaining([
        { llt_code: release.llts[0]?.code, llt_name: `Cefalea ${w}`, pt_name: `Cefalea ${w}`, soc_name: `Trastornos del sistema nervioso ${w}` },
        { llt_code: release.llts[1]?.code, llt_name: `Dolor de cabeza ${w}`, pt_name: `Cefalea ${w}`, soc_name: `Trastornos del sistema nervioso ${w}` },
        { llt_code: release.llts[3]?.code, llt_name: `Náusea ${w}`, pt_name: `Náusea ${w}`, soc_name: `Trastornos gastrointestinales ${w}` },
        { llt_code: release.llts[5]?.code, llt_name: `Pequeño mal ${w}`, pt_name: `Pequeño mal ${w}`, soc_name: `Trastornos del sistema nervioso ${w}` },
      ]),
    );
    expect((await search(w)).map((llt) => llt.llt_name)).not.toContain(`Cefalalgia ${w}`);
    const [cefalalgia] = await t.database.db.select().from(meddraLlt).where(eq(meddraLlt.code, release.llts[2]?.code ?? 0));
    expect(cefalalgia).toEqual({
      code: release.llts[2]?.code,
      name: `Cefalalgia ${w}`,
      ptCode: release.pts[0]?.code,
      current: false,
      introducedBy: recording.ctx.importId,
      // The typeahead's folded name, stored by the database.
      searchName: `cefalalgia ${w.toLowerCase()}`,
    });

    // The hierarchy, multi-axial PT included.
    const links = await t.database.db.select().from(meddraHltPt).where(eq(meddraHltPt.ptCode, release.pts[0]?.code ?? 0)).orderBy(asc(meddraHltPt.hltCode));
    expect(links.map((link) => link.hltCode)).toEqual(release.pts[0]?.hltCodes);
    const [soc] = await t.database.db.select().from(meddraSoc).where(eq(meddraSoc.code, release.socs[0]?.code ?? 0));
    expect(soc).toEqual(release.socs[0]);

    expect(await loadedMeddraVersion(t.database.db)).toEqual({ version: '27.0', language: 'Spanish', codeImport: recording.ctx.code, loadedAt: expect.any(Date) });
    expect(await stagingRows(recording.ctx.importId)).toBe(0);
  });

  it('reads files in windows-1252 with LF line ends, at the root of the zip, whatever the case of their names', async () => {
    const w = word();
    const release = sampleRelease(w);
    const files = Object.fromEntries(Object.entries(releaseFiles(release, { eol: '\n' })).map(([name, text]) => [name.toUpperCase(), text]));
    const { error } = await runImport(await zipFiles(files, { folder: '', encoding: 'latin1' }));
    expect(error).toBeUndefined();
    expect((await search(`pequeño mal ${w}`)).map((llt) => [llt.llt_name, llt.pt_name])).toEqual([[`Pequeño mal ${w}`, `Pequeño mal ${w}`]]);
    expect((await search(`náusea ${w}`)).map((llt) => llt.soc_name)).toEqual([`Trastornos gastrointestinales ${w}`]);
  });

  it('drops the byte order mark of a UTF-8 file', async () => {
    const w = word();
    const release = sampleRelease(w);
    const files = Object.fromEntries(Object.entries(releaseFiles(release)).map(([name, text]) => [name, `\uFEFF${text}`]));
    const { error } = await runImport(await zipFiles(files));
    expect(error).toBeUndefined();
    const [soc] = await t.database.db.select().from(meddraSoc).where(eq(meddraSoc.code, release.socs[0]?.code ?? 0));
    expect(soc?.code).toBe(release.socs[0]?.code);
    expect(await search(`cefalea ${w}`)).toHaveLength(1);
  });

  it.each([
    ['ZipCrypto', true],
    ['AES', false],
  ])('opens a zip protected with a password (%s)', async (_name, zipCrypto) => {
    const w = word();
    const recording = await importOk(sampleRelease(w), { password: 'Clave-MedDRA-27', zipCrypto }, 'Clave-MedDRA-27');
    expect(recording.tables().every((table) => table.inserted !== null)).toBe(true);
    expect(await search(`dolor de cabeza ${w}`)).toHaveLength(1);
  });

  it.each([
    ['ZipCrypto', true],
    ['AES', false],
  ])('refuses a wrong password and an encrypted zip without one (%s)', async (_name, zipCrypto) => {
    const bytes = await zipFiles(releaseFiles(sampleRelease(word())), { password: 'Clave-MedDRA-27', zipCrypto });
    const before = await dictionary();
    expect(rejection(await runImport(bytes, { password: 'otra-clave' })).message).toBe(MSG.meddraImport.wrongPassword);
    expect(rejection(await runImport(bytes)).message).toBe(MSG.meddraImport.passwordRequired);
    expect(MSG.meddraImport.wrongPassword).toBe('La contraseña del archivo ZIP no es correcta');
    expect(await dictionary()).toEqual(before);
  });

  it('refuses a zip without llt.asc, and SMQ files one without the other', async () => {
    const files = releaseFiles(sampleRelease(word()));
    delete files['llt.asc'];
    expect(rejection(await runImport(await zipFiles(files))).message).toBe(MSG.meddraImport.fileMissing('llt.asc'));

    const release = { ...sampleRelease(word()), smqs: [{ code: 20_000_001, name: 'SMQ de prueba', terms: [] }] };
    const onlyList = releaseFiles(release);
    delete onlyList['smq_content.asc'];
    expect(rejection(await runImport(await zipFiles(onlyList))).message).toBe(MSG.meddraImport.smqIncomplete('smq_list.asc', 'smq_content.asc'));
  });

  it('refuses a file of another layout, naming the file, the line and the field', async () => {
    const release = sampleRelease(word());
    const before = await dictionary();

    // A line of llt.asc with a field less (the last line: the lines before it were loaded).
    const short = withFile(release, 'llt.asc', (text) => text.replace(/\$Y\$\$\r\n$/, '$Y$\r\n'));
    const shortRun = await runImport(await zipFiles(short));
    const shortError = rejection(shortRun);
    expect(shortError.message).toBe(MSG.meddraImport.fieldCount('llt.asc', 6, 11, 10));
    expect(shortError.rowErrors).toEqual([{ sheet: 'llt.asc', row: 6, column: '', message: shortError.message }]);

    const letters = withFile(release, 'pt.asc', (text) => text.replace(/^(.*\r\n)\d+/, '$1ABC'));
    const lettersError = rejection(await runImport(await zipFiles(letters)));
    expect(lettersError.message).toBe(MSG.meddraImport.notACode('pt.asc', 2, 1));
    expect(lettersError.rowErrors).toEqual([{ sheet: 'pt.asc', row: 2, column: 'campo 1', message: lettersError.message }]);

    const currency = withFile(release, 'llt.asc', (text) => text.replace('$Y$$', () => '$S$$'));
    expect(rejection(await runImport(await zipFiles(currency))).message).toBe(MSG.meddraImport.flagInvalid('llt.asc', 1, 10));

    const version = withFile(release, 'meddra_release.asc', () => 'Versión 27$Spanish$$$$\r\n');
    expect(rejection(await runImport(await zipFiles(version))).message).toBe(MSG.meddraImport.versionInvalid('Versión 27'));

    const noName = withFile(release, 'hlt.asc', (text) => text.replace(/^(\d+)\$[^$]+/, '$1$ '));
    expect(rejection(await runImport(await zipFiles(noName))).message).toBe(MSG.meddraImport.nameMissing('hlt.asc', 1));

    expect(shortRun.recording.version()).toBe('27.0');
    expect(await stagingRows(shortRun.recording.ctx.importId)).toBe(0);
    expect(await dictionary()).toEqual(before);
  });

  it('refuses a release whose files disagree, with every problem in the error report', async () => {
    const release = sampleRelease(word());
    const [first, second] = release.llts;
    const before = await dictionary();
    const broken: Release = {
      ...release,
      llts: [
        ...release.llts,
        { code: (first?.code ?? 0) + 900, name: 'Huérfano', ptCode: 12_345_678, current: true },
        { code: second?.code ?? 0, name: 'Repetido', ptCode: first?.ptCode ?? 0, current: true },
      ],
    };
    const error = rejection(await runImport(await zipFiles(releaseFiles(broken))));
    const repeated = MSG.meddraImport.codeRepeated('llt.asc', 8, second?.code ?? 0);
    const orphan = MSG.meddraImport.codeUnknown('llt.asc', 7, 'PT', 12_345_678);
    expect(error.message).toBe(MSG.meddraImport.inconsistent(repeated, 1, false));
    expect(error.rowErrors).toEqual([
      { sheet: 'llt.asc', row: 8, column: 'campo 1', message: repeated },
      { sheet: 'llt.asc', row: 7, column: 'campo 3', message: orphan },
    ]);

    // mdhier.asc flags two SOCs primary for one PT.
    const twoPrimaries = withFile(release, 'mdhier.asc', (text) => text.replace(/\$N\$\r\n/, '$Y$\r\n'));
    const twoError = rejection(await runImport(await zipFiles(twoPrimaries)));
    expect(twoError.message).toBe(MSG.meddraImport.twoPrimarySocs(2, release.pts[0]?.code ?? 0));
    expect(await dictionary()).toEqual(before);
  });
});

describe('an unsafe or broken zip', () => {
  const llt = (size: number) => `${'10000001$Cefalea$10019211$$$$$$$Y$$\r\n'.repeat(Math.ceil(size / 37))}`;

  it('refuses a file that is not a zip, or a damaged one', async () => {
    expect(rejection(await runImport(new TextEncoder().encode('Esto no es un archivo ZIP'))).message).toBe(MSG.meddraImport.notZip);
    const zip = await zipFiles(releaseFiles(sampleRelease(word())));
    expect(rejection(await runImport(zip.subarray(0, zip.length - 40))).message).toBe(MSG.meddraImport.notZip);
    const damaged = Uint8Array.from(zip);
    damaged.fill(0x55, 200, 1200);
    expect(rejection(await runImport(damaged)).message).toBe(MSG.meddraImport.notZip);
  });

  it('refuses more entries than a release has', async () => {
    const entries = Array.from({ length: 501 }, (_, i) => ({ name: `archivo-${i}.txt`, content: '' }));
    expect(rejection(await runImport(zipArchive(entries))).message).toBe(MSG.meddraImport.tooManyEntries('500'));
  });

  it.each(['../MedAscii/llt.asc', '/etc/llt.asc', 'MedAscii/../../llt.asc', 'C:/MedAscii/llt.asc', '..\\llt.asc'])(
    'refuses an entry named %s',
    async (name) => {
      const error = rejection(await runImport(zipArchive([{ name, content: llt(100) }])));
      expect(error.message).toBe(MSG.meddraImport.unsafeEntryName(name));
    },
  );

  it('refuses a file larger than the limit, by its declared size and by the bytes it inflates to (a zip bomb)', async () => {
    const handler = { maxEntryBytes: 4_096, maxTotalBytes: 1_000_000 };
    const files = releaseFiles(sampleRelease(word()));
    const big = { ...files, 'llt.asc': llt(100_000) };
    expect(rejection(await runImport(await zipFiles(big), { handler })).message).toBe(MSG.meddraImport.entryTooLarge('llt.asc', '4 KB'));

    // The zip declares llt.asc small: the inflating stops where the declared size ends (zip.js
    // checks it; the import also counts the bytes against its limit).
    const entries = Object.entries(big).map(([name, content]) => ({ name: `MedAscii/${name}`, content }));
    const lying = zipArchive(entries);
    declareSize(lying, 'MedAscii/llt.asc', 100);
    const error = rejection(await runImport(lying, { handler }));
    expect(error.message).toBe(MSG.meddraImport.sizeMismatch('llt.asc'));
  });

  it('refuses files larger together than the limit', async () => {
    const files = releaseFiles(sampleRelease(word()));
    const handler = { maxEntryBytes: 100_000, maxTotalBytes: 1_024 };
    expect(rejection(await runImport(await zipFiles(files), { handler })).message).toBe(MSG.meddraImport.totalTooLarge('1 KB'));
  });

  it('refuses a line too long for a MedDRA file', async () => {
    const files = withFile(sampleRelease(word()), 'hlt.asc', (text) => `${'x'.repeat(300_000)}\r\n${text}`);
    expect(rejection(await runImport(await zipFiles(files))).message).toBe(MSG.meddraImport.lineTooLong('hlt.asc', 1));
  });
});

/** Rewrites the uncompressed size an entry of a stored zip declares (local header and central directory). */
function declareSize(zip: Buffer, name: string, size: number): void {
  const nameBytes = Buffer.from(name);
  for (let offset = 0; offset < zip.length - 4; offset += 1) {
    const signature = zip.readUInt32LE(offset);
    if (signature === 0x04034b50 && zip.subarray(offset + 30, offset + 30 + nameBytes.length).equals(nameBytes)) zip.writeUInt32LE(size, offset + 22);
    if (signature === 0x02014b50 && zip.subarray(offset + 46, offset + 46 + nameBytes.length).equals(nameBytes)) zip.writeUInt32LE(size, offset + 24);
  }
}

describe('switching versions', () => {
  it('keeps a term a case uses when it becomes non-current: the case still shows it, the typeahead no longer offers it', async () => {
    const w = word();
    const v1 = sampleRelease(w, '27.0');
    await importOk(v1);
    const [cefalea, dolor, , nausea, ganas] = v1.llts;
    if (!cefalea || !dolor || !nausea || !ganas) throw new Error('sample release changed');

    const testCase = await createCase(t.database.db, { status: ER_STATUS.PENDIENTE, createdBy: rlf.user.id, productIds: [] });
    const inserted = await t.app.inject({
      method: 'POST',
      url: '/api/insertRAM',
      headers: rlf.headers,
      payload: { ram: { IdER: testCase.meta, ...ramForm({ llt_code: dolor.code, llt_name: dolor.name }) } },
    });
    expect(inserted.statusCode, inserted.body).toBe(200);
    const ram = inserted.json<ErRam>();

    // 27.1: 'Dolor de cabeza' no longer current, 'Ganas de vomitar' left out, a new LLT, a PT renamed.
    const jaqueca = { code: dolor.code + 50, name: `Jaqueca ${w}`, ptCode: cefalea.ptCode, current: true };
    const v2: Release = {
      ...v1,
      version: '27.1',
      pts: v1.pts.map((pt) => (pt.code === nausea.ptCode ? { ...pt, name: `Náuseas ${w}` } : pt)),
      llts: [...v1.llts.filter((llt) => llt.code !== ganas.code).map((llt) => (llt.code === dolor.code ? { ...llt, current: false } : llt)), jaqueca],
    };
    await importOk(v2);

    const rams = await t.app.inject({ method: 'GET', url: `/api/getRAMByMeta/${testCase.meta}`, headers: rlf.headers });
    expect(rams.json<ErRam[]>().map((row) => row.MedraLLT)).toEqual([{ llt_code: dolor.code, llt_name: dolor.name }]);
    const updated = await t.app.inject({
      method: 'POST',
      url: '/api/updateRAM',
      headers: rlf.headers,
      payload: { ram: { IdER: testCase.meta, Id: ram.Id, ...ramForm({ llt_code: dolor.code, llt_name: dolor.name }, { Description: 'Cefalea intensa' }) }, comentario: 'Nueva versión' },
    });
    expect(updated.statusCode, updated.body).toBe(200);

    expect(await search(`dolor de cabeza ${w}`)).toEqual([]);
    expect(await search(`ganas de vomitar ${w}`)).toEqual([]);
    expect(await search(`jaqueca ${w}`)).toEqual([{ llt_code: jaqueca.code, llt_name: jaqueca.name, pt_name: `Cefalea ${w}`, soc_name: `Trastornos del sistema nervioso ${w}` }]);
    expect((await search(`náusea ${w}`)).map((llt) => llt.pt_name)).toEqual([`Náuseas ${w}`]);
    // No code is deleted.
    const kept = await t.database.db.select().from(meddraLlt).where(eq(meddraLlt.code, ganas.code));
    expect(kept).toEqual([{ code: ganas.code, name: ganas.name, ptCode: ganas.ptCode, current: false, introducedBy: expect.any(String), searchName: ganas.name.toLowerCase() }]);
    expect((await loadedMeddraVersion(t.database.db))?.version).toBe('27.1');
  });

  it('leaves the dictionary as it was when a file fails late', async () => {
    const w = word();
    const v1 = sampleRelease(w, '27.0');
    await importOk(v1);
    const before = await dictionary();
    const v2: Release = { ...v1, version: '27.1', llts: [...v1.llts, { code: (v1.llts[0]?.code ?? 0) + 60, name: `Migraña ${w}`, ptCode: v1.pts[0]?.code ?? 0, current: true }] };
    // The last line of the last file read has a field more.
    const files = withFile(v2, 'mdhier.asc', (text) => text.replace(/\$\r\n$/, '$extra$\r\n'));
    const run = await runImport(await zipFiles(files));
    expect(rejection(run).message).toBe(MSG.meddraImport.fieldCount('mdhier.asc', 4, 12, 13));
    expect(await dictionary()).toEqual(before);
    expect(await search(`migraña ${w}`)).toEqual([]);
    expect(await stagingRows(run.recording.ctx.importId)).toBe(0);
  });

  it('leaves the dictionary as it was when cancelled while loading a file, and again after its new codes were inserted', async () => {
    const w = word();
    const v1 = sampleRelease(w, '27.0');
    await importOk(v1);
    const before = await dictionary();
    const extra = Array.from({ length: 300 }, (_, i) => ({ code: (v1.llts[0]?.code ?? 0) + 100 + i, name: `Término nuevo ${i} ${w}`, ptCode: v1.pts[0]?.code ?? 0, current: true }));
    const bytes = await zipFiles(releaseFiles({ ...v1, version: '27.1', llts: [...v1.llts, ...extra] }));

    // Midway through llt.asc.
    const whileLoading = await runImport(bytes, {
      handler: { batchRows: 10 },
      onCall: (call, context) => {
        if (call.call === 'tableProgress' && call.name === 'llt.asc') context.abort();
      },
    });
    expect(whileLoading.error).toBeInstanceOf(Error);
    expect(whileLoading.recording.tables().find((table) => table.table === 'llt.asc')?.inserted).toBeNull();
    expect(await dictionary()).toEqual(before);

    // Once the hidden inserting of the new codes has begun: cancelled when the first one shows.
    let seen = 0;
    let offeredWhileHidden: unknown[] | undefined;
    let watching = true;
    const recording = await recordingContext(t.database.db, { filePath: await folder.write(bytes) });
    const watcher = (async () => {
      while (watching) {
        const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(meddraLlt).where(sql`${meddraLlt.name} like ${`Término nuevo % ${w}`}`);
        seen = Math.max(seen, row?.n ?? 0);
        if (seen > 0) {
          // In the dictionary, current as the release says, and still not offered.
          offeredWhileHidden ??= await search(`término nuevo 0 ${w}`);
          recording.abort();
        }
        // A macrotask between polls: the import reads its zip meanwhile.
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
    })();
    const cancelled = await createMeddraImportHandler({ batchRows: 1, newCodeBatchRows: 1 })
      .run(recording.ctx)
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    watching = false;
    await watcher;
    expect(cancelled).toBeInstanceOf(Error);
    expect(seen).toBeGreaterThan(0);
    expect(offeredWhileHidden).toEqual([]);
    // Hidden meanwhile: never offered.
    expect(await search(`término nuevo 0 ${w}`)).toEqual([]);
    expect(await dictionary()).toEqual(before);
    expect(await stagingRows(recording.ctx.importId)).toBe(0);
  });

  it('gives the same dictionary when an import is run again (resumed after a cancel or a restart)', async () => {
    const w = word();
    const release = sampleRelease(w, '27.2');
    const bytes = await zipFiles(releaseFiles(release));
    const first = await runImport(bytes, {
      handler: { batchRows: 1 },
      onCall: (call, context) => {
        if (call.call === 'tableProgress' && call.name === 'pt.asc') context.abort();
      },
    });
    expect(first.error).toBeInstanceOf(Error);
    // A crash leaves its staging rows: the resumed import clears them and starts over.
    const resumed = await runImport(bytes, { importId: first.recording.ctx.importId });
    expect(resumed.error).toBeUndefined();
    const once = await dictionary();
    expect(resumed.recording.tables().map((table) => table.inserted)).toEqual([1, 2, 2, 3, 3, 6, 2, 3, 4, 4]);

    // The same release again, as another import: nothing changes but the version's record.
    const again = await runImport(bytes);
    expect(again.error).toBeUndefined();
    const twice = await dictionary();
    expect({ ...twice, versions: twice.versions.slice(0, -1) }).toEqual(once);
    expect(twice.versions.at(-1)?.importId).toBe(again.recording.ctx.importId);
    // Run once more with its own import id (a resume after its switch): nothing to do.
    const finished = await runImport(bytes, { importId: again.recording.ctx.importId });
    expect(finished.error).toBeUndefined();
    expect(await dictionary()).toEqual(twice);
  });

  it('clears what an import ended by a crash left: its staging rows and the codes it had hidden in the dictionary', async () => {
    const db = t.database.db;
    const w = word();
    await importOk(sampleRelease(w));
    const before = await dictionary();
    // What a crash during the hidden inserting leaves: staging rows and a hidden LLT, the import ended as E.
    const crashed = await recordingContext(db, { filePath: '/nonexistent.zip' });
    await db.update(imports).set({ status: 'E' }).where(eq(imports.id, crashed.ctx.importId));
    const pt = before.pts.at(-1);
    if (!pt) throw new Error('no PT');
    const hidden = { code: 990_000_000 + Math.floor(Math.random() * 9_000_000), name: `Oculto ${w}`, ptCode: pt.code, current: true, introducedBy: crashed.ctx.importId };
    await db.insert(meddraLlt).values(hidden);
    await db.insert(meddraImportTerms).values({ importId: crashed.ctx.importId, level: MEDDRA_LEVEL.llt, line: 1, code: hidden.code, name: hidden.name, parentCode: pt.code, current: true, isNew: true });

    await importOk(sampleRelease(w));
    expect(await db.select().from(meddraLlt).where(eq(meddraLlt.code, hidden.code))).toEqual([]);
    expect(await stagingRows(crashed.ctx.importId)).toBe(0);
  });

  it('keeps the SMQs of the release switched in, and only those', async () => {
    const w = word();
    const release = sampleRelease(w);
    const [pt] = release.pts;
    const [llt] = release.llts;
    const smqs = [{ code: 20_000_101, name: `Migraña (SMQ) ${w}`, terms: [{ code: pt?.code ?? 0, level: 4 as const, scope: 2 as const }, { code: llt?.code ?? 0, level: 5 as const, scope: 1 as const }] }];
    const first = await importOk({ ...release, smqs });
    expect(first.tables().slice(-2)).toEqual([
      { table: 'smq_list.asc', inserted: 1 },
      { table: 'smq_content.asc', inserted: 2 },
    ]);
    const db = t.database.db;
    expect(await db.select({ code: meddraSmq.code, name: meddraSmq.name, status: meddraSmq.status }).from(meddraSmq)).toEqual([
      { code: 20_000_101, name: `Migraña (SMQ) ${w}`, status: 'A' },
    ]);
    expect((await db.select().from(meddraSmqTerms)).map((term) => [term.smqCode, term.termCode, term.termLevel, term.termScope])).toEqual([
      [20_000_101, pt?.code, 4, 2],
      [20_000_101, llt?.code, 5, 1],
    ]);

    // A failed import leaves them; the next switched release replaces them.
    const broken = withFile({ ...release, smqs }, 'smq_content.asc', (text) => text.replace(/^\d+/, '20000999'));
    expect(rejection(await runImport(await zipFiles(broken))).message).toBe(MSG.meddraImport.codeUnknown('smq_content.asc', 1, 'SMQ', 20_000_999));
    expect((await db.select({ importId: meddraSmq.importId }).from(meddraSmq)).map((row) => row.importId)).toEqual([first.ctx.importId]);
    const next = await importOk({ ...release, version: '27.1', smqs: [{ ...smqs[0], code: 20_000_102, terms: [] } as (typeof smqs)[number]] });
    expect(await db.select({ importId: meddraSmq.importId, code: meddraSmq.code }).from(meddraSmq)).toEqual([{ importId: next.ctx.importId, code: 20_000_102 }]);
    expect(await db.select().from(meddraSmqTerms)).toEqual([]);
  });
});
