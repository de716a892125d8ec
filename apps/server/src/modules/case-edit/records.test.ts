import { MSG } from '@atalaya/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { medicalContacts, previousMedications } from '../../db/schema/index.js';
import { caseRow, get, historyOf, post, sessionOf, type Session } from '../../test-support/case-edit.js';
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

function storedRows(testCase: TestCase) {
  return t.database.db.select().from(previousMedications).where(eq(previousMedications.eventId, testCase.id));
}

async function storedContact(testCase: TestCase) {
  return (await t.database.db.select().from(medicalContacts).where(eq(medicalContacts.eventId, testCase.id)))[0] ?? null;
}

describe('previous medications (MedicamentoAnteriorByMeta, setMedicamentoAnterior, deleteMedicamentoAnterior)', () => {
  it('adds rows, updates the ones with an Id, answers the whole list and records each change', async () => {
    const testCase = await draft();
    expect((await get(t, rlf, `MedicamentoAnteriorByMeta/${testCase.meta}`)).json()).toEqual([]);

    const added = await post(t, rlf, 'setMedicamentoAnterior', {
      EvRepId: testCase.meta,
      Medications: [
        { Medicamento: 'Enalapril', Tipo: 1, FechaIni: '2025-01-10', FechaFin: '2025-03-01' },
        { Medicamento: 'Vitamina D', Tipo: 'none', FechaIni: '', FechaFin: null },
      ],
    });
    expect(added.statusCode).toBe(200);
    const list = added.json<{ Id: number }[]>();
    expect(list).toEqual([
      { Id: expect.any(Number), EvRepId: testCase.meta, Medicamento: 'Enalapril', Tipo: 1, TipoNombre: 'Medicamento', FechaIni: '2025-01-10', FechaFin: '2025-03-01' },
      { Id: expect.any(Number), EvRepId: testCase.meta, Medicamento: 'Vitamina D', Tipo: null, TipoNombre: null, FechaIni: null, FechaFin: null },
    ]);
    const [enalapril, vitamin] = list;

    const updated = await post(t, rlf, 'setMedicamentoAnterior', {
      EvRepId: testCase.meta,
      Medications: [
        { Id: vitamin?.Id, Medicamento: 'Vitamina D3', Tipo: 2, FechaIni: null, FechaFin: null },
        { Id: enalapril?.Id, Medicamento: 'Enalapril', Tipo: 1, FechaIni: '2025-01-10', FechaFin: '2025-03-01' },
        { Medicamento: 'Manzanilla', Tipo: 4 },
      ],
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual([
      expect.objectContaining({ Id: enalapril?.Id, Medicamento: 'Enalapril' }),
      expect.objectContaining({ Id: vitamin?.Id, Medicamento: 'Vitamina D3', Tipo: 2, TipoNombre: 'Vitamina / mineral' }),
      expect.objectContaining({ Medicamento: 'Manzanilla', TipoNombre: 'Remedio herbal' }),
    ]);
    expect((await get(t, rlf, `MedicamentoAnteriorByMeta/${testCase.meta}`)).json()).toEqual(updated.json());

    const history = await historyOf(t.database.db, testCase.id);
    expect(history.map((entry) => [entry.description, entry.operationType])).toEqual([
      ['Medicamento anterior agregado', 'I'],
      ['Medicamento anterior agregado', 'I'],
      ['Medicamento anterior actualizado', 'U'],
      ['Medicamento anterior agregado', 'I'],
    ]);
    expect(history[0]?.lines).toEqual([
      { description: 'Medicamento', oldValue: null, newValue: 'Enalapril' },
      { description: 'Tipo', oldValue: null, newValue: 'Medicamento' },
      { description: 'Fecha de inicio', oldValue: null, newValue: '2025-01-10' },
      { description: 'Fecha de fin', oldValue: null, newValue: '2025-03-01' },
    ]);
    expect(history[2]?.lines).toEqual([
      { description: 'Medicamento', oldValue: 'Vitamina D', newValue: 'Vitamina D3' },
      { description: 'Tipo', oldValue: null, newValue: 'Vitamina / mineral' },
    ]);
  });

  it('deletes a row of the case, recording what it held', async () => {
    const testCase = await draft();
    const added = await post(t, rlf, 'setMedicamentoAnterior', { EvRepId: testCase.meta, Medications: [{ Medicamento: 'Omeprazol', Tipo: 1 }] });
    const [row] = added.json<{ Id: number }[]>();
    const deleted = await post(t, rlf, 'deleteMedicamentoAnterior', { EvRepId: testCase.meta, Id: row?.Id });
    expect(deleted.statusCode).toBe(204);
    expect((await get(t, rlf, `MedicamentoAnteriorByMeta/${testCase.meta}`)).json()).toEqual([]);
    expect((await historyOf(t.database.db, testCase.id)).at(-1)).toEqual(
      expect.objectContaining({
        description: 'Medicamento anterior borrado',
        operationType: 'D',
        lines: [
          { description: 'Medicamento', oldValue: 'Omeprazol', newValue: null },
          { description: 'Tipo', oldValue: 'Medicamento', newValue: null },
        ],
      }),
    );
  });

  it('answers 404 for a row of another case, on update and on delete, and changes nothing', async () => {
    const testCase = await draft();
    const other = await draft();
    const added = await post(t, rlf, 'setMedicamentoAnterior', { EvRepId: other.meta, Medications: [{ Medicamento: 'Aspirina' }] });
    const [foreignRow] = added.json<{ Id: number }[]>();

    const update = await post(t, rlf, 'setMedicamentoAnterior', {
      EvRepId: testCase.meta,
      Medications: [{ Medicamento: 'Nuevo' }, { Id: foreignRow?.Id, Medicamento: 'Robado' }],
    });
    expect(update.statusCode).toBe(404);
    expect(update.json()).toMatchObject({ Message: MSG.wizard.recordNotFound });
    const remove = await post(t, rlf, 'deleteMedicamentoAnterior', { EvRepId: testCase.meta, Id: foreignRow?.Id });
    expect(remove.statusCode).toBe(404);
    // An id above the integer range is refused as malformed (docs/api.md 'Input rules').
    const huge = await post(t, rlf, 'deleteMedicamentoAnterior', { EvRepId: testCase.meta, Id: 9_000_000_000 });
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toMatchObject({ Message: MSG.wizard.recordNotFound });

    expect(await storedRows(testCase)).toEqual([]);
    expect(await storedRows(other)).toEqual([expect.objectContaining({ medication: 'Aspirina' })]);
    expect(await historyOf(t.database.db, testCase.id)).toEqual([]);
  });

  it.each([
    ['an end before the start', { Medicamento: 'Enalapril', FechaIni: '2025-03-01', FechaFin: '2025-01-01' }, MSG.generic.endBeforeStart],
    ['a date in the future', { Medicamento: 'Enalapril', FechaIni: '2999-01-01' }, MSG.generic.futureDate],
    ['no medicine', { Medicamento: ' ' }, MSG.generic.required],
    ['an unknown type', { Medicamento: 'Enalapril', Tipo: 999 }, MSG.wizard.optionUnknown('Tipo')],
  ])('refuses %s (400) and stores no row at all', async (_name, row, message) => {
    const testCase = await draft();
    const response = await post(t, rlf, 'setMedicamentoAnterior', { EvRepId: testCase.meta, Medications: [{ Medicamento: 'Válido' }, row] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Message: message });
    expect(await storedRows(testCase)).toEqual([]);
    expect(await historyOf(t.database.db, testCase.id)).toEqual([]);
  });

  it('refuses Fabricante (403), an RLF of another country (404), a case in status 2 or 11 (400)', async () => {
    const testCase = await draft(4);
    const fabricante = await sessionOf(t, 'Fabricante', { laboratories: [{ laboratoryId }] });
    const foreign = await sessionOf(t, 'RLF', { country: 'AR' });
    const body = { EvRepId: testCase.meta, Medications: [{ Medicamento: 'Enalapril' }] };
    expect((await post(t, fabricante, 'setMedicamentoAnterior', body)).statusCode).toBe(403);
    expect((await post(t, foreign, 'setMedicamentoAnterior', body)).statusCode).toBe(404);
    expect((await get(t, foreign, `MedicamentoAnteriorByMeta/${testCase.meta}`)).statusCode).toBe(404);
    expect((await get(t, fabricante, `MedicamentoAnteriorByMeta/${testCase.meta}`)).statusCode).toBe(200);
    expect(await storedRows(testCase)).toEqual([]);
    for (const status of [2, 11]) {
      const closed = await draft(status);
      const response = await post(t, rlf, 'setMedicamentoAnterior', { ...body, EvRepId: closed.meta });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ Message: MSG.wizard.notEditable });
      expect(await storedRows(closed)).toEqual([]);
    }
  });
});

const contact = {
  SeContacto: true,
  FechaContacto: '2025-05-02',
  NombreMedico: 'Dra. Pereira',
  Profesion: 'Cardióloga',
  EmailMedico: 'pereira@correo.uy',
  TelMedico: '24871234',
  Intervencion: 'Suspendió el tratamiento',
};

describe('medical contact (getContactoMedicoByMeta, insertContactoMedico, updateContactoMedico)', () => {
  it('answers null until saved; saves it, marks the case and records each change', async () => {
    const testCase = await draft();
    const none = await get(t, rlf, `getContactoMedicoByMeta/${testCase.meta}`);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();

    const inserted = await post(t, rlf, 'insertContactoMedico', { ErId: testCase.meta, ...contact });
    expect(inserted.statusCode).toBe(200);
    const saved = inserted.json<{ Id: number }>();
    expect(saved).toEqual({ Id: expect.any(Number), ErId: testCase.meta, ...contact, NombreArchivo: null, ExtensionArchivo: null });
    expect((await get(t, rlf, `getContactoMedicoByMeta/${testCase.meta}`)).json()).toEqual(saved);
    expect((await get(t, rlf, `getERByMeta/${testCase.meta}`)).json()).toMatchObject({ MedicalContact: true });

    // 'No' clears the doctor's data; both calls upsert the case's one contact.
    const updated = await post(t, rlf, 'insertContactoMedico', { ErId: testCase.meta, ...contact, SeContacto: false });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({
      Id: saved.Id,
      ErId: testCase.meta,
      SeContacto: false,
      FechaContacto: null,
      NombreMedico: null,
      Profesion: null,
      EmailMedico: null,
      TelMedico: null,
      Intervencion: null,
      NombreArchivo: null,
      ExtensionArchivo: null,
    });
    expect((await caseRow(t.database.db, testCase.id)).medicalContact).toBe(false);

    const history = await historyOf(t.database.db, testCase.id);
    expect(history.map((entry) => [entry.description, entry.operationType])).toEqual([
      ['Contacto médico creado', 'I'],
      ['Contacto médico actualizado', 'U'],
    ]);
    expect(history[0]?.lines).toContainEqual({ description: 'Nombre del médico', oldValue: null, newValue: 'Dra. Pereira' });
    expect(history[1]?.lines).toContainEqual({ description: 'Se realizó consulta médica', oldValue: 'SI', newValue: 'NO' });
    expect(history[1]?.lines).toContainEqual({ description: 'Nombre del médico', oldValue: 'Dra. Pereira', newValue: null });
  });

  it('updates with the contact’s Id, and answers 404 for an Id that is not the case’s contact', async () => {
    const testCase = await draft();
    const other = await draft();
    const mine = (await post(t, rlf, 'insertContactoMedico', { ErId: testCase.meta, ...contact })).json<{ Id: number }>();
    const theirs = (await post(t, rlf, 'insertContactoMedico', { ErId: other.meta, ...contact })).json<{ Id: number }>();

    const updated = await post(t, rlf, 'updateContactoMedico', { Id: mine.Id, ErId: testCase.meta, ...contact, TelMedico: '099000000' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ Id: mine.Id, TelMedico: '099000000' });

    const wrong = await post(t, rlf, 'updateContactoMedico', { Id: theirs.Id, ErId: testCase.meta, ...contact, TelMedico: '091111111' });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toMatchObject({ Message: MSG.wizard.recordNotFound });
    expect((await storedContact(testCase))?.doctorPhone).toBe('099000000');
    expect((await storedContact(other))?.doctorPhone).toBe(contact.TelMedico);
  });

  it.each([
    ['a consultation without the doctor’s name', { NombreMedico: '' }, MSG.generic.required],
    ['a malformed e-mail', { EmailMedico: 'pereira' }, MSG.generic.emailFormat],
    ['no answer to the question', { SeContacto: null }, MSG.generic.radio],
  ])('refuses %s (400) and stores nothing', async (_name, change, message) => {
    const testCase = await draft();
    const response = await post(t, rlf, 'insertContactoMedico', { ErId: testCase.meta, ...contact, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Message: message });
    expect(await storedContact(testCase)).toBeNull();
    expect((await caseRow(t.database.db, testCase.id)).medicalContact).toBeNull();
  });

  it('refuses CL (403), an RLF of another country (404), a case in status 2 or 11 (400)', async () => {
    const testCase = await draft(4);
    const cl = await sessionOf(t, 'CL', { laboratories: [{ laboratoryId }] });
    const foreign = await sessionOf(t, 'RLF', { country: 'AR' });
    expect((await post(t, cl, 'insertContactoMedico', { ErId: testCase.meta, ...contact })).statusCode).toBe(403);
    expect((await post(t, foreign, 'updateContactoMedico', { ErId: testCase.meta, ...contact })).statusCode).toBe(404);
    expect(await storedContact(testCase)).toBeNull();
    for (const status of [2, 11]) {
      const closed = await draft(status);
      const response = await post(t, rlf, 'insertContactoMedico', { ErId: closed.meta, ...contact });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ Message: MSG.wizard.notEditable });
      expect(await storedContact(closed)).toBeNull();
    }
  });
});
