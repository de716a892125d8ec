import { ER_STATUS, type ErMedication, medicationInputSchema, MSG, type MedicationInput } from '@atalaya/domain';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventMedicationIngredients,
  eventMedications,
  events,
  lines,
  operationHistory,
  operationHistoryLines,
  productRecoveries,
} from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import {
  createLine,
  createMedicationProduct,
  medicationForm,
  type MedicationProduct,
  TEST_OPTIONS,
} from '../../test-support/case-medications.js';
import { createCase, type TestCase } from '../../test-support/cases.js';
import { bearer, createUser, login } from '../../test-support/factories.js';
import { signIn, type SignedIn } from '../../test-support/home-reports.js';
import { insertMedicationRecord } from './index.js';

let t: TestApp;
let product: MedicationProduct;
let rlf: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  product = await createMedicationProduct(t.database.db, { ingredients: ['paracetamol', 'cafeína'] });
  rlf = await signIn(t, 'RLF', 'UY');
});
afterAll(() => t.close());

/** A case of the RLF's country created by them; a draft without medications unless told. */
function newCase(options: { status?: number; productIds?: number[] } = {}): Promise<TestCase> {
  return createCase(t.database.db, { status: options.status ?? ER_STATUS.PENDIENTE, createdBy: rlf.user.id, productIds: options.productIds ?? [] });
}

function post(who: SignedIn, call: string, payload: object) {
  return t.app.inject({ method: 'POST', url: `/api/${call}`, headers: who.headers, payload });
}

async function listOf(meta: string, who: SignedIn = rlf): Promise<ErMedication[]> {
  const response = await t.app.inject({ method: 'GET', url: `/api/getProductsRelationsByMeta/${meta}`, headers: who.headers });
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function addOk(testCase: TestCase, form: MedicationInput = medicationForm(product)): Promise<ErMedication> {
  const response = await post(rlf, 'insertMedicamentoRelacionado', { IdER: testCase.meta, ERType: 1, ...form });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The operation history of a case: entries (oldest first) with their lines. */
async function historyOf(testCase: TestCase) {
  const db = t.database.db;
  const entries = await db.select().from(operationHistory).where(eq(operationHistory.eventId, testCase.id)).orderBy(asc(operationHistory.id));
  return Promise.all(
    entries.map(async (entry) => ({
      description: entry.description,
      operationType: entry.operationType,
      lines: await db
        .select({ description: operationHistoryLines.description, oldValue: operationHistoryLines.oldValue, newValue: operationHistoryLines.newValue })
        .from(operationHistoryLines)
        .where(eq(operationHistoryLines.entryId, entry.id))
        .orderBy(asc(operationHistoryLines.id)),
    })),
  );
}

/** The stored medications of a case and the history: what a refused write must leave alone. */
async function stateOf(testCase: TestCase) {
  const medications = await t.database.db.select().from(eventMedications).where(eq(eventMedications.eventId, testCase.id)).orderBy(asc(eventMedications.id));
  return { medications, history: await historyOf(testCase) };
}

/** What the form sent, as the read answers it. */
function expectedRecord(form: MedicationInput) {
  const parsed = medicationInputSchema.parse(form);
  return {
    Medicine: { Id: parsed.Medicine.Id, ComercialName: product.commercialName },
    Laboratorio: { Id: product.laboratoryId, Nombre: product.laboratory },
    LineaId: parsed.LineaId,
    LineaId2: parsed.LineaId2,
    FormaFarmaceuticaId: parsed.FormaFarmaceuticaId,
    FormaFarmaceutica: 'Comprimido',
    PrincipiosActivos: parsed.PrincipiosActivos.map((ingredient) => ({
      PrincipioActivoId: ingredient.PrincipioActivoId,
      PrincipioActivo_Nombre: ingredient.PrincipioActivo_Nombre,
      Concentracion: ingredient.Concentracion,
      Unidad: ingredient.Unidad,
    })),
    LotNumber: parsed.LotNumber,
    Indication: parsed.Indication,
    DateStart: parsed.DateStart,
    DateEnd: parsed.DateEnd,
    ViaId: parsed.ViaId,
    FrecuenciaTipo: parsed.FrecuenciaTipo,
    FrecId: parsed.FrecId,
    Cant: parsed.Cant,
    UnitUsoId: parsed.UnitUsoId,
  };
}

describe('POST /api/insertMedicamentoRelacionado', () => {
  it('stores the medication with its ingredients and the history, and reads it back as sent', async () => {
    const testCase = await newCase();
    const form = medicationForm(product);
    const added = await addOk(testCase, form);
    expect(added).toMatchObject({ ...expectedRecord(form), Linea: { Nombre: product.lines[0]?.name }, Via: 'Oral', UnitUsoNombre: 'Comprimido' });
    expect(await listOf(testCase.meta)).toEqual([added]);

    const history = await historyOf(testCase);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ description: 'Medicamento agregado', operationType: 'I' });
    expect(history[0]?.lines).toEqual(
      expect.arrayContaining([
        { description: 'Medicamento', oldValue: null, newValue: product.commercialName },
        { description: 'Fabricante', oldValue: null, newValue: product.lines[0]?.name },
        { description: 'Lote', oldValue: null, newValue: 'L-2024-01' },
        { description: 'Principio activo', oldValue: null, newValue: 'paracetamol, cafeína' },
        { description: 'Concentración', oldValue: null, newValue: '500 mg, 500 mg' },
        { description: 'Fecha de inicio', oldValue: null, newValue: '2024-03-01' },
      ]),
    );
  });

  it('answers the short list with the ingredients joined', async () => {
    const testCase = await newCase();
    const added = await addOk(testCase);
    const response = await t.app.inject({ method: 'GET', url: `/api/getProductsRelationsShortByMeta/${testCase.meta}`, headers: rlf.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { Id: added.Id, ComercialName: product.commercialName, Laboratorio: product.laboratory, PrincipiosActivos: 'paracetamol, cafeína' },
    ]);
  });

  it('refuses a medicine not sold in the case’s country and stores nothing', async () => {
    const testCase = await newCase();
    const foreign = await createMedicationProduct(t.database.db, { countries: ['AR'] });
    const response = await post(rlf, 'insertMedicamentoRelacionado', { IdER: testCase.meta, ...medicationForm(foreign) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Message: MSG.wizard.productNotInCountry });
    expect(await stateOf(testCase)).toEqual({ medications: [], history: [] });
  });

  it('refuses a disabled medicine', async () => {
    const testCase = await newCase();
    const disabled = await createMedicationProduct(t.database.db, { eliminado: true });
    const response = await post(rlf, 'insertMedicamentoRelacionado', { IdER: testCase.meta, ...medicationForm(disabled) });
    expect(response.json()).toMatchObject({ Message: MSG.wizard.productNotInCountry });
  });

  it('refuses a line of another laboratory, and a disabled line', async () => {
    const testCase = await newCase();
    const other = await createMedicationProduct(t.database.db);
    const disabledLine = await createLine(t.database.db, product.laboratoryId, { eliminado: true });
    for (const form of [
      medicationForm(product, { LineaId: other.lines[0]?.id }),
      medicationForm(product, { LineaId2: other.lines[0]?.id }),
      medicationForm(product, { LineaId: disabledLine.id }),
    ]) {
      const response = await post(rlf, 'insertMedicamentoRelacionado', { IdER: testCase.meta, ...form });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ Message: MSG.wizard.lineNotOfProduct });
    }
    expect(await stateOf(testCase)).toEqual({ medications: [], history: [] });
  });

  it('refuses an active ingredient of another medicine', async () => {
    const testCase = await newCase();
    const other = await createMedicationProduct(t.database.db);
    const form = medicationForm(product);
    form.PrincipiosActivos = [{ PrincipioActivoId: other.ingredients[0]?.id, Concentracion: 10, Unidad: TEST_OPTIONS.unit }];
    const response = await post(rlf, 'insertMedicamentoRelacionado', { IdER: testCase.meta, ...form });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Message: MSG.wizard.ingredientNotOfProduct });
  });

  it('refuses unknown list values, naming the field', async () => {
    const testCase = await newCase();
    const cases: [Partial<MedicationInput>, string][] = [
      [{ FormaFarmaceuticaId: 999_999 }, 'Forma farmacéutica'],
      [{ ViaId: 999_999 }, 'Vía de administración'],
      [{ FrecuenciaTipo: 999_999 }, 'Tipo de frecuencia'],
      [{ UnitUsoId: 999_999 }, 'Unidad de dosis'],
    ];
    for (const [override, field] of cases) {
      const response = await post(rlf, 'insertMedicamentoRelacionado', { IdER: testCase.meta, ...medicationForm(product, override) });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ Message: MSG.wizard.optionUnknown(field) });
    }
    expect(await stateOf(testCase)).toEqual({ medications: [], history: [] });
  });

  it('refuses an end date before the start and a future date', async () => {
    const testCase = await newCase();
    for (const [override, message] of [
      [{ DateStart: '2024-03-10', DateEnd: '2024-03-01' }, MSG.generic.endBeforeStart],
      [{ DateStart: '2999-01-01', DateEnd: null }, MSG.generic.futureDate],
    ] as const) {
      const response = await post(rlf, 'insertMedicamentoRelacionado', { IdER: testCase.meta, ...medicationForm(product, override) });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ Message: message });
    }
    expect(await stateOf(testCase)).toEqual({ medications: [], history: [] });
  });

  it('refuses a medication without medicine or manufacturer with the form’s messages', async () => {
    const testCase = await newCase();
    const noMedicine = await post(rlf, 'insertMedicamentoRelacionado', { IdER: testCase.meta, ...medicationForm(product), Medicine: { Id: '' } });
    expect(noMedicine.json()).toMatchObject({ Message: MSG.wizard.medicineRequired });
    const noLine = await post(rlf, 'insertMedicamentoRelacionado', { IdER: testCase.meta, ...medicationForm(product), LineaId: '' });
    expect(noLine.json()).toMatchObject({ Message: MSG.wizard.laboratoryRequired });
  });

  it('refuses writes to a case sent (2) or annulled (11), leaving it unchanged', async () => {
    for (const status of [ER_STATUS.EN_REVISION_RLF, ER_STATUS.ANULADO]) {
      const testCase = await newCase({ status, productIds: [product.id] });
      const before = await stateOf(testCase);
      const [stored] = before.medications;
      const responses = [
        await post(rlf, 'insertMedicamentoRelacionado', { IdER: testCase.meta, ...medicationForm(product) }),
        await post(rlf, 'updateMedicamentoRelacionado', { IdER: testCase.meta, Id: stored?.id, ...medicationForm(product) }),
        await post(rlf, 'deleteMedicamentoRelacionado', { IdER: testCase.meta, Id: stored?.id }),
      ];
      for (const response of responses) {
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ Message: MSG.wizard.notEditable });
      }
      expect(await stateOf(testCase)).toEqual(before);
    }
  });

  it('is refused to CL (403) and answers 404 to an RLF of another country', async () => {
    const testCase = await newCase();
    const cl = await signIn(t, 'CL', 'UY');
    const refused = await post(cl, 'insertMedicamentoRelacionado', { IdER: testCase.meta, ...medicationForm(product) });
    expect(refused.statusCode).toBe(403);

    const foreign = await signIn(t, 'RLF', 'AR');
    const hidden = await post(foreign, 'insertMedicamentoRelacionado', { IdER: testCase.meta, ...medicationForm(product) });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ Message: MSG.lists.eventNotFound });
    const read = await t.app.inject({ method: 'GET', url: `/api/getProductsRelationsByMeta/${testCase.meta}`, headers: foreign.headers });
    expect(read.statusCode).toBe(404);
    expect(await stateOf(testCase)).toEqual({ medications: [], history: [] });
  });
});

describe('POST /api/updateMedicamentoRelacionado', () => {
  it('changes the medication, replaces its ingredients and logs the changed fields', async () => {
    const testCase = await newCase();
    const added = await addOk(testCase);
    const [first, second] = product.lines;
    const [paracetamol] = product.ingredients;
    const form = medicationForm(product, {
      LineaId: second?.id,
      LineaId2: first?.id,
      Cant: 2,
      PrincipiosActivos: [{ PrincipioActivoId: paracetamol?.id, PrincipioActivo_Nombre: 'paracetamol', Concentracion: 750, Unidad: TEST_OPTIONS.unit }],
    });
    const response = await post(rlf, 'updateMedicamentoRelacionado', { IdER: testCase.meta, Id: added.Id, ...form });
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json<ErMedication>();
    expect(updated).toMatchObject({ Id: added.Id, ...expectedRecord(form), Linea: { Nombre: second?.name }, Linea2: { Nombre: first?.name } });
    expect(await listOf(testCase.meta)).toEqual([updated]);
    const ingredients = await t.database.db.select().from(eventMedicationIngredients).where(eq(eventMedicationIngredients.eventMedicationId, added.Id));
    expect(ingredients).toHaveLength(1);

    const [, entry] = await historyOf(testCase);
    expect(entry).toMatchObject({ description: 'Medicamento actualizado', operationType: 'U' });
    expect(entry?.lines).toEqual([
      { description: 'Fabricante', oldValue: first?.name, newValue: `${second?.name}, ${first?.name}` },
      { description: 'Principio activo', oldValue: 'paracetamol, cafeína', newValue: 'paracetamol' },
      { description: 'Concentración', oldValue: '500 mg, 500 mg', newValue: '750 mg' },
      { description: 'Dosis administrada', oldValue: '1', newValue: '2' },
    ]);
  });

  it('answers 404 for a medication of another case or no Id', async () => {
    const testCase = await newCase();
    const otherCase = await newCase();
    const elsewhere = await addOk(otherCase);
    for (const id of [elsewhere.Id, undefined]) {
      const response = await post(rlf, 'updateMedicamentoRelacionado', { IdER: testCase.meta, Id: id, ...medicationForm(product) });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ Message: MSG.wizard.recordNotFound });
    }
    expect(await listOf(otherCase.meta)).toEqual([elsewhere]);
  });

  it('keeps a line disabled after it was chosen', async () => {
    const testCase = await newCase();
    const line = await createLine(t.database.db, product.laboratoryId);
    const added = await addOk(testCase, medicationForm(product, { LineaId: line.id }));
    await t.database.db.update(lines).set({ eliminado: true }).where(eq(lines.id, line.id));
    const response = await post(rlf, 'updateMedicamentoRelacionado', { IdER: testCase.meta, Id: added.Id, ...medicationForm(product, { LineaId: line.id, Cant: 3 }) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ LineaId: line.id, Cant: 3 });
  });
});

describe('POST /api/deleteMedicamentoRelacionado', () => {
  it('deletes the medication with its ingredients and product recovery, and logs it', async () => {
    const testCase = await newCase();
    const kept = await addOk(testCase);
    const removed = await addOk(testCase);
    await t.database.db.insert(productRecoveries).values({ eventMedicationId: removed.Id, haveProduct: true });
    const response = await post(rlf, 'deleteMedicamentoRelacionado', { IdER: testCase.meta, Id: removed.Id });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({});
    expect(await listOf(testCase.meta)).toEqual([kept]);
    const db = t.database.db;
    expect(await db.select().from(eventMedicationIngredients).where(eq(eventMedicationIngredients.eventMedicationId, removed.Id))).toEqual([]);
    expect(await db.select().from(productRecoveries).where(eq(productRecoveries.eventMedicationId, removed.Id))).toEqual([]);

    const entry = (await historyOf(testCase)).at(-1);
    expect(entry).toMatchObject({ description: 'Medicamento eliminado', operationType: 'D' });
    expect(entry?.lines[0]).toEqual({ description: 'Medicamento', oldValue: product.commercialName, newValue: null });
  });

  it('answers 404 for an unknown medication', async () => {
    const testCase = await newCase();
    const response = await post(rlf, 'deleteMedicamentoRelacionado', { IdER: testCase.meta, Id: 2_000_000_000 });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ Message: MSG.wizard.recordNotFound });
  });
});

describe('GET /api/getProductsRelationsByMeta/{meta}', () => {
  it('lists 20 medications with their ingredients, in order', async () => {
    const testCase = await newCase();
    const form = medicationInputSchema.parse(medicationForm(product));
    const ids = await t.database.db.transaction(async (tx) => {
      const stored: number[] = [];
      for (let index = 0; index < 20; index += 1) {
        stored.push((await insertMedicationRecord(tx, { eventId: testCase.id, countryId: testCase.countryId }, { ...form, Cant: index }, rlf.user.id)).id);
      }
      return stored;
    });
    const list = await listOf(testCase.meta);
    expect(list.map((medication) => medication.Id)).toEqual(ids);
    expect(list.map((medication) => medication.Cant)).toEqual(ids.map((_, index) => index));
    expect(list.every((medication) => medication.PrincipiosActivos.length === 2)).toBe(true);
  });

  it('lets a CL of the medicine’s laboratory read a sent case', async () => {
    const testCase = await newCase();
    await addOk(testCase);
    await t.database.db.update(events).set({ status: ER_STATUS.EN_REVISION_RLF }).where(eq(events.id, testCase.id));
    const user = await createUser(t.database.db, { role: 'CL', laboratories: [{ laboratoryId: product.laboratoryId }] });
    const token = (await login(t.app, user)).accessToken;
    const list = await listOf(testCase.meta, { user, token, headers: bearer(token) });
    expect(list.map((medication) => medication.Medicine.Id)).toEqual([product.id]);
  });
});

describe('Caracterizacion: the drug role (E2B G.k.1)', () => {
  it('an omitted role is Sospechoso; a role sent is stored, read back by the list and the view, and changed by an update with its history line', async () => {
    const testCase = await newCase();
    const suspect = await addOk(testCase);
    expect(suspect).toMatchObject({ Caracterizacion: 1, CaracterizacionNombre: 'Sospechoso' });
    const concomitant = await addOk(testCase, { ...medicationForm(product), Caracterizacion: 2 });
    expect(concomitant).toMatchObject({ Caracterizacion: 2, CaracterizacionNombre: 'Concomitante' });
    expect((await listOf(testCase.meta)).map((medication) => medication.Caracterizacion)).toEqual([1, 2]);
    const [stored] = await t.database.db.select({ drugRole: eventMedications.drugRole }).from(eventMedications).where(eq(eventMedications.id, concomitant.Id));
    expect(stored?.drugRole).toBe(2);

    const response = await post(rlf, 'updateMedicamentoRelacionado', { IdER: testCase.meta, Id: concomitant.Id, ...medicationForm(product), Caracterizacion: 3 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ Caracterizacion: 3, CaracterizacionNombre: 'Interactuante' });
    const history = await historyOf(testCase);
    expect(history.at(-1)?.lines).toContainEqual({ description: 'Rol del medicamento', oldValue: 'Concomitante', newValue: 'Interactuante' });
    const again = await post(rlf, 'updateMedicamentoRelacionado', { IdER: testCase.meta, Id: concomitant.Id, ...medicationForm(product), Caracterizacion: 4 });
    expect(again.json()).toMatchObject({ Caracterizacion: 4, CaracterizacionNombre: 'No administrado' });
  });

  it('a role outside 1–4 is a 400 with a Spanish message, on insert and update, and nothing changes', async () => {
    const testCase = await newCase();
    const added = await addOk(testCase);
    const before = await stateOf(testCase);
    for (const role of [0, 5, '2', 1.5, null, 'Concomitante']) {
      for (const call of ['insertMedicamentoRelacionado', 'updateMedicamentoRelacionado']) {
        const response = await post(rlf, call, { IdER: testCase.meta, Id: added.Id, ...medicationForm(product), Caracterizacion: role });
        expect(response.statusCode, `${call} ${String(role)}`).toBe(400);
        expect(response.json()).toMatchObject({ Message: MSG.wizard.drugRoleInvalid });
      }
    }
    expect(await stateOf(testCase)).toEqual(before);
  });
});
