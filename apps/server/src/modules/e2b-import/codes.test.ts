import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { type E2bImportReports, type E2bSubmission, IMPORT_PATHS, type ImportEntry, MSG } from '@atalaya/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventMedications, eventRams, events, homeReports, pharmaceuticalForms, products } from '../../db/schema/index.js';
import { get, post, sessionOf, type Session } from '../../test-support/case-edit.js';
import { createMedicationProduct, type MedicationProduct, TEST_OPTIONS } from '../../test-support/case-medications.js';
import { createLlt, type TestLlt } from '../../test-support/catalog.js';
import { eightDigitCode, filledE2bCase, switchInMeddraVersion } from '../../test-support/e2b.js';
import { createImportTestApp, type ImportTestApp, importReaches, uploadImport } from '../../test-support/imports.js';
import { e2bXsdDir, referencePath } from '../../test-support/reference.js';
import { createE2bImportHandler } from './index.js';

/**
 * The E2B codes of Parámetros both ways (docs/e2b.md 'Códigos E2B en Parámetros', docs/e2b-import.md
 * 'Codes mapped back'): an export carries the seeded codes, and an imported report's codes become the
 * case's own fields again.
 */

let t: ImportTestApp;
let product: MedicationProduct;
let llt: TestLlt;
let qppv: Session;
let rlf: Session;

beforeAll(async () => {
  t = await createImportTestApp({ e2bXsdDir: e2bXsdDir() });
  t.startRunner({ e2b: createE2bImportHandler({ xsdDir: e2bXsdDir() }) });
  product = await createMedicationProduct(t.database.db);
  llt = await createLlt(t.database.db, { name: `Urticaria ${randomUUID().slice(0, 6)}`, code: eightDigitCode() });
  const admin = await sessionOf(t, 'ADMIN');
  rlf = await sessionOf(t, 'RLF');
  qppv = await sessionOf(t, 'QPPV', { laboratories: [{ laboratoryId: product.laboratoryId }] });
  await switchInMeddraVersion(t.database.db, admin.user.id, '27.1');
}, 60_000);
afterAll(() => t.close());

async function formId(name: string): Promise<number> {
  const [row] = await t.database.db.select({ id: pharmaceuticalForms.id }).from(pharmaceuticalForms).where(eq(pharmaceuticalForms.nombre, name));
  if (!row) throw new Error(`${name} is not seeded`);
  return row.id;
}

/** A closed case exported to EMA: the XML of its submission. */
async function exportedCase(options: Parameters<typeof filledE2bCase>[4] = {}): Promise<string> {
  const testCase = await filledE2bCase(t, rlf, product, llt, options);
  const response = await post(t, qppv, `exportE2B/${testCase.meta}`, { Receptor: 'EVHUMAN' });
  expect(response.statusCode, response.body).toBe(200);
  return (await get(t, qppv, `getE2B/${testCase.meta}/${response.json<E2bSubmission>().Id}`)).body;
}

/** `xml` imported by the QPPV; as another system's report (its own C.1.1 / C.1.8.1) unless `foreign` is false. */
async function importAs(xml: string, mode: 'historic' | 'inbox', foreign = true): Promise<E2bImportReports> {
  const content = foreign ? xml.replaceAll('-ATALAYA-', `-SOCIO${randomUUID().slice(0, 4).toUpperCase()}-`) : xml;
  const uploaded = await uploadImport(t, qppv, 'e2b', { name: 'socio.xml', content });
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  const entry = await importReaches(t, qppv, 'e2b', uploaded.json<ImportEntry>().code_import, ['S', 'E', 'C']);
  expect(entry.status, entry.error ?? '').toBe('S');
  const confirmed = await t.app.inject({
    method: 'POST',
    url: `/api/${IMPORT_PATHS.e2bConfirm}/${entry.code_import}`,
    headers: qppv.headers,
    payload: { mode, country: 'UY', product: product.id },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return confirmed.json<E2bImportReports>();
}

/** The same report, a newer version: its C.1.5 (most recent information) moved on. */
const newerVersion = (xml: string) => xml.replace(/<availabilityTime value="\d+/, '<availabilityTime value="20300101');

async function medicationsOf(meta: string | null) {
  if (!meta) throw new Error('no case');
  const [found] = await t.database.db.select({ id: events.id }).from(events).where(eq(events.meta, meta));
  if (!found) throw new Error('case not found');
  return t.database.db.select().from(eventMedications).where(eq(eventMedications.eventId, found.id));
}

describe('EDQM dose forms (G.k.4.r.9.2b)', () => {
  it('an export of a case with a seeded form carries its EDQM code, and the import maps the code back to that form', async () => {
    const tablet = await formId('Comprimido');
    const xml = await exportedCase({ medication: { FormaFarmaceuticaId: tablet } });
    expect(xml).toMatch(/<formCode code="10219000" codeSystem="TBD-DoseForm">\s*<originalText>Comprimido<\/originalText>/);

    // The catalogue product now says another form: the case takes the form the report gives.
    await t.database.db.update(products).set({ pharmaceuticalFormId: await formId('Crema') }).where(eq(products.id, product.id));
    const imported = await importAs(xml, 'historic');
    expect(imported.reports[0]?.refusal).toBeNull();
    const [medication] = await medicationsOf(imported.reports[0]?.meta ?? null);
    expect(medication?.pharmaceuticalFormId).toBe(tablet);
  });

  it('a form without an EDQM code goes as text, and its import keeps the product form', async () => {
    const capsule = await formId('Cápsula');
    const xml = await exportedCase({ medication: { FormaFarmaceuticaId: capsule } });
    expect(xml).toMatch(/<formCode>\s*<originalText>Cápsula<\/originalText>/);
    const cream = await formId('Crema');
    await t.database.db.update(products).set({ pharmaceuticalFormId: cream }).where(eq(products.id, product.id));
    const imported = await importAs(xml, 'historic');
    const [medication] = await medicationsOf(imported.reports[0]?.meta ?? null);
    expect(medication?.pharmaceuticalFormId).toBe(cream);
  });
});

describe('route and action taken mapped back (G.k.4.r.10.2b, G.k.8)', () => {
  it('the route and the action of an exported case become the imported case’s own, as historic case and as incoming report', async () => {
    const xml = await exportedCase({ medication: { ViaId: TEST_OPTIONS.route }, rams: [{ AccMed: TEST_OPTIONS.doseReduced }] });
    // To EMA the seeded oral route leaves as its EDQM term (docs/e2b.md 'Route codes').
    expect(xml).toMatch(/<routeCode code="ROA-20053000" codeSystem="0.4.0.127.0.16.1.1.2.6">/);
    const historic = await importAs(xml, 'historic');
    const [medication] = await medicationsOf(historic.reports[0]?.meta ?? null);
    expect(medication?.routeId).toBe(TEST_OPTIONS.route);
    const [ram] = await t.database.db.select().from(eventRams).where(eq(eventRams.eventId, medication?.eventId ?? ''));
    expect(ram?.medicationActionId).toBe(TEST_OPTIONS.doseReduced);

    const inbox = await importAs(xml, 'inbox');
    const [report] = await t.database.db.select().from(homeReports).where(eq(homeReports.reference, inbox.reports[0]?.reference ?? ''));
    const data = report?.data as { Medicamento: { Via: number | null }[]; RAM: { AccionMeddicamento: number | null }[] };
    expect(data.Medicamento[0]?.Via).toBe(TEST_OPTIONS.route);
    expect(data.RAM[0]?.AccionMeddicamento).toBe(TEST_OPTIONS.doseReduced);
  });

  it('maps a route coded in ICH list 14 (E2B(R2)) and a bare EDQM code in either EDQM code system to the same route', async () => {
    const xml = await exportedCase({ medication: { ViaId: TEST_OPTIONS.route } });
    const edqm = '<routeCode code="ROA-20053000" codeSystem="0.4.0.127.0.16.1.1.2.6">';
    expect(xml).toContain(edqm);
    for (const routeCode of [
      '<routeCode code="048" codeSystem="2.16.840.1.113883.3.989.2.1.1.14">',
      '<routeCode code="20053000" codeSystem="0.4.0.127.0.16.1.1.2.6">',
      '<routeCode code="20053000" codeSystem="2.16.840.1.113883.3.989.2.1.1.28">',
    ]) {
      const inbox = await importAs(xml.replace(edqm, routeCode), 'inbox');
      const [report] = await t.database.db.select().from(homeReports).where(eq(homeReports.reference, inbox.reports[0]?.reference ?? ''));
      const data = report?.data as { Medicamento: { Via: number | null }[] };
      expect(data.Medicamento[0]?.Via, routeCode).toBe(TEST_OPTIONS.route);
    }
    // A list-14 code outside list 14's code system, or an EDQM code of another class, is no route.
    for (const routeCode of ['<routeCode code="048" codeSystem="0.4.0.127.0.16.1.1.2.6">', '<routeCode code="PDF-20053000" codeSystem="0.4.0.127.0.16.1.1.2.6">']) {
      const inbox = await importAs(xml.replace(edqm, routeCode), 'inbox');
      const [report] = await t.database.db.select().from(homeReports).where(eq(homeReports.reference, inbox.reports[0]?.reference ?? ''));
      expect((report?.data as { Medicamento: { Via: number | null }[] }).Medicamento[0]?.Via, routeCode).toBeNull();
    }
  });

  it('does not read a route of another code system as ICH list 14: FDA’s EDQM 001 (oral) is not the auricular route', async () => {
    const content = await readFile(referencePath('e2b-r3-examples', 'fda-faers-2022', 'FAERS2022Scenario1.xml'), 'utf8');
    expect(content).toContain('routeCode code="001"');
    const inbox = await importAs(content, 'inbox', false);
    const [report] = await t.database.db.select().from(homeReports).where(eq(homeReports.reference, inbox.reports[0]?.reference ?? ''));
    const data = report?.data as { Medicamento: { Via: number | null }[] };
    expect(data.Medicamento.map((drug) => drug.Via)).toEqual(data.Medicamento.map(() => null));
  });
});

describe('a newer version of a case Atalaya holds (C.1.8.1)', () => {
  it('is refused, naming the case, when the case is one of ours that was exported', async () => {
    const xml = await exportedCase();
    const worldwide = /<id extension="([^"]+)" root="2.16.840.1.113883.3.989.2.1.3.2"\/>/.exec(xml)?.[1] ?? '';
    const [ours] = await t.database.db.select({ reference: events.referenceNumber }).from(events).where(eq(events.referenceNumber, worldwide.replace(/^UY-ATALAYA-/, '')));
    expect(ours?.reference).toBeDefined();
    const result = await importAs(newerVersion(xml), 'historic', false);
    expect(result.ackCode).toBe('AR');
    expect(result.reports[0]?.refusal).toBe(MSG.e2bImport.followUp(worldwide, ours?.reference ?? ''));
  });

  it('is refused, naming the historic case, when an earlier import stored the case; another C.1.8.1 is stored', async () => {
    const xml = (await exportedCase()).replaceAll('-ATALAYA-', '-SOCIOFU-');
    const first = await importAs(xml, 'historic', false);
    const stored = first.reports[0]?.reference ?? '';
    expect(first.reports[0]?.refusal).toBeNull();
    const worldwide = first.reports[0]?.worldwideCaseId ?? '';
    const followUp = await importAs(newerVersion(xml), 'inbox', false);
    expect(followUp.reports[0]?.refusal).toBe(MSG.e2bImport.followUp(worldwide, stored));
    expect(followUp.reports[0]?.reference).toBeNull();
    // Not a match: the same report under another C.1.8.1 is a new case.
    const other = await importAs(xml.replaceAll('-SOCIOFU-', '-SOCIOOT-'), 'historic', false);
    expect(other.reports[0]?.refusal).toBeNull();
    expect(other.reports[0]?.reference).toMatch(/^UY-\d{4}-\d+$/);
  });
});
