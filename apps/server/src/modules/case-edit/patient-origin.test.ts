import { MSG } from '@atalaya/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventOrigins, eventPatients, files, heightUnits, residences, weightUnits } from '../../db/schema/index.js';
import { auditOf, caseRow, get, historyOf, post, sessionOf, validPatient, type Session } from '../../test-support/case-edit.js';
import { createCase, laboratoryOfProduct, type TestCase } from '../../test-support/cases.js';
import { createProduct } from '../../test-support/catalog.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';

let t: TestApp;
let rlf: Session;
let productId: number;
let laboratoryId: number;

beforeAll(async () => {
  t = await createTestApp();
  rlf = await sessionOf(t, 'RLF');
  const product = await createProduct(t.database.db, { countries: ['UY'] });
  productId = product.id;
  laboratoryId = await laboratoryOfProduct(t.database.db, product.id);
});
afterAll(() => t.close());

function draft(status = 1, createdBy = rlf.user.id): Promise<TestCase> {
  return createCase(t.database.db, { status, createdBy, productIds: [productId] });
}

async function storedPatient(testCase: TestCase) {
  return (await t.database.db.select().from(eventPatients).where(eq(eventPatients.eventId, testCase.id)))[0] ?? null;
}

async function storedOrigin(testCase: TestCase) {
  return (await t.database.db.select().from(eventOrigins).where(eq(eventOrigins.eventId, testCase.id)))[0] ?? null;
}

describe('POST /api/setPaciente', () => {
  it('creates the patient, reads it back and records each field; a second save records what changed', async () => {
    const testCase = await draft();
    const created = await post(t, rlf, 'setPaciente', { IdER: testCase.meta, ...validPatient() });
    expect(created.statusCode).toBe(200);
    const expected = {
      Initials: 'ABC',
      Age: 34,
      Escala: 'Años',
      Height: 1.7,
      HeightUnitId: 1,
      Weight: 65.5,
      WeightUnitId: 1,
      Genere: 'F',
      Pregnancy: true,
      Gestation: 20,
      Lactation: false,
      Country: 'UY',
      State: 'Montevideo',
      Residence: 1,
      InstMedica: 'Hospital Maciel',
      CondicionesMedicas: 'Hipertensión',
      Alergias: null,
      ContactAllow: true,
      IdParentesco: 1,
      Phone: '099123456',
      Email: 'paciente@correo.uy',
    };
    expect(created.json()).toEqual(expected);
    const read = await get(t, rlf, `getPacienteByERMeta/${testCase.meta}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(expected);

    // A man: pregnancy, gestation and lactation are cleared; 'none' units become 1.
    const updated = await post(t, rlf, 'setPaciente', {
      IdER: testCase.meta,
      ...validPatient({ Genere: 'M', Age: 35, HeightUnitId: 'none', Residence: 'none', Country: 'ar' }),
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ Genere: 'M', Age: 35, Pregnancy: null, Gestation: null, Lactation: null, HeightUnitId: 1, Residence: null, Country: 'AR' });

    const history = await historyOf(t.database.db, testCase.id);
    expect(history).toHaveLength(2);
    expect(history[0]).toMatchObject({ description: 'Paciente creado', operationType: 'I', userId: rlf.user.id });
    expect(history[0]?.lines).toEqual(
      expect.arrayContaining([
        { description: 'Alias', oldValue: null, newValue: 'ABC' },
        { description: 'Unidad de altura', oldValue: null, newValue: 'Metros' },
        { description: 'Residencia', oldValue: null, newValue: 'Capital' },
        { description: 'País', oldValue: null, newValue: 'Uruguay' },
        { description: 'Embarazo', oldValue: null, newValue: 'SI' },
      ]),
    );
    expect(history[0]?.lines.map((line) => line.description)).not.toContain('Alergias');
    expect(history[1]).toMatchObject({
      description: 'Paciente actualizado',
      operationType: 'U',
      lines: [
        { description: 'Edad', oldValue: '34', newValue: '35' },
        { description: 'Sexo', oldValue: 'F', newValue: 'M' },
        { description: 'Embarazo', oldValue: 'SI', newValue: null },
        { description: 'Semanas de gestación', oldValue: '20', newValue: null },
        { description: 'Lactancia', oldValue: 'NO', newValue: null },
        { description: 'País', oldValue: 'Uruguay', newValue: 'Argentina' },
        { description: 'Residencia', oldValue: 'Capital', newValue: null },
      ],
    });
    expect(await auditOf(t.database.db, testCase.id)).toHaveLength(2);
    expect((await caseRow(t.database.db, testCase.id)).updatedBy).toBe(rlf.user.id);
  });

  it.each([
    ['an alias of 4 characters', { Initials: 'ABCD' }, MSG.generic.maxLength(3)],
    ['no alias', { Initials: '  ' }, MSG.generic.isRequired],
    ['41 weeks of gestation', { Gestation: 41 }, MSG.wizard.gestationRange],
    ['a negative weight', { Weight: -1 }, MSG.generic.minZero],
    ['a malformed e-mail', { Email: 'no-es-correo' }, MSG.generic.emailFormat],
    ['an unknown residence', { Residence: 999 }, MSG.wizard.optionUnknown('Residencia')],
    ['an unknown height unit', { HeightUnitId: 77 }, MSG.wizard.optionUnknown('Unidad de altura')],
    ['a weight unit id above the integer range', { WeightUnitId: 3_000_000_000 }, MSG.generic.select],
    ['an unknown relationship', { IdParentesco: 999 }, MSG.wizard.optionUnknown('Parentesco')],
    ['an unknown country', { Country: 'ZZ' }, MSG.wizard.optionUnknown('País')],
  ])('refuses %s (400) and stores nothing', async (_name, change, message) => {
    const testCase = await draft();
    const response = await post(t, rlf, 'setPaciente', { IdER: testCase.meta, ...validPatient(change) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Message: message });
    expect(await storedPatient(testCase)).toBeNull();
    expect(await historyOf(t.database.db, testCase.id)).toEqual([]);
  });

  it('checks height and weight in the unit chosen: 165 cm is kept, 165 m or 700 kg refused (400) and nothing stored', async () => {
    const [centimetres] = await t.database.db.select({ id: heightUnits.id }).from(heightUnits).where(eq(heightUnits.abreviacion, 'cm'));
    const [grams] = await t.database.db.select({ id: weightUnits.id }).from(weightUnits).where(eq(weightUnits.abreviacion, 'g'));
    if (!centimetres || !grams) throw new Error('The seed lacks the cm or g unit');

    const kept = await draft();
    const saved = await post(t, rlf, 'setPaciente', { IdER: kept.meta, ...validPatient({ Height: 165, HeightUnitId: centimetres.id, Weight: 3200, WeightUnitId: grams.id }) });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ Height: 165, HeightUnitId: centimetres.id, Weight: 3200, WeightUnitId: grams.id });

    for (const [change, message] of [
      [{ Height: 165, HeightUnitId: 1 }, MSG.generic.heightRange],
      [{ Height: 1.65, HeightUnitId: centimetres.id }, MSG.generic.heightRange],
      [{ Weight: 700, WeightUnitId: 1 }, MSG.generic.weightRange],
      [{ Weight: 70, WeightUnitId: grams.id }, MSG.generic.weightRange],
    ] as const) {
      const testCase = await draft();
      const response = await post(t, rlf, 'setPaciente', { IdER: testCase.meta, ...validPatient(change) });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ Message: message });
      expect(await storedPatient(testCase)).toBeNull();
    }
  });

  it('checks a unit by its abbreviation, whatever its id; a unit of unknown abbreviation only keeps the value non-negative', async () => {
    const [feet] = await t.database.db.insert(heightUnits).values({ value: `PIES-${crypto.randomUUID()}`, nombreCompleto: 'Pies', abreviacion: 'ft', eliminado: false }).returning({ id: heightUnits.id });
    const [cubit] = await t.database.db.insert(heightUnits).values({ value: `CODO-${crypto.randomUUID()}`, nombreCompleto: 'Codos', abreviacion: 'codo', eliminado: false }).returning({ id: heightUnits.id });
    const refused = await post(t, rlf, 'setPaciente', { IdER: (await draft()).meta, ...validPatient({ Height: 12, HeightUnitId: feet?.id }) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ Message: MSG.generic.heightRange });
    expect((await post(t, rlf, 'setPaciente', { IdER: (await draft()).meta, ...validPatient({ Height: 5.5, HeightUnitId: feet?.id }) })).statusCode).toBe(200);
    expect((await post(t, rlf, 'setPaciente', { IdER: (await draft()).meta, ...validPatient({ Height: 400, HeightUnitId: cubit?.id }) })).statusCode).toBe(200);
  });

  it('refuses a disabled list value, but keeps one the patient already holds', async () => {
    const [disabled] = await t.database.db
      .insert(residences)
      .values({ value: `DESHABILITADA-${crypto.randomUUID()}`, nombre: 'Residencia deshabilitada', eliminado: false })
      .returning({ id: residences.id });
    const testCase = await draft();
    expect((await post(t, rlf, 'setPaciente', { IdER: testCase.meta, ...validPatient({ Residence: disabled?.id }) })).statusCode).toBe(200);
    await t.database.db.update(residences).set({ eliminado: true }).where(eq(residences.id, disabled?.id ?? 0));

    const kept = await post(t, rlf, 'setPaciente', { IdER: testCase.meta, ...validPatient({ Residence: disabled?.id, Age: 40 }) });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ Residence: disabled?.id, Age: 40 });

    const other = await draft();
    const refused = await post(t, rlf, 'setPaciente', { IdER: other.meta, ...validPatient({ Residence: disabled?.id }) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ Message: MSG.wizard.optionUnknown('Residencia') });
  });

  it('refuses CL and Fabricante (403), an RLF of another country (404), a case in status 2 or 11 (400)', async () => {
    const testCase = await draft(4);
    const cl = await sessionOf(t, 'CL', { laboratories: [{ laboratoryId }] });
    const fabricante = await sessionOf(t, 'Fabricante', { laboratories: [{ laboratoryId }] });
    const foreign = await sessionOf(t, 'RLF', { country: 'AR' });
    for (const who of [cl, fabricante]) {
      expect((await post(t, who, 'setPaciente', { IdER: testCase.meta, ...validPatient() })).statusCode).toBe(403);
    }
    const byForeign = await post(t, foreign, 'setPaciente', { IdER: testCase.meta, ...validPatient() });
    expect(byForeign.statusCode).toBe(404);
    expect(byForeign.json()).toMatchObject({ Message: MSG.lists.eventNotFound });
    expect(await storedPatient(testCase)).toBeNull();

    for (const status of [2, 11]) {
      const closed = await draft(status);
      const response = await post(t, rlf, 'setPaciente', { IdER: closed.meta, ...validPatient() });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ Message: MSG.wizard.notEditable });
      expect(await storedPatient(closed)).toBeNull();
      expect(await historyOf(t.database.db, closed.id)).toEqual([]);
    }
  });
});

const validOrigin = {
  Have: false,
  NotHave: 'El reportante no conserva el documento',
  OrigenId: 1,
  ReceptorId: 1,
  TipoId: 1,
  ProvieneDeLiteratura: false,
  ReferenciaBibliografica: 'No se guarda: no proviene de literatura',
  Country: 1,
  NombreEstudio: 'No se guarda: no es un estudio',
  TipoEstudio: null,
  NumeroRegistroEstudio: null,
  NumeroSponsor: null,
};

describe('origin of the report (getOriginReportByMeta, insertOriginReport, updateOriginReport)', () => {
  it('answers null until saved (no 404 for a case that simply has none yet); insert and update both upsert, and the history shows names', async () => {
    const testCase = await draft();
    const none = await get(t, rlf, `getOriginReportByMeta/${testCase.meta}`);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();

    const inserted = await post(t, rlf, 'updateOriginReport', { IdER: testCase.meta, ...validOrigin });
    expect(inserted.statusCode).toBe(200);
    const expected = {
      IdER: testCase.meta,
      Have: false,
      NotHave: 'El reportante no conserva el documento',
      OrigenId: 1,
      ReceptorId: 1,
      TipoId: 1,
      ProvieneDeLiteratura: false,
      ReferenciaBibliografica: null,
      Country: 1,
      NombreEstudio: null,
      TipoEstudio: null,
      NumeroRegistroEstudio: null,
      NumeroSponsor: null,
      FileName: null,
      Extension: null,
    };
    expect(inserted.json()).toEqual(expected);
    expect((await get(t, rlf, `getOriginReportByMeta/${testCase.meta}`)).json()).toEqual(expected);

    // A clinical study (Receptor 2) keeps its fields; a literature report its reference.
    const updated = await post(t, rlf, 'insertOriginReport', {
      IdER: testCase.meta,
      ...validOrigin,
      ReceptorId: 2,
      NombreEstudio: 'Estudio ABC',
      ProvieneDeLiteratura: true,
      ReferenciaBibliografica: 'Rev Med 2025;12:3',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ ReceptorId: 2, NombreEstudio: 'Estudio ABC', ReferenciaBibliografica: 'Rev Med 2025;12:3' });

    const history = await historyOf(t.database.db, testCase.id);
    expect(history.map((entry) => [entry.description, entry.operationType])).toEqual([
      ['Origen del reporte creado', 'I'],
      ['Origen del reporte actualizado', 'U'],
    ]);
    expect(history[0]?.lines).toEqual(
      expect.arrayContaining([
        { description: 'Documento de origen disponible', oldValue: null, newValue: 'NO' },
        { description: 'Origen', oldValue: null, newValue: 'Espontáneo' },
        { description: 'País de origen', oldValue: null, newValue: 'Uruguay' },
      ]),
    );
    expect(history[1]?.lines).toEqual([
      { description: 'Receptor', oldValue: 'Compañía', newValue: 'Estudio clínico / investigador' },
      { description: 'Proviene de literatura', oldValue: 'NO', newValue: 'SI' },
      { description: 'Referencia bibliográfica', oldValue: null, newValue: 'Rev Med 2025;12:3' },
      { description: 'Nombre del estudio', oldValue: null, newValue: 'Estudio ABC' },
    ]);
  });

  it('keeps the attached document when the form is saved, also when it says the document is not available', async () => {
    const testCase = await draft();
    const content = new TextEncoder().encode('%PDF-1.4 origen');
    const [file] = await t.database.db
      .insert(files)
      .values({ name: 'origen.pdf', extension: 'pdf', mimeType: 'application/pdf', size: content.length, sha256: crypto.randomUUID(), content })
      .returning({ id: files.id });
    await t.database.db.insert(eventOrigins).values({ eventId: testCase.id, have: true, fileId: file?.id ?? null });

    const saved = await post(t, rlf, 'insertOriginReport', { IdER: testCase.meta, ...validOrigin, Have: true, NotHave: 'Se descarta' });
    expect(saved.json()).toMatchObject({ Have: true, NotHave: null, FileName: 'origen.pdf', Extension: 'pdf' });
    const notAvailable = await post(t, rlf, 'updateOriginReport', { IdER: testCase.meta, ...validOrigin });
    expect(notAvailable.json()).toMatchObject({ Have: false, NotHave: validOrigin.NotHave, FileName: 'origen.pdf' });
    expect((await storedOrigin(testCase))?.fileId).toBe(file?.id);
  });

  it.each([
    ['no origin', { OrigenId: 'none' }, MSG.generic.select],
    ['no type', { TipoId: null }, MSG.generic.select],
    ['no document and no reason', { Have: false, NotHave: ' ' }, MSG.wizard.noOriginReasonRequired],
    ['literature without its reference', { ProvieneDeLiteratura: true, ReferenciaBibliografica: '' }, MSG.generic.required],
    ['a clinical study without its name', { TipoId: 4, NombreEstudio: null }, MSG.generic.required],
    ['an unknown origin', { OrigenId: 999 }, MSG.wizard.optionUnknown('Origen')],
    ['an unknown receiver', { ReceptorId: 999 }, MSG.wizard.optionUnknown('Receptor')],
    ['an unknown type', { TipoId: 999 }, MSG.wizard.optionUnknown('Tipo')],
    ['an unknown country of origin', { Country: 999 }, MSG.wizard.optionUnknown('País de origen')],
  ])('refuses %s (400) and stores nothing', async (_name, change, message) => {
    const testCase = await draft();
    const response = await post(t, rlf, 'insertOriginReport', { IdER: testCase.meta, ...validOrigin, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Message: message });
    expect(await storedOrigin(testCase)).toBeNull();
    expect(await historyOf(t.database.db, testCase.id)).toEqual([]);
  });

  it('refuses CL (403), an RLF of another country (404), a case in status 2 or 11 (400); readers see it within reach', async () => {
    const testCase = await draft(4);
    const cl = await sessionOf(t, 'CL', { laboratories: [{ laboratoryId }] });
    const foreign = await sessionOf(t, 'RLF', { country: 'AR' });
    expect((await post(t, cl, 'insertOriginReport', { IdER: testCase.meta, ...validOrigin })).statusCode).toBe(403);
    expect((await post(t, foreign, 'updateOriginReport', { IdER: testCase.meta, ...validOrigin })).statusCode).toBe(404);
    expect(await storedOrigin(testCase)).toBeNull();
    for (const status of [2, 11]) {
      const closed = await draft(status);
      const response = await post(t, rlf, 'insertOriginReport', { IdER: closed.meta, ...validOrigin });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ Message: MSG.wizard.notEditable });
      expect(await storedOrigin(closed)).toBeNull();
    }

    expect((await post(t, rlf, 'insertOriginReport', { IdER: testCase.meta, ...validOrigin })).statusCode).toBe(200);
    expect((await get(t, cl, `getOriginReportByMeta/${testCase.meta}`)).statusCode).toBe(200);
    expect((await get(t, foreign, `getOriginReportByMeta/${testCase.meta}`)).statusCode).toBe(404);
  });
});
