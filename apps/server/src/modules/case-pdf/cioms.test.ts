import { randomUUID } from 'node:crypto';
import { ciomsDate, ER_STATUS, MSG } from '@atalaya/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, events, products } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { get, post, sessionOf, type Session, validPatient } from '../../test-support/case-edit.js';
import { createMedicationProduct, medicationForm, type MedicationProduct, ramForm } from '../../test-support/case-medications.js';
import { createCase, type TestCase } from '../../test-support/cases.js';
import { createLlt, type TestLlt } from '../../test-support/catalog.js';
import { pdftotext, words } from '../../test-support/pdftotext.js';
import { findCaseInReach } from '../reach/index.js';
import { loadCiomsForm } from './cioms.js';
import { CIOMS_CONTINUATION_TITLE, CIOMS_CONTINUED } from './cioms-document.js';

/**
 * `getERCIOMS/{meta}`: the case's CIOMS I form, filled from the ICSR of the E2B(R3) export and
 * read back with pdftotext, reached like the case PDF.
 */

let t: TestApp;
let product: MedicationProduct;
let llt: TestLlt;
let rlf: Session;
let outsider: Session;

beforeAll(async () => {
  t = await createTestApp();
  product = await createMedicationProduct(t.database.db);
  llt = await createLlt(t.database.db, { name: `Urticaria aguda ${randomUUID().slice(0, 6)}` });
  rlf = await sessionOf(t, 'RLF');
  outsider = await sessionOf(t, 'RLF', { country: 'AR' });
});
afterAll(() => t.close());

const flat = (text: string) => text.replace(/\s+/gu, ' ');

async function ok(response: { statusCode: number; body: string }) {
  expect(response.statusCode, response.body).toBe(200);
}

/** A case filled through the wizard's calls, then sent (status 2). */
async function filledCase(
  options: { rams?: { description: string; llt?: TestLlt }[]; medications?: (MedicationProduct & { role?: number })[]; additional?: string; patient?: Parameters<typeof validPatient>[0] } = {},
): Promise<TestCase> {
  const testCase = await createCase(t.database.db, { status: ER_STATUS.PENDIENTE, createdBy: rlf.user.id, productIds: [] });
  await ok(await post(t, rlf, 'setPaciente', { IdER: testCase.meta, ...validPatient(options.patient) }));
  const medications: (MedicationProduct & { role?: number })[] = options.medications ?? [product];
  for (const medication of medications) {
    const role = medication.role === undefined ? {} : { Caracterizacion: medication.role };
    await ok(await post(t, rlf, 'insertMedicamentoRelacionado', { IdER: testCase.meta, ERType: 1, ...medicationForm(medication), ...role }));
  }
  for (const ram of options.rams ?? [{ description: 'Ronchas en los brazos tras la segunda dosis' }]) {
    const form = ramForm(ram.llt ?? llt, { Description: ram.description, HospitalizationRequired: true, HospitalizationDateStart: '2024-03-06', HospitalizationDateEnd: '2024-03-07' });
    await ok(await post(t, rlf, 'insertRAM', { ram: { IdER: testCase.meta, ...form } }));
  }
  if (options.additional) await t.database.db.update(events).set({ additionalInformation: options.additional }).where(eq(events.id, testCase.id));
  await t.database.db.update(events).set({ status: ER_STATUS.EN_REVISION_RLF }).where(eq(events.id, testCase.id));
  return testCase;
}

const ciomsOf = (who: Session, testCase: TestCase) => get(t, who, `getERCIOMS/${testCase.meta}`);

async function ciomsText(testCase: TestCase): Promise<string> {
  const response = await ciomsOf(rlf, testCase);
  expect(response.statusCode, response.body).toBe(200);
  return pdftotext(response.rawPayload);
}

describe('getERCIOMS', () => {
  it('downloads the form with every box’s value for a full case, and audits it', async () => {
    const testCase = await filledCase({ patient: { Initials: 'MGL' }, additional: 'La paciente consultó en emergencia y recibió antihistamínicos.' });
    const response = await ciomsOf(rlf, testCase);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(`CIOMS-${testCase.referenceNumber}.pdf`);
    const text = await pdftotext(response.rawPayload);
    const read = flat(text);
    expect(text.split('\f').filter((page) => page.trim() !== '')).toHaveLength(1);

    // What the user entered, box by box.
    expect(read).toContain('MGL'); // 1
    expect(read).toContain('Uruguay'); // 1a
    expect(read).toContain('34 años'); // 2a
    expect(read).toContain('Femenino'); // 3
    expect(read).toMatch(/Día Mes Año 05 MAR 2024/); // 4-6
    expect(read).toContain(`${llt.llt_name} (LLT ${llt.llt_code}`); // 7
    expect(read).toContain('Ronchas en los brazos tras la segunda dosis');
    expect(read).toContain('inicio 05/MAR/2024; fin 08/MAR/2024');
    expect(read).toContain('La paciente consultó en emergencia y recibió antihistamínicos.');
    expect(read).toContain('☒ IMPLICÓ O PROLONGÓ LA HOSPITALIZACIÓN'); // 8-12
    expect(read).toContain('☐ FALLECIÓ EL PACIENTE');
    expect(read).toContain(product.commercialName); // 14
    for (const ingredient of product.ingredients) expect(read).toContain(ingredient.name);
    expect(read).toContain('lote L-2024-01');
    expect(read).toContain('Oral'); // 16
    expect(read).toContain('Dolor de cabeza'); // 17
    expect(read).toContain('01/MAR/2024 - 10/MAR/2024'); // 18
    expect(read).toContain('10 días'); // 19
    expect(read).toContain('Hipertensión'); // 23
    expect(read).toContain(product.laboratory); // 24a: the authorisation holder
    expect(read).toContain(`-${testCase.referenceNumber}`); // 24b
    expect(read).toContain(ciomsDate(new Date().toISOString())); // date of this report
    expect(read).toContain('☒ INICIAL ☐ SEGUIMIENTO'); // 25a

    // And every value of the form model, as the mapping filled it.
    const found = await findCaseInReach(t.database.db, rlf.user, testCase.meta);
    if (!found) throw new Error('case not found');
    const form = await loadCiomsForm(t.database.db, found, new Date());
    const values = [
      form.caseNumber,
      form.patientInitials,
      form.country,
      form.age,
      form.sex,
      ...form.reactions,
      ...form.narrative,
      ...form.tests,
      ...form.suspectDrugs.flatMap((drug) => [drug.name, drug.dailyDose, drug.route, drug.indication, drug.therapyDates, drug.duration]),
      ...form.concomitantDrugs,
      ...form.history,
      form.manufacturer,
      form.controlNumber,
      form.dateReceived,
    ].filter((value) => value.trim() !== '');
    expect(values.length).toBeGreaterThan(15);
    for (const value of values) expect(read).toContain(flat(value));

    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.pkId, testCase.id), eq(auditLog.description, 'Formulario CIOMS I generado')));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.newValues).toMatchObject({ Archivo: `CIOMS-${testCase.referenceNumber}.pdf` });
  }, 90_000);

  it('continues on further pages when reactions, drugs and the narrative do not fit, and cuts nothing', async () => {
    const rams = Array.from({ length: 14 }, (_, index) => ({ description: `Reacción número ${index} descripción${index}R` }));
    const medications = await Promise.all(Array.from({ length: 7 }, () => createMedicationProduct(t.database.db)));
    const narrative = Array.from({ length: 900 }, (_, index) => `evolución${index}`).join(' ');
    const testCase = await filledCase({ rams, medications, additional: narrative });
    const text = await ciomsText(testCase);
    const pages = text.split('\f').filter((page) => page.trim() !== '');
    expect(pages.length).toBeGreaterThan(1);
    expect(pages[0]).toContain(CIOMS_CONTINUED);
    expect(pages[1]).toContain(CIOMS_CONTINUATION_TITLE);

    const read = flat(text);
    for (const ram of rams) expect(read).toContain(ram.description);
    medications.forEach((medication, index) => expect(read).toContain(`#${index + 1} ${medication.commercialName}`));
    const found = new Set(words(text));
    for (const word of words(narrative)) expect(found, word).toContain(word);
  }, 90_000);

  it('lists a concomitant drug in box 22, not among the suspect drugs of box 14; a drug not administered there too, so marked', async () => {
    const concomitant = await createMedicationProduct(t.database.db);
    const notGiven = await createMedicationProduct(t.database.db);
    const testCase = await filledCase({ medications: [product, { ...concomitant, role: 2 }, { ...notGiven, role: 4 }] });
    const found = await findCaseInReach(t.database.db, rlf.user, testCase.meta);
    if (!found) throw new Error('case not found');
    const form = await loadCiomsForm(t.database.db, found, new Date());
    expect(form.suspectDrugs.map((drug) => drug.name).join(' ')).toContain(product.commercialName);
    expect(form.suspectDrugs.map((drug) => drug.name).join(' ')).not.toContain(concomitant.commercialName);
    expect(form.concomitantDrugs).toHaveLength(2);
    expect(form.concomitantDrugs[0]).toContain(concomitant.commercialName);
    expect(form.concomitantDrugs[1]).toContain(notGiven.commercialName);
    expect(form.concomitantDrugs[1]).toContain('no administrado');
    // And on the PDF.
    const read = flat(await ciomsText(testCase));
    expect(read).toContain(concomitant.commercialName);
    expect(read).toContain('no administrado');
  }, 90_000);

  it('reads back accented Spanish text as written', async () => {
    const accented = await createMedicationProduct(t.database.db);
    await t.database.db.update(products).set({ commercialName: 'Óxido de Zinc Niño Ñandú' }).where(eq(products.id, accented.id));
    const testCase = await filledCase({
      medications: [{ ...accented, commercialName: 'Óxido de Zinc Niño Ñandú' }],
      rams: [{ description: 'Náuseas, vómitos y cefalea intensa; «mejoró» después de la suspensión' }],
      patient: { Initials: 'ÁÉÑ', CondicionesMedicas: 'Diabetes tipo 2, insuficiencia renal crónica' },
    });
    const read = flat(await ciomsText(testCase));
    expect(read).toContain('Óxido de Zinc Niño Ñandú');
    expect(read).toContain('Náuseas, vómitos y cefalea intensa; «mejoró» después de la suspensión');
    expect(read).toContain('ÁÉÑ');
    expect(read).toContain('Diabetes tipo 2, insuficiencia renal crónica');
    expect(read).not.toContain('\uFFFD');
  });

  it('refuses a case out of reach or unknown (404), and a Pendiente one (400), auditing nothing', async () => {
    const testCase = await createCase(t.database.db, { status: ER_STATUS.EN_REVISION_RLF, createdBy: rlf.user.id, productIds: [product.id] });
    const refused = await ciomsOf(outsider, testCase);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ Message: MSG.lists.eventNotFound });
    expect((await get(t, rlf, 'getERCIOMS/desconocido')).statusCode).toBe(404);
    const draft = await createCase(t.database.db, { status: ER_STATUS.PENDIENTE, createdBy: rlf.user.id, productIds: [product.id] });
    const pending = await ciomsOf(rlf, draft);
    expect(pending.statusCode).toBe(400);
    expect(pending.json()).toMatchObject({ Message: MSG.pdf.notAllowed });
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.pkId, testCase.id), eq(auditLog.kind, 'case.cioms-generated')));
    expect(audit).toEqual([]);
  });
});
