import { MAX_DB_ID, MSG } from '@atalaya/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventMedications, previousMedications } from '../db/schema/index.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { get, post, sessionOf, type Session } from '../test-support/case-edit.js';
import { createCase, type TestCase } from '../test-support/cases.js';
import { createMedicationProduct, medicationForm, type MedicationProduct } from '../test-support/case-medications.js';

/**
 * docs/api.md 'Input rules': dates are ISO 8601 only and ids fit the database's integer, on
 * every kind of input (path, JSON body) — a 400 with a Spanish message, never a 500 or a guess.
 */

let t: TestApp;
let rlf: Session;
let product: MedicationProduct;
let testCase: TestCase;

beforeAll(async () => {
  t = await createTestApp();
  rlf = await sessionOf(t, 'RLF');
  product = await createMedicationProduct(t.database.db);
  testCase = await createCase(t.database.db, { status: 1, createdBy: rlf.user.id, productIds: [product.id], rams: [{}] });
});
afterAll(() => t.close());

const TOO_BIG = MAX_DB_ID + 1;

describe('ids above the 32-bit integer range', () => {
  it.each([
    [`getRAMRAMCategoryByRAMId/${TOO_BIG}`, MSG.wizard.recordNotFound],
    ['getRAMRAMCategoryByRAMId/99999999999999999999', MSG.wizard.recordNotFound],
    ['getRAMRAMCategoryByRAMId/1e3', MSG.wizard.recordNotFound],
    [`Seguimiento/${TOO_BIG}`, MSG.referenceData.invalidId],
    [`downloadFollowUpById/${TOO_BIG}`, MSG.referenceData.invalidId],
    [`downloadDocAndNotesById/${TOO_BIG}`, MSG.referenceData.invalidId],
    [`downloadFileContactoMedicoById/${TOO_BIG}`, MSG.referenceData.invalidId],
    [`downloadFileLocalSanitaryNotificactionById/${TOO_BIG}`, MSG.referenceData.invalidId],
    [`downloadFileRecProductById/${TOO_BIG}`, MSG.referenceData.invalidId],
    [`getLinesByLaboratory/${TOO_BIG}`, MSG.referenceData.invalidId],
    [`getlaboraotriesByProductsCountry/1/${TOO_BIG}`, MSG.referenceData.invalidId],
    [`getWorkFlow/1/15/FechaSolicitud/${TOO_BIG}/null/null/null/null/null`, MSG.lists.invalidFilter],
    [`getWorkFlow/1/15/FechaSolicitud/null/null/null/null/null/${TOO_BIG}`, MSG.lists.invalidFilter],
  ])('GET /api/%s answers 400 with a Spanish message', async (path, message) => {
    const response = await get(t, rlf, path);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Message: message });
  });

  it('an id one below the limit is an id: it names no row (404), it is not refused as malformed', async () => {
    const response = await get(t, rlf, `Seguimiento/${MAX_DB_ID}`);
    expect(response.statusCode).toBe(404);
  });

  it.each([
    ['deleteMedicamentoRelacionado', () => ({ Id: TOO_BIG, IdER: testCase.meta }), MSG.wizard.recordNotFound],
    ['deleteMedicamentoAnterior', () => ({ Id: 1e12, EvRepId: testCase.meta }), MSG.wizard.recordNotFound],
    ['updateRAM', () => ({ ram: { Id: TOO_BIG, IdER: testCase.meta }, comentario: 'x' }), MSG.wizard.recordNotFound],
    ['updateMedicamentoRecuperado', () => ({ Id: TOO_BIG, IdER: testCase.meta, HaveProduct: false }), MSG.wizard.recordNotFound],
    ['setMedicamentoAnterior', () => ({ EvRepId: testCase.meta, Medications: [{ Medicamento: 'Enalapril', Tipo: TOO_BIG }] }), MSG.generic.select],
    [
      'insertMedicamentoRelacionado',
      () => ({ IdER: testCase.meta, ...medicationForm(product, { Medicine: { Id: TOO_BIG } }) }),
      MSG.wizard.medicineRequired,
    ],
  ] as const)('POST /api/%s with an id above 2,147,483,647 answers 400 and writes nothing', async (call, body, message) => {
    const before = await t.database.db.select().from(eventMedications).where(eq(eventMedications.eventId, testCase.id));
    const response = await post(t, rlf, call, body());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Message: message });
    expect(await t.database.db.select().from(eventMedications).where(eq(eventMedications.eventId, testCase.id))).toEqual(before);
  });
});

describe('dates are ISO 8601 only', () => {
  const medication = (dates: { DateStart?: unknown; DateEnd?: unknown }) => ({ IdER: testCase.meta, ...medicationForm(product), ...dates });

  it.each([
    ['03/04/2026', 'DateStart', 'fecha de inicio'],
    ['ayer 5', 'DateStart', 'fecha de inicio'],
    ['2026-3-4', 'DateStart', 'fecha de inicio'],
    ['2026-02-30', 'DateEnd', 'fecha de fin'],
    ['2026-03-04T10:00:00Z', 'DateEnd', 'fecha de fin'],
    ['Wed Mar 04 2026', 'DateEnd', 'fecha de fin'],
  ])('a related medication dated %j in %s is refused naming the field, and not stored', async (value, field, label) => {
    const before = await medicationIds();
    const response = await post(t, rlf, 'insertMedicamentoRelacionado', medication({ [field]: value }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Message: MSG.generic.dateFormat(label) });
    expect(await medicationIds()).toEqual(before);
  });

  it('an ISO date is kept as the day sent', async () => {
    const response = await post(t, rlf, 'insertMedicamentoRelacionado', medication({ DateStart: '2024-02-29', DateEnd: '2024-03-04' }));
    expect(response.statusCode).toBe(200);
    const rows = await t.database.db.select({ start: eventMedications.dateStart }).from(eventMedications).where(eq(eventMedications.eventId, testCase.id));
    expect(rows.map((row) => row.start)).toContain('2024-02-29');
  });

  it('a previous medication with a date that is not YYYY-MM-DD is refused and nothing is stored', async () => {
    const response = await post(t, rlf, 'setMedicamentoAnterior', {
      EvRepId: testCase.meta,
      Medications: [
        { Medicamento: 'Enalapril', FechaIni: '2025-01-10' },
        { Medicamento: 'Losartán', FechaIni: '10/01/2025' },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Message: MSG.generic.dateFormat('fecha de inicio') });
    expect(await t.database.db.select().from(previousMedications).where(eq(previousMedications.eventId, testCase.id))).toEqual([]);
  });

  it('the product recovery refuses an expiry date that is no day', async () => {
    const [medicationId] = await medicationIds();
    const response = await post(t, rlf, 'updateMedicamentoRecuperado', {
      Id: medicationId,
      IdER: testCase.meta,
      HaveProduct: true,
      DateExpiration: '31/12/2027',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Message: MSG.generic.dateFormat('fecha de vencimiento') });
  });
});

async function medicationIds(): Promise<number[]> {
  const rows = await t.database.db.select({ id: eventMedications.id }).from(eventMedications).where(eq(eventMedications.eventId, testCase.id));
  return rows.map((row) => row.id).sort((a, b) => a - b);
}
