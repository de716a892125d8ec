import { randomUUID } from 'node:crypto';
import { ER_STATUS, type ErRam, MSG, type RamInput } from '@atalaya/domain';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventRamCategories, eventRams, operationHistory, operationHistoryLines, ramTypes } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { ramForm, TEST_OPTIONS } from '../../test-support/case-medications.js';
import { createCase, type TestCase } from '../../test-support/cases.js';
import { createLlt, type TestLlt } from '../../test-support/catalog.js';
import { signIn, type SignedIn } from '../../test-support/home-reports.js';

let t: TestApp;
let rlf: SignedIn;
let llt: TestLlt;

beforeAll(async () => {
  t = await createTestApp();
  rlf = await signIn(t, 'RLF', 'UY');
  llt = await createLlt(t.database.db, { name: `Erupción cutánea ${randomUUID().slice(0, 8)}` });
});
afterAll(() => t.close());

function newCase(status: number = ER_STATUS.PENDIENTE): Promise<TestCase> {
  return createCase(t.database.db, { status, createdBy: rlf.user.id, productIds: [] });
}

function insertRam(testCase: TestCase, ram: RamInput | Record<string, unknown>, who: SignedIn = rlf) {
  return t.app.inject({ method: 'POST', url: '/api/insertRAM', headers: who.headers, payload: { ram: { IdER: testCase.meta, ...ram } } });
}

async function insertOk(testCase: TestCase, ram: RamInput = ramForm(llt)): Promise<ErRam> {
  const response = await insertRam(testCase, ram);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

function updateRam(testCase: TestCase, id: number, ram: RamInput, comentario?: string) {
  return t.app.inject({ method: 'POST', url: '/api/updateRAM', headers: rlf.headers, payload: { ram: { IdER: testCase.meta, Id: id, ...ram }, comentario } });
}

async function ramsOf(testCase: TestCase, who: SignedIn = rlf): Promise<ErRam[]> {
  const response = await t.app.inject({ method: 'GET', url: `/api/getRAMByMeta/${testCase.meta}`, headers: who.headers });
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function historyOf(testCase: TestCase) {
  const db = t.database.db;
  const entries = await db.select().from(operationHistory).where(eq(operationHistory.eventId, testCase.id)).orderBy(asc(operationHistory.id));
  return Promise.all(
    entries.map(async (entry) => ({
      description: entry.description,
      operationType: entry.operationType,
      comment: entry.comment,
      lines: await db
        .select({ description: operationHistoryLines.description, oldValue: operationHistoryLines.oldValue, newValue: operationHistoryLines.newValue })
        .from(operationHistoryLines)
        .where(eq(operationHistoryLines.entryId, entry.id))
        .orderBy(asc(operationHistoryLines.id)),
    })),
  );
}

async function stateOf(testCase: TestCase) {
  const rams = await t.database.db.select().from(eventRams).where(eq(eventRams.eventId, testCase.id)).orderBy(asc(eventRams.id));
  return { rams, history: await historyOf(testCase) };
}

describe('POST /api/insertRAM', () => {
  it('stores the adverse event with the dictionary’s term name and logs it', async () => {
    const testCase = await newCase();
    const form = ramForm(llt, { MedraLLT: { llt_code: llt.llt_code, llt_name: 'nombre inventado por el cliente' }, LifeThreading: true, Evolution: 3 });
    const added = await insertOk(testCase, form);
    expect(added).toMatchObject({
      IdER: testCase.meta,
      MedraLLT: { llt_code: llt.llt_code, llt_name: llt.llt_name },
      Description: form.Description,
      IsExpected: false,
      Evolution: 3,
      AccMed: TEST_OPTIONS.withdrawn,
      AccMedNombre: 'Medicamento retirado',
      DateStart: '2024-03-05',
      DateEnd: '2024-03-08',
      LifeThreading: true,
      IsSerious: true,
      IsRAM: true,
      TypeRAM: null,
      CategoryRAM: [],
    });
    expect(await ramsOf(testCase)).toEqual([added]);

    const [entry] = await historyOf(testCase);
    expect(entry).toMatchObject({ description: 'Evento adverso agregado', operationType: 'I' });
    expect(entry?.lines).toEqual(
      expect.arrayContaining([
        { description: 'Término MedDRA', oldValue: null, newValue: `${llt.llt_name} (${llt.llt_code})` },
        { description: 'Descripción', oldValue: null, newValue: form.Description },
        { description: 'Evolución', oldValue: null, newValue: 'Recuperado con secuelas' },
        { description: 'Riesgo de vida', oldValue: null, newValue: 'SI' },
        { description: 'Muerte', oldValue: null, newValue: 'NO' },
      ]),
    );
  });

  it('accepts a term that is no longer current', async () => {
    const old = await createLlt(t.database.db, { name: `Término antiguo ${randomUUID().slice(0, 8)}`, current: false });
    const added = await insertOk(await newCase(), ramForm(old));
    expect(added.MedraLLT).toEqual({ llt_code: old.llt_code, llt_name: old.llt_name });
  });

  it('refuses an adverse event without a MedDRA term, or with an unknown code', async () => {
    const testCase = await newCase();
    const { MedraLLT: _term, ...withoutTerm } = ramForm(llt);
    for (const ram of [withoutTerm, ramForm(llt, { MedraLLT: { llt_code: 1, llt_name: 'No existe' } })]) {
      const response = await insertRam(testCase, ram);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ Message: MSG.wizard.meddraRequired });
    }
    expect(await stateOf(testCase)).toEqual({ rams: [], history: [] });
  });

  it('refuses an end date before the start, also for the hospitalization', async () => {
    const testCase = await newCase();
    for (const ram of [
      ramForm(llt, { DateStart: '2024-03-10', DateEnd: '2024-03-01' }),
      ramForm(llt, { HospitalizationRequired: true, HospitalizationDateStart: '2024-03-10', HospitalizationDateEnd: '2024-03-01' }),
    ]) {
      const response = await insertRam(testCase, ram);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ Message: MSG.generic.endBeforeStart });
    }
    expect(await stateOf(testCase)).toEqual({ rams: [], history: [] });
  });

  it('drops the hospitalization dates unless hospitalization was required', async () => {
    const testCase = await newCase();
    const dates = { HospitalizationDateStart: '2024-03-06', HospitalizationDateEnd: '2024-03-07' };
    const without = await insertOk(testCase, ramForm(llt, { HospitalizationRequired: false, ...dates }));
    expect(without).toMatchObject({ HospitalizationRequired: false, HospitalizationDateStart: null, HospitalizationDateEnd: null });
    const withDates = await insertOk(testCase, ramForm(llt, { HospitalizationRequired: true, ...dates }));
    expect(withDates).toMatchObject({ HospitalizationRequired: true, ...dates });
  });

  it('drops the dose-change fields unless the drug action is 2 or 3', async () => {
    const testCase = await newCase();
    const dose = { Concentration: 0.125, UnitId: TEST_OPTIONS.unit, FrecId: 12, Cant: 2, UnitUsoId: TEST_OPTIONS.useUnit };
    const withdrawn = await insertOk(testCase, ramForm(llt, { AccMed: TEST_OPTIONS.withdrawn, ...dose }));
    expect(withdrawn).toMatchObject({ Concentration: null, UnitId: null, FrecId: null, Cant: null, UnitUsoId: null });
    const reduced = await insertOk(testCase, ramForm(llt, { AccMed: TEST_OPTIONS.doseReduced, ...dose }));
    expect(reduced).toMatchObject({ AccMed: TEST_OPTIONS.doseReduced, ...dose });
  });

  it('refuses unknown list values, naming the field', async () => {
    const testCase = await newCase();
    for (const [override, field] of [
      [{ AccMed: 999_999 }, 'Acción tomada con el medicamento'],
      [{ AccMed: TEST_OPTIONS.doseReduced, UnitId: 999_999 }, 'Unidad'],
      [{ AccMed: TEST_OPTIONS.doseReduced, UnitUsoId: 999_999 }, 'Unidad de uso'],
    ] as const) {
      const response = await insertRam(testCase, ramForm(llt, override));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ Message: MSG.wizard.optionUnknown(field) });
    }
    expect(await stateOf(testCase)).toEqual({ rams: [], history: [] });
  });

  it('refuses writes to a sent or annulled case, CL (403) and an RLF of another country (404)', async () => {
    for (const status of [ER_STATUS.EN_REVISION_RLF, ER_STATUS.ANULADO]) {
      const testCase = await newCase(status);
      const response = await insertRam(testCase, ramForm(llt));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ Message: MSG.wizard.notEditable });
      expect(await stateOf(testCase)).toEqual({ rams: [], history: [] });
    }
    const testCase = await newCase();
    expect((await insertRam(testCase, ramForm(llt), await signIn(t, 'CL', 'UY'))).statusCode).toBe(403);
    const foreign = await signIn(t, 'RLF', 'AR');
    expect((await insertRam(testCase, ramForm(llt), foreign)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/getRAMByMeta/${testCase.meta}`, headers: foreign.headers })).statusCode).toBe(404);
    expect(await stateOf(testCase)).toEqual({ rams: [], history: [] });
  });
});

describe('POST /api/updateRAM', () => {
  it('changes the wizard fields, keeps the classification and puts the comment on the history entry', async () => {
    const testCase = await newCase();
    const added = await insertOk(testCase);
    const db = t.database.db;
    const [typeIV] = await db.select({ id: ramTypes.id }).from(ramTypes).where(eq(ramTypes.value, 'TIPO_IV'));
    await db.update(eventRams).set({ isRam: false, ramTypeId: typeIV?.id }).where(eq(eventRams.id, added.Id));
    await db.insert(eventRamCategories).values([
      { ramId: added.Id, ramCategoryId: 1 },
      { ramId: added.Id, ramCategoryId: 3 },
    ]);
    const other = await createLlt(db, { name: `Prurito ${randomUUID().slice(0, 8)}` });

    const response = await updateRam(testCase, added.Id, ramForm(other, { Description: 'Picazón intensa', IsExpected: true }), 'Corregido tras hablar con el médico');
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json<ErRam>();
    expect(updated).toMatchObject({
      Id: added.Id,
      MedraLLT: { llt_code: other.llt_code, llt_name: other.llt_name },
      Description: 'Picazón intensa',
      IsExpected: true,
      IsRAM: false,
      TypeRAM: typeIV?.id,
      CategoryRAM: [
        { RAMId: added.Id, RAMCategoryId: 1 },
        { RAMId: added.Id, RAMCategoryId: 3 },
      ],
    });
    expect(await ramsOf(testCase)).toEqual([updated]);

    const entry = (await historyOf(testCase)).at(-1);
    expect(entry).toMatchObject({ description: 'Evento adverso actualizado', operationType: 'U', comment: 'Corregido tras hablar con el médico' });
    expect(entry?.lines).toEqual([
      { description: 'Término MedDRA', oldValue: `${llt.llt_name} (${llt.llt_code})`, newValue: `${other.llt_name} (${other.llt_code})` },
      { description: 'Descripción', oldValue: added.Description, newValue: 'Picazón intensa' },
      { description: 'Esperado', oldValue: 'NO', newValue: 'SI' },
    ]);
  });

  it('answers 404 for an unknown adverse event or one of another case', async () => {
    const testCase = await newCase();
    const elsewhere = await insertOk(await newCase());
    for (const id of [2_000_000_000, elsewhere.Id]) {
      const response = await updateRam(testCase, id, ramForm(llt));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ Message: MSG.wizard.recordNotFound });
    }
  });
});

describe('GET /api/getRAMRAMCategoryByRAMId/{id}', () => {
  it('answers the categories of an adverse event within reach, else 404', async () => {
    const testCase = await newCase();
    const added = await insertOk(testCase);
    await t.database.db.insert(eventRamCategories).values({ ramId: added.Id, ramCategoryId: 2 });
    const response = await t.app.inject({ method: 'GET', url: `/api/getRAMRAMCategoryByRAMId/${added.Id}`, headers: rlf.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([{ RAMId: added.Id, RAMCategoryId: 2 }]);

    const foreign = await signIn(t, 'RLF', 'AR');
    const hidden = await t.app.inject({ method: 'GET', url: `/api/getRAMRAMCategoryByRAMId/${added.Id}`, headers: foreign.headers });
    expect(hidden.statusCode).toBe(404);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/getRAMRAMCategoryByRAMId/2000000000', headers: rlf.headers });
    expect(unknown.statusCode).toBe(404);
  });
});
