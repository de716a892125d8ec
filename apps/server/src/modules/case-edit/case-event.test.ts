import { MSG } from '@atalaya/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, mailOutbox } from '../../db/schema/index.js';
import { caseRow, get, historyOf, post, sessionOf, type Session } from '../../test-support/case-edit.js';
import { addFollowUp, createCase, laboratoryOfProduct, randomMeta } from '../../test-support/cases.js';
import { createProduct, type TestProduct } from '../../test-support/catalog.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { patientReport, professionalReport } from '../../test-support/public-reports.js';
import { postPublicReport, triageOk } from '../../test-support/home-reports.js';

let t: TestApp;
let rlf: Session;
let product: TestProduct;
let laboratoryId: number;

beforeAll(async () => {
  t = await createTestApp();
  rlf = await sessionOf(t, 'RLF');
  product = await createProduct(t.database.db, { countries: ['UY'] });
  laboratoryId = await laboratoryOfProduct(t.database.db, product.id);
});
afterAll(() => t.close());

async function casesCreatedBy(userId: string) {
  return t.database.db.select({ id: events.id }).from(events).where(eq(events.createdBy, userId));
}

describe('POST /api/createER', () => {
  it('creates a draft of the RLF’s country with its reference number, readable at once', async () => {
    const response = await post(t, rlf, 'createER', { Country: 'uy', SubGrupoId: '1' });
    expect(response.statusCode).toBe(200);
    const created = response.json<{ MetaData: string; NumeroReferencia: string }>();
    expect(created.NumeroReferencia).toMatch(/^UY-\d{4}-\d{6}$/);

    const read = await get(t, rlf, `getERByMeta/${created.MetaData}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      Meta: created.MetaData,
      MetaData: created.MetaData,
      NumeroReferencia: created.NumeroReferencia,
      NumeroReferenciaHome: null,
      Status: 1,
      StatusName: 'Pendiente',
      IsRAM: true,
      TieneFollowUp: false,
      EventType: 1,
      ParentMeta: null,
      IdEventoHome: null,
      GrupoId: 1,
      GrupoNombre: 'Reacción adversa a medicamento',
      SubGrupoId: 1,
      SubGrupoNombre: 'Reacción adversa a medicamento',
      Country: 'UY',
      CountryName: 'Uruguay',
      AdditionalInformation: null,
      MedicalContact: null,
      User: { FirstName: 'Prueba', LastName: 'RLF', UserID: rlf.user.id },
      Modificado: null,
      CanEdit: true,
      CanCreateFollowUp: false,
    });

    const [stored] = await t.database.db.select().from(events).where(eq(events.meta, created.MetaData));
    expect(stored?.createdBy).toBe(rlf.user.id);
    expect(await historyOf(t.database.db, stored?.id ?? '')).toEqual([
      expect.objectContaining({
        description: 'Evento creado',
        operationType: 'I',
        lines: [
          { description: 'País', oldValue: null, newValue: 'Uruguay' },
          { description: 'Tipo de reporte', oldValue: null, newValue: 'Reacción adversa a medicamento' },
        ],
      }),
    ]);
    // A draft is not announced: nobody gets an e-mail about it.
    const mails = await t.database.db.select().from(mailOutbox);
    expect(mails.filter((mail) => mail.subject.includes(created.NumeroReferencia))).toEqual([]);
  });

  it('lets a QPPV create a case of any enabled country and type of another group', async () => {
    const qppv = await sessionOf(t, 'QPPV');
    const response = await post(t, qppv, 'createER', { Country: 'AR', SubGrupoId: 20 });
    expect(response.statusCode).toBe(200);
    const created = response.json<{ MetaData: string; NumeroReferencia: string }>();
    expect(created.NumeroReferencia).toMatch(/^AR-/);
    const read = await get(t, qppv, `getERByMeta/${created.MetaData}`);
    expect(read.json()).toMatchObject({ GrupoId: 3, SubGrupoId: 20, IsRAM: false, Country: 'AR', CanEdit: true });
  });

  it('refuses an RLF another country (403) and creates nothing', async () => {
    const response = await post(t, rlf, 'createER', { Country: 'AR', SubGrupoId: 1 });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ Message: MSG.wizard.countryNotAllowed });
    const other = await sessionOf(t, 'RLF', { country: 'PY' });
    expect((await post(t, other, 'createER', { Country: 'UY', SubGrupoId: 1 })).statusCode).toBe(403);
    expect(await casesCreatedBy(other.user.id)).toEqual([]);
  });

  it.each(['CL', 'Fabricante', 'ADMIN'] as const)('refuses %s (403)', async (role) => {
    const session = await sessionOf(t, role);
    const response = await post(t, session, 'createER', { Country: 'UY', SubGrupoId: 1 });
    expect(response.statusCode).toBe(403);
    expect(await casesCreatedBy(session.user.id)).toEqual([]);
  });

  it.each([
    ['the unclassified type 0', { Country: 'UY', SubGrupoId: 0 }, MSG.wizard.reportTypeUnknown],
    ['an unknown type', { Country: 'UY', SubGrupoId: 999 }, MSG.wizard.reportTypeUnknown],
    ['an unknown country', { Country: 'ZZ', SubGrupoId: 1 }, MSG.wizard.countryNotAllowed],
    ['no country', { SubGrupoId: 1 }, MSG.createEvent.countryRequired],
    ['no type', { Country: 'UY', SubGrupoId: 'none' }, MSG.createEvent.reportTypeRequired],
  ])('answers 400 for %s and creates nothing', async (_name, body, message) => {
    const qppv = await sessionOf(t, 'QPPV');
    const response = await post(t, qppv, 'createER', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Message: message });
    expect(await casesCreatedBy(qppv.user.id)).toEqual([]);
  });
});

describe('GET /api/getERByMeta/{meta}', () => {
  it('answers 404 for a case out of reach, as for an unknown one', async () => {
    const testCase = await createCase(t.database.db, { status: 2, createdBy: rlf.user.id, productIds: [product.id] });
    const foreign = await sessionOf(t, 'RLF', { country: 'AR' });
    const unassigned = await sessionOf(t, 'QPPV');
    for (const [who, meta] of [
      [foreign, testCase.meta],
      [unassigned, testCase.meta],
      [rlf, randomMeta()],
    ] as const) {
      const response = await get(t, who, `getERByMeta/${meta}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ Message: MSG.lists.eventNotFound });
    }
  });

  it('tells each user what they may do: edit a draft or a case returned for information, create a follow-up', async () => {
    const qppv = await sessionOf(t, 'QPPV', { laboratories: [{ laboratoryId }] });
    const fabricante = await sessionOf(t, 'Fabricante', { laboratories: [{ laboratoryId }] });
    const expectations: [number, Session, { CanEdit: boolean; CanCreateFollowUp: boolean }][] = [
      [2, rlf, { CanEdit: false, CanCreateFollowUp: true }],
      [4, rlf, { CanEdit: true, CanCreateFollowUp: true }],
      [3, qppv, { CanEdit: false, CanCreateFollowUp: false }],
      [5, qppv, { CanEdit: false, CanCreateFollowUp: true }],
      [4, qppv, { CanEdit: false, CanCreateFollowUp: true }],
      [5, fabricante, { CanEdit: false, CanCreateFollowUp: false }],
      [11, rlf, { CanEdit: false, CanCreateFollowUp: false }],
    ];
    for (const [status, who, expected] of expectations) {
      const testCase = await createCase(t.database.db, { status, createdBy: rlf.user.id, productIds: [product.id] });
      const response = await get(t, who, `getERByMeta/${testCase.meta}`);
      expect(response.json(), `status ${status} for ${who.user.role}`).toMatchObject({ Status: status, ...expected });
    }
  });

  it('marks a case with follow-ups, and a follow-up event with its parent', async () => {
    const parent = await createCase(t.database.db, { status: 2, createdBy: rlf.user.id, productIds: [product.id] });
    const child = await createCase(t.database.db, { status: 2, createdBy: rlf.user.id, productIds: [product.id] });
    await t.database.db.update(events).set({ parentEventId: parent.id }).where(eq(events.id, child.id));
    await addFollowUp(t.database.db, parent, { createdBy: rlf.user.id, sequence: 1 });

    expect((await get(t, rlf, `getERByMeta/${parent.meta}`)).json()).toMatchObject({ TieneFollowUp: true, EventType: 1, ParentMeta: null });
    expect((await get(t, rlf, `getERByMeta/${child.meta}`)).json()).toMatchObject({ TieneFollowUp: false, EventType: 3, ParentMeta: parent.meta });
  });
});

describe('POST /api/updateER', () => {
  it('writes the fields sent, leaves the others, and records what changed with its last editor', async () => {
    const testCase = await createCase(t.database.db, { status: 1, createdBy: rlf.user.id, productIds: [product.id], createdAt: new Date(Date.now() - 60_000) });
    const first = await post(t, rlf, 'updateER', {
      Meta: testCase.meta,
      AdditionalInformation: '  Fumador  ',
      AdministeredMedicationsTextA: 'Paracetamol',
      AdministeredMedicationsTextB: 'Vitamina C',
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      AdditionalInformation: 'Fumador',
      AdministeredMedicationsTextA: 'Paracetamol',
      AdministeredMedicationsTextB: 'Vitamina C',
      Modificado: { Usuario: 'Prueba RLF' },
    });

    const second = await post(t, rlf, 'updateER', { Meta: testCase.meta, AdditionalInformation: '' });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ AdditionalInformation: null, AdministeredMedicationsTextA: 'Paracetamol', AdministeredMedicationsTextB: 'Vitamina C' });

    // The same values again change nothing and record nothing.
    expect((await post(t, rlf, 'updateER', { Meta: testCase.meta, AdministeredMedicationsTextA: 'Paracetamol' })).statusCode).toBe(200);

    const row = await caseRow(t.database.db, testCase.id);
    expect(row.updatedBy).toBe(rlf.user.id);
    expect(await historyOf(t.database.db, testCase.id)).toEqual([
      expect.objectContaining({
        description: 'Evento actualizado',
        operationType: 'U',
        lines: [
          { description: 'Información adicional', oldValue: null, newValue: 'Fumador' },
          { description: 'Otros medicamentos recibidos', oldValue: null, newValue: 'Paracetamol' },
          { description: 'Vitaminas, minerales, suplementos…', oldValue: null, newValue: 'Vitamina C' },
        ],
      }),
      expect.objectContaining({
        description: 'Evento actualizado',
        lines: [{ description: 'Información adicional', oldValue: 'Fumador', newValue: null }],
      }),
    ]);
  });

  it('lets an RLF of the country edit a case returned for more information (status 4)', async () => {
    const creator = await sessionOf(t, 'QPPV', { laboratories: [{ laboratoryId }] });
    const testCase = await createCase(t.database.db, { status: 4, createdBy: creator.user.id, productIds: [product.id] });
    const response = await post(t, rlf, 'updateER', { Meta: testCase.meta, AdditionalInformation: 'Dato pedido' });
    expect(response.statusCode).toBe(200);
    expect((await caseRow(t.database.db, testCase.id)).additionalInformation).toBe('Dato pedido');
  });

  it('refuses CL and Fabricante (403), an RLF of another country (404), a QPPV who did not create it (403)', async () => {
    const testCase = await createCase(t.database.db, { status: 4, createdBy: rlf.user.id, productIds: [product.id] });
    const cl = await sessionOf(t, 'CL', { laboratories: [{ laboratoryId }] });
    const fabricante = await sessionOf(t, 'Fabricante', { laboratories: [{ laboratoryId }] });
    const qppv = await sessionOf(t, 'QPPV', { laboratories: [{ laboratoryId }] });
    const foreign = await sessionOf(t, 'RLF', { country: 'AR' });
    const body = { Meta: testCase.meta, AdditionalInformation: 'No debería guardarse' };
    for (const who of [cl, fabricante]) {
      const response = await post(t, who, 'updateER', body);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ Message: MSG.errors.forbidden });
    }
    const byQppv = await post(t, qppv, 'updateER', body);
    expect(byQppv.statusCode).toBe(403);
    expect(byQppv.json()).toMatchObject({ Message: MSG.wizard.notEditor });
    const byForeign = await post(t, foreign, 'updateER', body);
    expect(byForeign.statusCode).toBe(404);
    expect(byForeign.json()).toMatchObject({ Message: MSG.lists.eventNotFound });
    expect((await caseRow(t.database.db, testCase.id)).additionalInformation).toBeNull();
    expect(await historyOf(t.database.db, testCase.id)).toEqual([]);
  });

  it.each([2, 11])('refuses a case in status %i (400) and leaves it unchanged', async (status) => {
    const testCase = await createCase(t.database.db, { status, createdBy: rlf.user.id, productIds: [product.id] });
    const response = await post(t, rlf, 'updateER', { Meta: testCase.meta, AdditionalInformation: 'Tarde' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Message: MSG.wizard.notEditable });
    expect((await caseRow(t.database.db, testCase.id)).additionalInformation).toBeNull();
    expect(await historyOf(t.database.db, testCase.id)).toEqual([]);
  });

  it('refuses a text longer than 2000 characters (400) and stores nothing', async () => {
    const testCase = await createCase(t.database.db, { status: 1, createdBy: rlf.user.id, productIds: [product.id] });
    const response = await post(t, rlf, 'updateER', { Meta: testCase.meta, AdditionalInformation: 'x'.repeat(2001) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Message: MSG.generic.maxLength(2000) });
    expect((await caseRow(t.database.db, testCase.id)).additionalInformation).toBeNull();
  });
});

describe('GET /api/getERWhoReportByMeta/{meta}', () => {
  async function enteredFrom(payload: Parameters<typeof postPublicReport>[1]): Promise<string> {
    const report = await postPublicReport(t, payload);
    const entered = await triageOk(t, 'createerfromerhome', rlf, { homeERId: report.Id, subGroup: 1, newStatus: null, comentario: 'Ingreso' });
    return entered.MetaData ?? '';
  }

  it('names the creator of a case created by staff', async () => {
    const testCase = await createCase(t.database.db, { status: 2, createdBy: rlf.user.id, productIds: [product.id] });
    const response = await get(t, rlf, `getERWhoReportByMeta/${testCase.meta}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ Origen: 'Usuario', Nombre: 'Prueba RLF', Email: rlf.user.email, Telefono: null, Parentesco: null, Profesion: null });
  });

  it('names the patient or relative who sent the incoming report, with the relationship', async () => {
    const meta = await enteredFrom(patientReport(product));
    const response = await get(t, rlf, `getERWhoReportByMeta/${meta}`);
    expect(response.json()).toEqual({ Origen: 'Paciente', Nombre: 'Juana Gómez', Email: 'juana@correo.uy', Telefono: '24001234', Parentesco: 'Paciente', Profesion: null });
  });

  it('names the health professional who sent the incoming report', async () => {
    const meta = await enteredFrom(professionalReport(product));
    const response = await get(t, rlf, `getERWhoReportByMeta/${meta}`);
    expect(response.json()).toEqual({ Origen: 'Médico', Nombre: 'Dr. Pérez', Email: 'perez@correo.uy', Telefono: '099765432', Parentesco: null, Profesion: 'Médico internista' });
  });

  it('answers 404 out of reach', async () => {
    const testCase = await createCase(t.database.db, { status: 2, createdBy: rlf.user.id, productIds: [product.id] });
    const foreign = await sessionOf(t, 'RLF', { country: 'AR' });
    expect((await get(t, foreign, `getERWhoReportByMeta/${testCase.meta}`)).statusCode).toBe(404);
  });
});
