import { readFile } from 'node:fs/promises';
import { type E2bImportReports, ER_STATUS, HOME_REPORT_STATUS, IMPORT_PATHS, type ImportEntry, MSG, type SearchResult } from '@atalaya/domain';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2bImportReports, e2bSubmissions, eventMedications, eventPatients, eventRams, events, homeReports, meddraLlt, previousMedications, products } from '../../db/schema/index.js';
import { createProduct, type TestProduct } from '../../test-support/catalog.js';
import { laboratoryOfProduct } from '../../test-support/cases.js';
import { bearer, createUser, login } from '../../test-support/factories.js';
import { signIn, type SignedIn } from '../../test-support/home-reports.js';
import { createImportTestApp, type ImportTestApp, importReaches, uploadImport } from '../../test-support/imports.js';
import { createLlt } from '../../test-support/catalog.js';
import { e2bXsdDir, referencePath } from '../../test-support/reference.js';
import { buildBatchXml, validateXml } from '../e2b/index.js';
import { createE2bImportHandler, parseBatchFile } from './index.js';

/**
 * The E2B(R3) import end to end (docs/e2b-import.md): upload → the job reads the batch (the ICH
 * schema configured) into a preview → confirm as incoming reports or historic cases → our ACK.
 * Each mode runs on a database of its own: a report imported once is refused the second time.
 */

const example = (...parts: string[]) => referencePath('e2b-r3-examples', ...parts);
const INSTANCES = [
  ...['1', '2', '3', '4', '5-1', '5-2', '5-3', '6', '7', '8'].map((n) => example('fda-faers-2022', `FAERS2022Scenario${n}.xml`)),
  ...['ICH-1-1_literature_initial.xml', 'ICH-2-x_newNum_followup_HC.xml'].map((name) => example('ich-style', name)),
];
const INVALID = ['modified-1-1_xsd-invalid_effectiveTime.xml', 'modified-1-1_xsd-invalid_outboundRelationship2.xml'].map((name) => example('negative', name));
const fileName = (path: string) => path.split('/').pop() ?? path;

/**
 * FDA's scenarios 1, 2, 3, 6, 7 and 8 (and 5-1 to 5-3) are versions of the same cases (one C.1.8.1):
 * imported into one database, each newer version is refused, naming the case already stored
 * (docs/e2b.md 'Import follow-ups'). `stored` holds the C.1.8.1 each database already holds.
 */
function expectStoredOrFollowUp(result: E2bImportReports, stored: Set<string>): E2bImportReports['reports'] {
  const kept = result.reports.filter((report) => {
    if (stored.has(report.worldwideCaseId)) {
      expect(report.refusal).toMatch(new RegExp(`^El informe es una versión nueva \\(seguimiento\\) del caso ${report.worldwideCaseId}, que ya está en Atalaya como (UY|RH)-`));
      expect(report.reference).toBeNull();
      return false;
    }
    expect(report.refusal).toBeNull();
    return true;
  });
  for (const report of kept) stored.add(report.worldwideCaseId);
  expect(result.ackCode).toBe(kept.length === result.reports.length ? 'AA' : kept.length === 0 ? 'AR' : 'AE');
  return kept;
}

interface World {
  t: ImportTestApp;
  admin: SignedIn;
  rlf: SignedIn;
  qppv: SignedIn;
  product: TestProduct;
}

async function world(): Promise<World> {
  const t = await createImportTestApp();
  t.startRunner({ e2b: createE2bImportHandler({ xsdDir: e2bXsdDir() }) });
  const product = await createProduct(t.database.db, { countries: ['UY'] });
  const laboratoryId = await laboratoryOfProduct(t.database.db, product.id);
  const qppvUser = await createUser(t.database.db, { role: 'QPPV', laboratories: [{ laboratoryId }] });
  const qppv = { user: qppvUser, token: '', headers: bearer((await login(t.app, qppvUser)).accessToken) };
  const [admin, rlf] = await Promise.all([signIn(t, 'ADMIN'), signIn(t, 'RLF', 'UY')]);
  return { t, admin, rlf, qppv, product };
}

async function upload(w: World, who: SignedIn, name: string, content: string | Uint8Array): Promise<ImportEntry> {
  const response = await uploadImport(w.t, who, 'e2b', { name, content });
  expect(response.statusCode, response.body).toBe(200);
  const started = response.json<ImportEntry>();
  return importReaches(w.t, who, 'e2b', started.code_import, ['S', 'E', 'C']);
}

async function reportsOf(w: World, who: SignedIn, code: string): Promise<E2bImportReports> {
  const response = await w.t.app.inject({ method: 'GET', url: `/api/${IMPORT_PATHS.e2bReports}/${code}`, headers: who.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<E2bImportReports>();
}

function confirm(w: World, who: SignedIn, code: string, body: Record<string, unknown>) {
  return w.t.app.inject({ method: 'POST', url: `/api/${IMPORT_PATHS.e2bConfirm}/${code}`, headers: who.headers, payload: body });
}

async function importFile(w: World, who: SignedIn, path: string, mode: 'inbox' | 'historic'): Promise<E2bImportReports> {
  const entry = await upload(w, who, fileName(path), await readFile(path));
  expect(entry.status, entry.error ?? '').toBe('S');
  const response = await confirm(w, who, entry.code_import, { mode, country: 'UY', product: w.product.id });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<E2bImportReports>();
}

describe('historic cases', () => {
  let w: World;
  const stored = new Set<string>();
  beforeAll(async () => {
    w = await world();
  }, 60_000);
  afterAll(() => w.t.close());

  it('reads a batch into a preview: C.1.1, the patient, reactions with LLT codes, drugs; a code the dictionary lacks is flagged', async () => {
    const path = INSTANCES[0] as string;
    const parsed = await parseBatchFile(path);
    const report = parsed.reports[0];
    const [first, ...others] = report?.icsr.reactions.map((reaction) => reaction.term?.code).filter((code): code is string => Boolean(code)) ?? [];
    if (!first) throw new Error('Scenario 1 has a coded reaction');
    const [existing] = await w.t.database.db.select({ code: meddraLlt.code }).from(meddraLlt).where(eq(meddraLlt.code, Number(first)));
    if (!existing) await createLlt(w.t.database.db, { name: `Término ${first}`, code: Number(first) });

    const entry = await upload(w, w.qppv, fileName(path), await readFile(path));
    expect(entry.status).toBe('S');
    expect(entry.Tables).toEqual([expect.objectContaining({ table: MSG.e2bImport.reportsTable, status: 'S', insterted: 1 })]);
    const preview = await reportsOf(w, w.qppv, entry.code_import);
    expect(preview).toMatchObject({ mode: null, confirmedAt: null, schemaChecked: true, ackCode: null });
    expect(preview.batch?.batchNumber).toBe(parsed.batch.batchNumber);
    const [summary] = preview.reports;
    expect(summary?.safetyReportId).toBe(report?.icsr.report.safetyReportId);
    expect(summary?.drugs.length).toBeGreaterThan(0);
    expect(summary?.reactions[0]).toMatchObject({ code: first, known: true });
    for (const code of others.filter((code) => code !== first)) {
      expect(summary?.reactions.find((reaction) => reaction.code === code)?.known).toBe(false);
      expect(summary?.problems).toContain(`E.i.2.1b: ${MSG.e2bImport.unknownMeddra(code)}`);
    }
    // Not yet confirmed: no ACK, nothing stored.
    const ack = await w.t.app.inject({ method: 'GET', url: `/api/${IMPORT_PATHS.e2bAck}/${entry.code_import}`, headers: w.qppv.headers });
    expect(ack.statusCode).toBe(404);
    expect(ack.json()).toMatchObject({ Message: MSG.e2bImport.noAck });
    const confirmed = await confirm(w, w.qppv, entry.code_import, { mode: 'historic', country: 'UY', product: w.product.id });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expectStoredOrFollowUp(confirmed.json<E2bImportReports>(), stored);
  });

  it.each(INSTANCES.slice(1).map((path) => [fileName(path), path]))('%s becomes historic cases with patient, reactions and drugs, and unmapped elements kept', async (_name, path) => {
    const result = await importFile(w, w.qppv, path as string, 'historic');
    expect(result.mode).toBe('historic');
    expect(result.reports.length).toBeGreaterThan(0);
    const db = w.t.database.db;
    for (const report of expectStoredOrFollowUp(result, stored)) {
      expect(report.reference).toMatch(/^UY-\d{4}-\d+$/);
      expect(report.meta).not.toBeNull();
      const [event] = await db.select().from(events).where(eq(events.referenceNumber, report.reference ?? ''));
      expect(event).toMatchObject({ isHistoric: true, status: ER_STATUS.ARCHIVADO_QPPV });
      expect(await db.select({ eventId: eventPatients.eventId }).from(eventPatients).where(eq(eventPatients.eventId, event?.id ?? ''))).toHaveLength(1);
      const rams = await db.select({ code: eventRams.lltCode }).from(eventRams).where(eq(eventRams.eventId, event?.id ?? ''));
      expect(rams.map((ram) => (ram.code === null ? null : String(ram.code)))).toEqual(report.reactions.map((reaction) => reaction.code));
      expect((await db.select({ id: eventMedications.id }).from(eventMedications).where(eq(eventMedications.eventId, event?.id ?? ''))).length).toBeGreaterThan(0);
      const [stored] = await db.select().from(e2bImportReports).where(eq(e2bImportReports.eventId, event?.id ?? ''));
      expect(stored?.unmapped.map(({ path: where, line }) => ({ path: where, line }))).toEqual(report.unmapped);
      for (const element of stored?.unmapped ?? []) expect(element.xml).toMatch(/^<[\s\S]*>$/);
    }
  });

  it('keeps FDA regional elements verbatim with the case', async () => {
    const rows = await w.t.database.db.select({ unmapped: e2bImportReports.unmapped }).from(e2bImportReports).where(inArray(e2bImportReports.safetyReportId, await fdaIds()));
    const xml = rows.flatMap((row) => row.unmapped.map((element) => element.xml)).join('\n');
    expect(xml).toContain('2.16.840.1.113883.3.989.5.1');
  });

  async function fdaIds(): Promise<string[]> {
    const ids: string[] = [];
    for (const path of INSTANCES.slice(0, 10)) ids.push(...(await parseBatchFile(path)).reports.map((r) => r.icsr.report.safetyReportId));
    return ids;
  }

  it('finds the historic cases in the event search, flagged IsHistoric', async () => {
    const [row] = await w.t.database.db.select({ reference: events.referenceNumber }).from(events).where(eq(events.isHistoric, true)).limit(1);
    const response = await w.t.app.inject({ method: 'POST', url: '/api/getERByFilters', headers: w.qppv.headers, payload: { IdEvento: row?.reference } });
    expect(response.statusCode, response.body).toBe(200);
    const found = response.json<SearchResult>().Result.find((r) => r.NumeroReferencia === row?.reference);
    expect(found?.IsHistoric).toBe(true);
  });

  it('lets a historic case only be exported as a PDF: no workflow action is offered or accepted', async () => {
    const [row] = await w.t.database.db.select({ meta: events.meta, status: events.status }).from(events).where(eq(events.isHistoric, true)).limit(1);
    const actions = await w.t.app.inject({ method: 'GET', url: `/api/getActionsERByMeta/${row?.meta}`, headers: w.qppv.headers });
    expect(actions.statusCode, actions.body).toBe(200);
    expect(actions.json<{ Accion: string }[]>().map((action) => action.Accion)).toEqual(['DescargarPdf']);
    const reopen = await w.t.app.inject({
      method: 'POST',
      url: '/api/sendAccion',
      headers: w.qppv.headers,
      payload: { Event: { Accion: 'ActivarQPPV', Event: row?.meta, Comments: 'Reabrir' }, Questions: [] },
    });
    expect(reopen.statusCode).toBe(400);
    const [after] = await w.t.database.db.select({ status: events.status }).from(events).where(eq(events.meta, row?.meta ?? ''));
    expect(after?.status).toBe(row?.status);
  });

  it('refuses to send a historic case again as E2B, alone or in a batch: it was notified from the system it came from', async () => {
    const [row] = await w.t.database.db.select({ meta: events.meta }).from(events).where(eq(events.isHistoric, true)).limit(1);
    const meta = row?.meta ?? '';
    const view = await w.t.app.inject({ method: 'GET', url: `/api/getERByMeta/${meta}`, headers: w.qppv.headers });
    expect(view.json<{ IsHistoric: boolean }>().IsHistoric).toBe(true);
    const single = await w.t.app.inject({ method: 'POST', url: `/api/exportE2B/${meta}`, headers: w.qppv.headers, payload: { Receptor: 'EVHUMAN' } });
    expect(single.statusCode).toBe(400);
    expect(single.json<{ Message: string }>().Message).toBe(MSG.e2bExport.historicCase);
    const batch = await w.t.app.inject({ method: 'POST', url: '/api/exportE2BBatch', headers: w.qppv.headers, payload: { Receptor: 'EVHUMAN', Casos: [meta] } });
    expect(batch.statusCode).toBe(422);
    expect(batch.json<{ Rechazados: { Problemas: string[] }[] }>().Rechazados[0]?.Problemas).toEqual([MSG.e2bExport.historicCase]);
    const [stored] = await w.t.database.db.select({ n: count() }).from(e2bSubmissions);
    expect(stored?.n).toBe(0);
  });

  it('refuses a report already imported (same C.1.1, N.2.r.1 and content) and says so in the ACK', async () => {
    const path = INSTANCES[3] as string;
    const result = await importFile(w, w.qppv, path, 'historic');
    expect(result.ackCode).toBe('AR');
    expect(result.reports[0]?.refusal).toMatch(/^El informe ya fue importado \(UY-/);
    const ack = await w.t.app.inject({ method: 'GET', url: `/api/${IMPORT_PATHS.e2bAck}/${result.code_import}`, headers: w.qppv.headers });
    expect(ack.statusCode).toBe(200);
    expect(ack.headers['content-type']).toMatch(/application\/xml/);
    expect(ack.body).toContain('MCCI_IN200101UV01');
    expect(ack.body).toContain('typeCode="CR"');
  });

  it.each(INVALID.map((path) => [fileName(path), path]))('refuses %s with the schema message and line', async (_name, path) => {
    const entry = await upload(w, w.admin, fileName(path as string), await readFile(path as string));
    expect(entry.status).toBe('E');
    expect(entry.error).toMatch(/^El archivo no cumple el esquema ICH E2B\(R3\) \(línea \d+\): \S/);
    expect(entry.errors).toBe(1);
    const confirmed = await confirm(w, w.admin, entry.code_import, { mode: 'historic', country: 'UY', product: w.product.id });
    expect(confirmed.statusCode).toBe(409);
    expect(confirmed.json()).toMatchObject({ Message: MSG.e2bImport.notReady });
  });

  it('refuses hostile XML through the job: a DTD with entities', async () => {
    const hostile = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]><MCCI_IN200100UV01 xmlns="urn:hl7-org:v3">&lol2;</MCCI_IN200100UV01>`;
    const entry = await upload(w, w.admin, 'lolz.xml', hostile);
    expect(entry).toMatchObject({ status: 'E', error: MSG.e2bImport.doctype });
    const xxe = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><MCCI_IN200100UV01 xmlns="urn:hl7-org:v3">&x;</MCCI_IN200100UV01>`;
    expect(await upload(w, w.admin, 'xxe.xml', xxe)).toMatchObject({ status: 'E', error: MSG.e2bImport.doctype });
  });

  it('validates the confirmation with Spanish messages, and confirms only once', async () => {
    const entry = await upload(w, w.admin, 'ich.xml', await readFile(INSTANCES[10] as string));
    const code = entry.code_import;
    const bad = async (body: Record<string, unknown>, status: number, message: string) => {
      const response = await confirm(w, w.admin, code, body);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json<{ Message: string }>().Message).toBe(message);
    };
    await bad({ country: 'UY', product: w.product.id }, 400, MSG.e2bImport.modeRequired);
    await bad({ mode: 'archivo', country: 'UY', product: w.product.id }, 400, MSG.e2bImport.modeRequired);
    await bad({ mode: 'inbox', country: 'Uruguay', product: w.product.id }, 400, MSG.e2bImport.countryRequired);
    await bad({ mode: 'inbox', country: 'QQ', product: w.product.id }, 400, MSG.e2bImport.countryUnknown);
    await bad({ mode: 'inbox', country: 'UY' }, 400, MSG.e2bImport.productRequired);
    await bad({ mode: 'inbox', country: 'UY', product: 2_000_000_000 }, 400, MSG.e2bImport.productUnknown);
    const before = await w.t.database.db.select({ id: homeReports.id }).from(homeReports);
    expect(before).toHaveLength(0);
    expect((await confirm(w, w.admin, code, { mode: 'inbox', country: 'UY', product: w.product.id })).statusCode).toBe(200);
    await bad({ mode: 'inbox', country: 'UY', product: w.product.id }, 409, MSG.e2bImport.alreadyConfirmed);
  });

  it('keeps to the roles and their reach', async () => {
    const cl = await signIn(w.t, 'CL');
    const refused = await uploadImport(w.t, cl, 'e2b', { name: 'a.xml', content: '<a/>' });
    expect(refused.statusCode).toBe(403);
    const list = await w.t.app.inject({ method: 'GET', url: `/api/${IMPORT_PATHS.e2bList}`, headers: cl.headers });
    expect(list.statusCode).toBe(403);

    // An RLF sees its own imports only, and imports into its own country.
    const entry = await upload(w, w.rlf, 'ich2.xml', await readFile(INSTANCES[11] as string));
    const otherRlf = await signIn(w.t, 'RLF', 'UY');
    const hidden = await w.t.app.inject({ method: 'GET', url: `/api/${IMPORT_PATHS.e2bReports}/${entry.code_import}`, headers: otherRlf.headers });
    expect(hidden.statusCode).toBe(404);
    expect((await confirm(w, otherRlf, entry.code_import, { mode: 'inbox', country: 'UY', product: w.product.id })).statusCode).toBe(404);
    const abroad = await confirm(w, w.rlf, entry.code_import, { mode: 'inbox', country: 'AR', product: w.product.id });
    expect(abroad.statusCode).toBe(403);
    expect(abroad.json()).toMatchObject({ Message: MSG.e2bImport.countryOutOfReach });
    const mine = await w.t.app.inject({ method: 'GET', url: `/api/${IMPORT_PATHS.e2bList}`, headers: w.rlf.headers });
    expect(mine.json<ImportEntry[]>().map((e) => e.code_import)).toEqual([entry.code_import]);

    // A QPPV's fallback product must be of its laboratories.
    const foreign = await createProduct(w.t.database.db, { countries: ['UY'] });
    const outside = await confirm(w, w.qppv, entry.code_import, { mode: 'inbox', country: 'UY', product: foreign.id });
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toMatchObject({ Message: MSG.e2bImport.productOutOfReach });
    expect((await confirm(w, w.rlf, entry.code_import, { mode: 'inbox', country: 'UY', product: w.product.id })).statusCode).toBe(200);
  });
});

describe('incoming reports', () => {
  let w: World;
  const stored = new Set<string>();
  beforeAll(async () => {
    w = await world();
  }, 60_000);
  afterAll(() => w.t.close());

  it.each(INSTANCES.map((path) => [fileName(path), path]))('%s enters the triage inbox as new incoming reports', async (_name, path) => {
    const result = await importFile(w, w.rlf, path as string, 'inbox');
    expect(result.mode).toBe('inbox');
    for (const report of expectStoredOrFollowUp(result, stored)) {
      expect(report.reference).toMatch(/^RH-\d{4}-\d{6}$/);
      expect(report.meta).toBeNull();
      const [row] = await w.t.database.db.select().from(homeReports).where(eq(homeReports.reference, report.reference ?? ''));
      expect(row).toMatchObject({ status: HOME_REPORT_STATUS.NUEVO, isMedic: true, enteredEventId: null });
      const data = row?.data as { E2B: { C11: string }; RAM: unknown[]; Medicamento: { Producto: { Id: number } }[] };
      expect(data.E2B.C11).toBe(report.safetyReportId);
      expect(data.RAM).toHaveLength(report.reactions.length);
      expect(data.Medicamento.length).toBeGreaterThan(0);
      const [stored] = await w.t.database.db
        .select({ unmapped: e2bImportReports.unmapped })
        .from(e2bImportReports)
        .where(and(eq(e2bImportReports.homeReportId, row?.id ?? '')));
      expect(stored?.unmapped.length).toBe(report.unmapped.length);
    }
  });
});

describe('drug roles (G.k.1): a concomitant drug is kept with its role', () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
  }, 60_000);
  afterAll(() => w.t.close());

  it('a concomitant (2) or not administered (4) drug that is a catalogue product becomes a medicine of the case with its role; one that is not stays a previous medication', async () => {
    const db = w.t.database.db;
    // A second product of the same laboratory (the QPPV's reach), named by the report as a concomitant.
    const other = await createProduct(db, { countries: ['UY'] });
    await db.update(products).set({ laboratoryId: await laboratoryOfProduct(db, w.product.id) }).where(eq(products.id, other.id));
    const parsed = await parseBatchFile(INSTANCES[0] as string);
    const report = parsed.reports[0];
    const first = report?.icsr.drugs[0];
    if (!report || !first) throw new Error('Scenario 1 has a drug');
    const id = `ATALAYA-ROLES-${Date.now()}`;
    const icsr = {
      ...report.icsr,
      report: { ...report.icsr.report, safetyReportId: id, worldwideUniqueId: id },
      drugs: [
        { ...first, role: '1' as const, name: w.product.commercialName },
        { ...first, id: `${first.id}-c`, role: '2' as const, name: other.commercialName },
        { ...first, id: `${first.id}-n`, role: '4' as const, name: other.commercialName },
        { ...first, id: `${first.id}-x`, role: '2' as const, name: 'Infusión de hierbas sin catálogo' },
      ],
    };
    const xml = buildBatchXml({ batch: parsed.batch, messages: [{ header: { ...report.header, messageId: id }, icsr }] });
    expect(validateXml(xml, e2bXsdDir())).toEqual([]);
    const entry = await upload(w, w.qppv, 'roles.xml', xml);
    expect(entry.status, entry.error ?? '').toBe('S');
    const confirmed = await confirm(w, w.qppv, entry.code_import, { mode: 'historic', country: 'UY', product: w.product.id });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [stored] = confirmed.json<E2bImportReports>().reports;
    expect(stored?.refusal).toBeNull();
    const [event] = await db.select({ id: events.id }).from(events).where(eq(events.referenceNumber, stored?.reference ?? ''));
    const medicines = await db
      .select({ productId: eventMedications.productId, role: eventMedications.drugRole })
      .from(eventMedications)
      .where(eq(eventMedications.eventId, event?.id ?? ''))
      .orderBy(eventMedications.id);
    expect(medicines).toEqual([
      { productId: w.product.id, role: 1 },
      { productId: other.id, role: 2 },
      { productId: other.id, role: 4 },
    ]);
    const previous = await db.select({ medication: previousMedications.medication }).from(previousMedications).where(eq(previousMedications.eventId, event?.id ?? ''));
    expect(previous.map((row) => row.medication)).toEqual(['Infusión de hierbas sin catálogo']);
  });
});
