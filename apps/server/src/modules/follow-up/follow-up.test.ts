import { randomUUID } from 'node:crypto';
import { ER_STATUS, type FinishFollowUpBody, MSG, type OriginInput } from '@atalaya/domain';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  eventComments,
  eventMedications,
  eventOrigins,
  eventPatients,
  eventRams,
  events,
  followUpReports,
  mailOutbox,
  users,
} from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { get, historyOf, sessionOf, type Session, validPatient } from '../../test-support/case-edit.js';
import { createMedicationProduct, medicationForm, type MedicationProduct, ramForm } from '../../test-support/case-medications.js';
import { addFollowUp, createCase, type TestCase } from '../../test-support/cases.js';
import { createLlt, type TestLlt } from '../../test-support/catalog.js';
import { signIn, type SignedIn } from '../../test-support/home-reports.js';
import { bearer, createUser, login } from '../../test-support/factories.js';

let t: TestApp;
let rlf: SignedIn;
let product: MedicationProduct;
let llt: TestLlt;

const ORIGIN: OriginInput = {
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
};

beforeAll(async () => {
  t = await createTestApp();
  rlf = await signIn(t, 'RLF', 'UY');
  product = await createMedicationProduct(t.database.db);
  llt = await createLlt(t.database.db, { name: `Cefalea ${randomUUID().slice(0, 8)}` });
});
afterAll(() => t.close());

/** A sent case (RAM group 1, sub-group 1) of the RLF's country with the product as related medication. */
function newCase(status: number = ER_STATUS.EN_REVISION_RLF): Promise<TestCase> {
  return createCase(t.database.db, { status, createdBy: rlf.user.id, productIds: [product.id] });
}

function followUpBody(testCase: TestCase, overrides: Partial<FinishFollowUpBody> = {}): FinishFollowUpBody {
  return {
    ev: { Meta: testCase.meta },
    comentario: 'El paciente volvió a consultar',
    patient: validPatient({ Initials: 'JPG', Genere: 'M', Pregnancy: null, Gestation: null, Lactation: null }),
    origin: ORIGIN,
    medicamentos: [medicationForm(product)],
    rams: [ramForm(llt)],
    ...overrides,
  };
}

function insertES(who: SignedIn, body: object) {
  return t.app.inject({ method: 'POST', url: '/api/insertES', headers: who.headers, payload: body });
}

async function followUpEvents(testCase: TestCase) {
  return t.database.db.select().from(events).where(eq(events.parentEventId, testCase.id)).orderBy(asc(events.createdAt));
}

/** Nothing of a follow-up was written for the case. */
async function expectNoFollowUp(testCase: TestCase) {
  expect(await followUpEvents(testCase)).toEqual([]);
  expect(await t.database.db.select().from(followUpReports).where(eq(followUpReports.eventId, testCase.id))).toEqual([]);
  expect(await t.database.db.select().from(eventComments).where(eq(eventComments.eventId, testCase.id))).toEqual([]);
  expect(await historyOf(t.database.db, testCase.id)).toEqual([]);
}

describe('POST /api/insertES', () => {
  it('creates the follow-up event -S1 in status 2 with the posted patient, origin, medications and adverse events', async () => {
    const testCase = await newCase();
    const response = await insertES(rlf, followUpBody(testCase));
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<{ MetaData: string; NumeroReferencia: string }>();
    expect(answer.NumeroReferencia).toBe(`${testCase.referenceNumber}-S1`);

    const db = t.database.db;
    const [followUp, ...more] = await followUpEvents(testCase);
    expect(more).toEqual([]);
    expect(followUp).toMatchObject({
      meta: answer.MetaData,
      referenceNumber: `${testCase.referenceNumber}-S1`,
      status: ER_STATUS.EN_REVISION_RLF,
      countryId: testCase.countryId,
      groupId: 1,
      subGroupId: 1,
      isRam: true,
      createdBy: rlf.user.id,
    });
    expect(followUp?.sentAt).toBeInstanceOf(Date);
    const id = followUp?.id ?? '';
    expect(await db.select({ initials: eventPatients.initials, gender: eventPatients.gender }).from(eventPatients).where(eq(eventPatients.eventId, id))).toEqual([
      { initials: 'JPG', gender: 'M' },
    ]);
    expect(await db.select({ have: eventOrigins.have, notHave: eventOrigins.notHave }).from(eventOrigins).where(eq(eventOrigins.eventId, id))).toEqual([
      { have: false, notHave: ORIGIN.NotHave },
    ]);
    expect(await db.select({ productId: eventMedications.productId, lot: eventMedications.lotNumber }).from(eventMedications).where(eq(eventMedications.eventId, id))).toEqual([
      { productId: product.id, lot: 'L-2024-01' },
    ]);
    expect(await db.select({ description: eventRams.description }).from(eventRams).where(eq(eventRams.eventId, id))).toEqual([
      { description: ramForm(llt).Description },
    ]);

    expect(await db.select().from(followUpReports).where(eq(followUpReports.eventId, testCase.id))).toEqual([
      expect.objectContaining({ sequence: 1, referenceNumber: answer.NumeroReferencia, followUpEventId: id, createdBy: rlf.user.id }),
    ]);
    expect(await db.select().from(eventComments).where(eq(eventComments.eventId, testCase.id))).toEqual([
      expect.objectContaining({ action: 'Seguimiento', comment: 'El paciente volvió a consultar', userId: rlf.user.id }),
    ]);

    expect(await historyOf(db, testCase.id)).toEqual([
      {
        description: `Reporte de seguimiento ${answer.NumeroReferencia} creado`,
        operationType: 'I',
        comment: 'El paciente volvió a consultar',
        userId: rlf.user.id,
        lines: [{ description: 'Reporte de seguimiento', oldValue: null, newValue: answer.NumeroReferencia }],
      },
    ]);
    const [created, ...others] = await historyOf(db, id);
    expect(others).toEqual([]);
    expect(created).toMatchObject({ description: 'Evento creado', operationType: 'I', userId: rlf.user.id });
    expect(created?.lines[0]).toEqual({ description: 'Evento de seguimiento de', oldValue: null, newValue: testCase.referenceNumber });
    expect(created?.lines.map((line) => line.newValue)).toEqual(expect.arrayContaining(['JPG', product.commercialName]));
    expect(await db.select().from(auditLog).where(and(eq(auditLog.instance, 'ER'), eq(auditLog.pkId, id)))).toHaveLength(1);
    expect(await db.select().from(auditLog).where(and(eq(auditLog.instance, 'ER'), eq(auditLog.pkId, testCase.id)))).toHaveLength(1);

    // The case's follow-up list shows it.
    const list = await t.app.inject({ method: 'GET', url: `/api/getERFollowUpByMeta/${testCase.meta}`, headers: rlf.headers });
    expect(list.json()).toEqual([expect.objectContaining({ NumeroReferencia: answer.NumeroReferencia, UserFullName: 'Prueba RLF' })]);
  });

  it('e-mails each enabled RLF of the case’s country through the outbox, with absolute links to the follow-up and the case', async () => {
    const [otherRlf, disabledRlf, foreignRlf, qppv] = await Promise.all([
      createUser(t.database.db, { role: 'RLF', country: 'UY' }),
      createUser(t.database.db, { role: 'RLF', country: 'UY', isActive: false }),
      createUser(t.database.db, { role: 'RLF', country: 'AR' }),
      createUser(t.database.db, { role: 'QPPV', country: 'UY' }),
    ]);
    const testCase = await newCase();
    const response = await insertES(rlf, followUpBody(testCase));
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<{ MetaData: string; NumeroReferencia: string }>();

    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.subject, `Nuevo reporte de seguimiento ${answer.NumeroReferencia}`));
    const to = mails.map((mail) => mail.to);
    expect(to).toContain(rlf.user.email);
    expect(to).toContain(otherRlf.email);
    for (const left of [disabledRlf, foreignRlf, qppv]) expect(to).not.toContain(left.email);
    expect(new Set(to).size).toBe(to.length);
    const text = mails.find((mail) => mail.to === otherRlf.email)?.text ?? '';
    expect(text).toContain(`al evento reportable ${testCase.referenceNumber}`);
    expect(text).toContain(`${t.config.appUrl}/reportableEvent/${answer.MetaData}/view/details/3`);
    expect(text).toContain(`${t.config.appUrl}/reportableEvent/${testCase.meta}/view/details`);
    expect(text).toMatch(/https?:\/\//);
  });

  it('queues no e-mail when the follow-up is refused', async () => {
    const testCase = await newCase(ER_STATUS.PENDIENTE);
    expect((await insertES(rlf, followUpBody(testCase))).statusCode).toBe(400);
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.subject, `Nuevo reporte de seguimiento ${testCase.referenceNumber}-S1`));
    expect(mails).toEqual([]);
  });

  it('numbers the next follow-up -S2, also when a QPPV of the laboratory creates it', async () => {
    const testCase = await newCase(ER_STATUS.EN_ESPERA_FABRICANTE);
    expect((await insertES(rlf, followUpBody(testCase))).json()).toMatchObject({ NumeroReferencia: `${testCase.referenceNumber}-S1` });

    const qppvUser = await createUser(t.database.db, { role: 'QPPV', laboratories: [{ laboratoryId: product.laboratoryId }] });
    const qppv: SignedIn = { user: qppvUser, token: '', headers: bearer((await login(t.app, qppvUser)).accessToken) };
    const second = await insertES(qppv, followUpBody(testCase, { comentario: null }));
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ NumeroReferencia: `${testCase.referenceNumber}-S2` });
    expect((await followUpEvents(testCase)).map((row) => row.referenceNumber)).toEqual([`${testCase.referenceNumber}-S1`, `${testCase.referenceNumber}-S2`]);
    const comments = await t.database.db.select().from(eventComments).where(eq(eventComments.eventId, testCase.id)).orderBy(asc(eventComments.id));
    expect(comments.at(-1)).toMatchObject({ action: 'Seguimiento', comment: `Reporte de seguimiento ${testCase.referenceNumber}-S2 creado`, userId: qppvUser.id });
  });

  it('is refused to a QPPV while the case is in 3, on a Pendiente or Anulado case, and on a follow-up event', async () => {
    const qppvUser = await createUser(t.database.db, { role: 'QPPV', laboratories: [{ laboratoryId: product.laboratoryId }] });
    const qppv: SignedIn = { user: qppvUser, token: '', headers: bearer((await login(t.app, qppvUser)).accessToken) };
    const inEvaluation = await newCase(ER_STATUS.EN_EVALUACION_QPPV);
    const refused = await insertES(qppv, followUpBody(inEvaluation));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ Message: MSG.wizard.followUpNotAllowed });
    await expectNoFollowUp(inEvaluation);
    // An RLF may, in the same status.
    expect((await insertES(rlf, followUpBody(inEvaluation))).statusCode).toBe(200);

    for (const status of [ER_STATUS.PENDIENTE, ER_STATUS.ANULADO]) {
      const testCase = await newCase(status);
      const response = await insertES(rlf, followUpBody(testCase));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ Message: MSG.wizard.followUpNotAllowed });
      await expectNoFollowUp(testCase);
    }

    const [followUp] = await followUpEvents(inEvaluation);
    const ofFollowUp = await insertES(rlf, followUpBody({ ...inEvaluation, id: followUp?.id ?? '', meta: followUp?.meta ?? '' }));
    expect(ofFollowUp.statusCode).toBe(400);
    expect(ofFollowUp.json()).toMatchObject({ Message: MSG.wizard.followUpNotAllowed });
  });

  it('refuses a follow-up whose medications are all concomitant or not administered, and creates nothing', async () => {
    const testCase = await newCase();
    const refused = await insertES(rlf, followUpBody(testCase, { medicamentos: [medicationForm(product, { Caracterizacion: 2 }), medicationForm(product, { Caracterizacion: 4 })] }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ Message: MSG.wizard.suspectDrugRequired });
    await expectNoFollowUp(testCase);
    const interacting = await insertES(rlf, followUpBody(testCase, { medicamentos: [medicationForm(product, { Caracterizacion: 2 }), medicationForm(product, { Caracterizacion: 3 })] }));
    expect(interacting.statusCode, interacting.body).toBe(200);
  });

  it('refuses an invalid medication or adverse event and creates nothing', async () => {
    const testCase = await newCase();
    const elsewhere = await createMedicationProduct(t.database.db, { countries: ['AR'] });
    const notSold = await insertES(rlf, followUpBody(testCase, { medicamentos: [medicationForm(product), medicationForm(elsewhere)] }));
    expect(notSold.statusCode).toBe(400);
    expect(notSold.json()).toMatchObject({ Message: MSG.wizard.productNotInCountry });

    const noLaboratory = await insertES(rlf, followUpBody(testCase, { medicamentos: [medicationForm(product, { LineaId: null })] }));
    expect(noLaboratory.statusCode).toBe(400);
    expect(noLaboratory.json()).toMatchObject({ Message: MSG.wizard.laboratoryRequired });

    const noMedication = await insertES(rlf, followUpBody(testCase, { medicamentos: [] }));
    expect(noMedication.json()).toMatchObject({ Message: MSG.wizard.medicationNeeded });

    const noEvent = await insertES(rlf, followUpBody(testCase, { rams: [] }));
    expect(noEvent.statusCode).toBe(400);
    expect(noEvent.json()).toMatchObject({ Message: MSG.wizard.adverseEventNeeded });

    const unknownTerm = await insertES(rlf, followUpBody(testCase, { rams: [ramForm({ llt_code: 1_999_999_999, llt_name: 'Inventado' })] }));
    expect(unknownTerm.statusCode).toBe(400);

    await expectNoFollowUp(testCase);
    // The numbering is not consumed by the refusals.
    expect((await insertES(rlf, followUpBody(testCase))).json()).toMatchObject({ NumeroReferencia: `${testCase.referenceNumber}-S1` });
  });

  it('answers 404 to an RLF of another country and 403 to a CL or a Fabricante', async () => {
    const testCase = await newCase();
    const foreign = await signIn(t, 'RLF', 'AR');
    const response = await insertES(foreign, followUpBody(testCase));
    expect(response.statusCode).toBe(404);
    for (const role of ['CL', 'Fabricante'] as const) {
      const who = await signIn(t, role, 'UY');
      expect((await insertES(who, followUpBody(testCase))).statusCode).toBe(403);
    }
    await expectNoFollowUp(testCase);
  });
});

describe('follow-up reads: Seguimiento, downloadFollowUpById, getFollowUpEventsByReference', () => {
  let qppv: Session;
  let outsider: Session;
  beforeAll(async () => {
    qppv = await sessionOf(t, 'QPPV', { laboratories: [{ laboratoryId: product.laboratoryId }] });
    outsider = await sessionOf(t, 'RLF', { country: 'AR' });
  });

  /** The full name the server prints for a user. */
  async function nameOf(who: SignedIn): Promise<string> {
    const [row] = await t.database.db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, who.user.id));
    return `${row?.firstName ?? ''} ${row?.lastName ?? ''}`.trim();
  }

  async function followUpOf(testCase: TestCase, comentario: string | null) {
    const response = await insertES(rlf, followUpBody(testCase, { comentario }));
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { MetaData: string; NumeroReferencia: string };
  }

  it('reads a follow-up report created with insertES, with its event and comment', async () => {
    const testCase = await createCase(t.database.db, { status: ER_STATUS.EN_REVISION_RLF, createdBy: rlf.user.id, productIds: [product.id] });
    const created = await followUpOf(testCase, 'El paciente volvió a consultar');
    const [report] = await t.database.db.select().from(followUpReports).where(eq(followUpReports.eventId, testCase.id));
    const response = await get(t, qppv, `Seguimiento/${report?.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      Id: report?.id,
      NumeroReferencia: created.NumeroReferencia,
      Date: expect.any(String),
      UserFullName: await nameOf(rlf),
      FileName: null,
      FollowUpMeta: created.MetaData,
      Comentario: 'El paciente volvió a consultar',
    });
    expect((await get(t, outsider, `Seguimiento/${report?.id}`)).statusCode).toBe(404);
    expect((await get(t, rlf, `downloadFollowUpById/${report?.id}`)).json()).toMatchObject({ Message: MSG.pdf.followUpFileNotFound });

    const second = await followUpOf(testCase, null);
    const eventsResponse = await get(t, rlf, `getFollowUpEventsByReference/${testCase.referenceNumber}`);
    expect(eventsResponse.statusCode).toBe(200);
    expect(eventsResponse.json()).toEqual([
      { Meta: created.MetaData, NumeroReferencia: created.NumeroReferencia, Status: 2, StatusName: 'En revisión RLF', DateCreation: expect.any(String), UserFullName: await nameOf(rlf) },
      { Meta: second.MetaData, NumeroReferencia: second.NumeroReferencia, Status: 2, StatusName: 'En revisión RLF', DateCreation: expect.any(String), UserFullName: await nameOf(rlf) },
    ]);
  });

  it('answers null Comentario without a comment, downloads the file of a report that has one, 404 otherwise', async () => {
    const testCase = await createCase(t.database.db, { status: ER_STATUS.EN_REVISION_RLF, createdBy: rlf.user.id, productIds: [product.id] });
    const report = await addFollowUp(t.database.db, testCase, { createdBy: rlf.user.id, sequence: 1, fileName: 'seguimiento.txt' });
    const response = await get(t, rlf, `Seguimiento/${report.id}`);
    expect(response.json()).toMatchObject({ Id: report.id, FileName: 'seguimiento.txt', FollowUpMeta: null, Comentario: null });
    const file = await get(t, rlf, `downloadFollowUpById/${report.id}`);
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('seguimiento');
    expect(file.headers['content-disposition']).toBe('attachment; filename=seguimiento.txt');
    expect((await get(t, outsider, `downloadFollowUpById/${report.id}`)).statusCode).toBe(404);
    expect((await get(t, rlf, 'Seguimiento/99999999')).json()).toMatchObject({ Message: MSG.pdf.followUpNotFound });
    expect((await get(t, rlf, 'Seguimiento/abc')).statusCode).toBe(400);
  });

  it('answers [] for a case without follow-up events and 404 for an unknown or out-of-reach reference', async () => {
    const testCase = await createCase(t.database.db, { status: ER_STATUS.EN_REVISION_RLF, createdBy: rlf.user.id, productIds: [product.id] });
    expect((await get(t, rlf, `getFollowUpEventsByReference/${testCase.referenceNumber}`)).json()).toEqual([]);
    expect((await get(t, outsider, `getFollowUpEventsByReference/${testCase.referenceNumber}`)).statusCode).toBe(404);
    expect((await get(t, rlf, 'getFollowUpEventsByReference/UY-1999-999999')).json()).toMatchObject({ Message: MSG.lists.eventNotFound });
  });
});
