import { MSG, type NewEventsMessage, ROLE_IDS } from '@atalaya/domain';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventComments, eventMedications, eventOrigins, eventRams, events, files, mailOutbox, users } from '../../db/schema/index.js';
import { auditOf, caseRow, historyOf, post, sessionOf, validPatient, type Session } from '../../test-support/case-edit.js';
import { createCase, laboratoryOfProduct, randomMeta, type TestCase } from '../../test-support/cases.js';
import { countryId, createProduct, type TestProduct } from '../../test-support/catalog.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { connected, disconnectOpenedClients, heardSentinel, hubToken, references, startBareHub } from '../../test-support/hub-client.js';
import { postPublicReport, triageOk } from '../../test-support/home-reports.js';
import { patientReport } from '../../test-support/public-reports.js';
import { createCaseEvents } from '../cases/index.js';
import { announceCaseSent } from '../cases/index.js';
import { createConfigurationEvents } from '../../shared/configuration-events.js';

let t: TestApp;
let creator: Session;
let product: TestProduct;
let laboratoryId: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  product = await createProduct(t.database.db, { countries: ['UY'] });
  laboratoryId = await laboratoryOfProduct(t.database.db, product.id);
  creator = await sessionOf(t, 'RLF');
});
afterAll(() => t.close());
afterEach(disconnectOpenedClients);

const notAvailable = { Have: false, NotHave: 'El reportante no lo conserva', OrigenId: 1, TipoId: 1 };

interface DraftOptions {
  status?: number;
  subGroupId?: number;
  medications?: boolean;
  rams?: number;
  patient?: boolean;
  origin?: object | null;
  by?: Session;
}

/** A case of the creator with the records asked for (complete by default), written through the API. */
async function draft(options: DraftOptions = {}): Promise<TestCase> {
  const by = options.by ?? creator;
  const testCase = await createCase(t.database.db, {
    status: 1,
    createdBy: by.user.id,
    subGroupId: options.subGroupId ?? 1,
    productIds: options.medications === false ? [] : [product.id],
    rams: Array.from({ length: options.rams ?? 1 }, () => ({})),
  });
  if (options.patient !== false) expect((await post(t, by, 'setPaciente', { IdER: testCase.meta, ...validPatient() })).statusCode).toBe(200);
  const origin = options.origin === undefined ? notAvailable : options.origin;
  if (origin) expect((await post(t, by, 'insertOriginReport', { IdER: testCase.meta, ...origin })).statusCode).toBe(200);
  // Records are written while the case is a draft; then it is moved to the status asked for.
  if (options.status && options.status !== 1) await t.database.db.update(events).set({ status: options.status }).where(eq(events.id, testCase.id));
  return testCase;
}

function finish(who: Session, meta: string, comentario?: string | null) {
  return post(t, who, 'insertER', { Event: { Meta: meta }, ...(comentario === undefined ? {} : { comentario }) });
}

function mailsAbout(reference: string) {
  return t.database.db
    .select()
    .from(mailOutbox)
    .then((rows) => rows.filter((row) => row.subject === `Nuevo evento reportable ${reference}`));
}

async function expectNotSent(testCase: TestCase, status = 1) {
  const row = await caseRow(t.database.db, testCase.id);
  expect(row.status).toBe(status);
  expect(row.sentAt).toBeNull();
  expect(await t.database.db.select().from(eventComments).where(eq(eventComments.eventId, testCase.id))).toEqual([]);
  expect((await historyOf(t.database.db, testCase.id)).map((entry) => entry.description)).not.toContain('Evento enviado');
  expect(await mailsAbout(testCase.referenceNumber)).toEqual([]);
}

describe('POST /api/insertER', () => {
  it('sends a complete case to the RLF review: status 2, comment, history, audit and an e-mail to each enabled RLF of the country', async () => {
    const { db } = t.database;
    const otherRlf = await sessionOf(t, 'RLF');
    const inactiveRlf = await sessionOf(t, 'RLF');
    await db.update(users).set({ isActive: false }).where(eq(users.id, inactiveRlf.user.id));
    const foreignRlf = await sessionOf(t, 'RLF', { country: 'AR' });
    const testCase = await draft();

    const response = await finish(creator, testCase.meta, '  Listo para revisar  ');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ MetaData: testCase.meta, NumeroReferencia: testCase.referenceNumber });

    const row = await caseRow(db, testCase.id);
    expect(row.status).toBe(2);
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.updatedBy).toBe(creator.user.id);
    expect(await db.select().from(eventComments).where(eq(eventComments.eventId, testCase.id))).toEqual([
      expect.objectContaining({ action: 'Finalizar', fromStatus: 1, toStatus: 2, comment: 'Listo para revisar', userId: creator.user.id }),
    ]);
    expect((await historyOf(db, testCase.id)).at(-1)).toEqual({
      description: 'Evento enviado',
      operationType: 'U',
      comment: 'Listo para revisar',
      userId: creator.user.id,
      lines: [{ description: 'Estado', oldValue: 'Pendiente', newValue: 'En revisión RLF' }],
    });
    expect(await auditOf(db, testCase.id)).toContainEqual(
      expect.objectContaining({ kind: 'case.sent', description: 'Evento enviado', oldValues: { Estado: 'Pendiente' }, newValues: { Estado: 'En revisión RLF' } }),
    );

    const mails = await mailsAbout(testCase.referenceNumber);
    const recipients = mails.map((mail) => mail.to);
    expect(recipients).toEqual(expect.arrayContaining([creator.user.email, otherRlf.user.email]));
    expect(recipients).not.toContain(inactiveRlf.user.email);
    expect(recipients).not.toContain(foreignRlf.user.email);
    const enabledUyRlf = await db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.roleId, ROLE_IDS.RLF), eq(users.countryId, await countryId(db, 'UY')), eq(users.isActive, true)));
    expect([...recipients].sort()).toEqual(enabledUyRlf.map((user) => user.email).sort());
    // An absolute link from APP_URL, which a mail client can open.
    expect(mails[0]?.text).toContain(`Puede verlo en Atalaya: ${t.config.appUrl}/reportableEvent/${testCase.meta}/view/details`);
    expect(mails[0]?.text).toContain(testCase.referenceNumber);

    // The case is now read-only in the wizard and cannot be sent again.
    const again = await finish(creator, testCase.meta);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ Message: MSG.workflow.actionNotAllowed });
    const edit = await post(t, creator, 'setPaciente', { IdER: testCase.meta, ...validPatient() });
    expect(edit.statusCode).toBe(400);
    expect(edit.json()).toMatchObject({ Message: MSG.wizard.notEditable });
  });

  it('refuses a case whose medications are all concomitant or not administered; sends one with an interacting drug', async () => {
    const testCase = await draft();
    for (const role of [2, 4]) {
      await t.database.db.update(eventMedications).set({ drugRole: role }).where(eq(eventMedications.eventId, testCase.id));
      const refused = await finish(creator, testCase.meta);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ Message: MSG.wizard.suspectDrugRequired });
      await expectNotSent(testCase);
    }
    await t.database.db.update(eventMedications).set({ drugRole: 3 }).where(eq(eventMedications.eventId, testCase.id));
    expect((await finish(creator, testCase.meta)).statusCode).toBe(200);
  });

  it('refuses a case whose adverse event still lacks its MedDRA term or whether it was expected', async () => {
    const testCase = await draft();
    await t.database.db.update(eventRams).set({ lltCode: null, lltName: null }).where(eq(eventRams.eventId, testCase.id));
    const refused = await finish(creator, testCase.meta);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ Message: MSG.wizard.adverseEventIncomplete });
    await expectNotSent(testCase);
    await t.database.db.update(eventRams).set({ lltCode: 10019211, lltName: 'Cefalea', isExpected: null }).where(eq(eventRams.eventId, testCase.id));
    expect((await finish(creator, testCase.meta)).json()).toMatchObject({ Message: MSG.wizard.adverseEventIncomplete });
  });

  it('stores "Evento enviado" as the comment when none is given', async () => {
    const testCase = await draft();
    expect((await finish(creator, testCase.meta, null)).statusCode).toBe(200);
    const [comment] = await t.database.db.select().from(eventComments).where(eq(eventComments.eventId, testCase.id));
    expect(comment?.comment).toBe('Evento enviado');
  });

  it.each<[string, DraftOptions, string]>([
    ['without a patient', { patient: false }, MSG.wizard.patientNeeded],
    ['without an origin', { origin: null }, MSG.wizard.originNeeded],
    ['with an origin document announced but not attached', { origin: { ...notAvailable, Have: true } }, MSG.wizard.originNeeded],
    ['without a related medication', { medications: false }, MSG.wizard.medicationNeeded],
    ['without an adverse event in group 1, sub-group 1', { rams: 0 }, MSG.wizard.adverseEventNeeded],
  ])('refuses a case %s (400) and changes nothing', async (_name, options, message) => {
    const testCase = await draft(options);
    const response = await finish(creator, testCase.meta, 'Enviar');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Message: message });
    await expectNotSent(testCase);
  });

  it('needs no adverse event for another sub-group, and accepts an attached origin document', async () => {
    const otherType = await draft({ subGroupId: 2, rams: 0 });
    expect((await finish(creator, otherType.meta)).statusCode).toBe(200);

    const attached = await draft({ origin: null });
    const { db } = t.database;
    const content = new TextEncoder().encode('%PDF-1.4');
    const [file] = await db
      .insert(files)
      .values({ name: 'origen.pdf', extension: 'pdf', mimeType: 'application/pdf', size: content.length, sha256: crypto.randomUUID(), content })
      .returning({ id: files.id });
    await db.insert(eventOrigins).values({ eventId: attached.id, have: true, fileId: file?.id ?? null, originId: 1, typeId: 1 });
    expect((await finish(creator, attached.meta)).statusCode).toBe(200);
  });

  it('needs no origin for a case entered from an incoming report, once its copied reactions are coded', async () => {
    const report = await postPublicReport(t, patientReport(product));
    const entered = await triageOk(t, 'createerfromerhome', creator, { homeERId: report.Id, subGroup: 1, newStatus: null, comentario: 'Ingreso' });
    const meta = entered.MetaData ?? '';
    // A patient's report names the reaction in words only: the MedDRA term and 'expected' are the RLF's to add.
    expect((await finish(creator, meta)).json()).toMatchObject({ Message: MSG.wizard.adverseEventIncomplete });
    const [event] = await t.database.db.select({ id: events.id }).from(events).where(eq(events.meta, meta));
    await t.database.db.update(eventRams).set({ lltCode: 10019211, lltName: 'Cefalea', isExpected: false }).where(eq(eventRams.eventId, event?.id ?? ''));
    const response = await finish(creator, meta);
    expect(response.statusCode).toBe(200);
  });

  it.each([4, 2, 11])('does not finish a case in status %i (400)', async (status) => {
    const testCase = await draft({ status });
    const response = await finish(creator, testCase.meta);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Message: MSG.workflow.actionNotAllowed });
    const row = await caseRow(t.database.db, testCase.id);
    expect(row.status).toBe(status);
    expect(await mailsAbout(testCase.referenceNumber)).toEqual([]);
  });

  it('lets only the creator finish: another RLF of the country 403, CL 403, an RLF of another country 404', async () => {
    const testCase = await draft();
    const otherRlf = await sessionOf(t, 'RLF');
    const cl = await sessionOf(t, 'CL', { laboratories: [{ laboratoryId }] });
    const foreign = await sessionOf(t, 'RLF', { country: 'AR' });
    const byOther = await finish(otherRlf, testCase.meta);
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json()).toMatchObject({ Message: MSG.errors.forbidden });
    expect((await finish(cl, testCase.meta)).statusCode).toBe(403);
    const byForeign = await finish(foreign, testCase.meta);
    expect(byForeign.statusCode).toBe(404);
    expect(byForeign.json()).toMatchObject({ Message: MSG.lists.eventNotFound });
    expect((await finish(creator, randomMeta())).statusCode).toBe(404);
    await expectNotSent(testCase);
  });

  it('lets a QPPV who created the case finish it', async () => {
    const qppv = await sessionOf(t, 'QPPV', { laboratories: [{ laboratoryId }] });
    const testCase = await draft({ by: qppv });
    expect((await finish(qppv, testCase.meta)).statusCode).toBe(200);
    expect((await caseRow(t.database.db, testCase.id)).status).toBe(2);
  });

  it('sends once when two calls race', async () => {
    const testCase = await draft();
    const responses = await Promise.all([finish(creator, testCase.meta, 'Uno'), finish(creator, testCase.meta, 'Dos')]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 400]);
    expect(await t.database.db.select().from(eventComments).where(eq(eventComments.eventId, testCase.id))).toHaveLength(1);
  });
});

describe('the hub tells the RLF of the country that a case was sent', () => {
  it('through the application: an RLF of the country hears it, an RLF of another country and a QPPV do not', async () => {
    const [rlfUy, rlfAr, qppv] = await Promise.all([sessionOf(t, 'RLF'), sessionOf(t, 'RLF', { country: 'AR' }), sessionOf(t, 'QPPV')]);
    const [heardUy, heardAr, heardQppv] = await Promise.all([connected(t.app, rlfUy.token), connected(t.app, rlfAr.token), connected(t.app, qppv.token)]);
    const testCase = await draft();
    expect((await finish(creator, testCase.meta)).statusCode).toBe(200);
    await expect.poll(() => references(heardUy.newEvents)).toContain(testCase.referenceNumber);
    expect(heardUy.newEvents.find((message) => message.reference === testCase.referenceNumber)).toMatchObject({ kind: 'event', countryCode: 'UY' });
    await heardSentinel(t.configurationEvents, t.app.log, [heardAr, heardQppv]);
    expect(references(heardAr.newEvents)).not.toContain(testCase.referenceNumber);
    expect(references(heardQppv.newEvents)).not.toContain(testCase.referenceNumber);
  });

  it('nothing is heard of a refused sending', async () => {
    const rlfUy = await sessionOf(t, 'RLF');
    const heard = await connected(t.app, rlfUy.token);
    const testCase = await draft({ patient: false });
    expect((await finish(creator, testCase.meta)).statusCode).toBe(400);
    await heardSentinel(t.configurationEvents, t.app.log, [heard]);
    expect(references(heard.newEvents)).not.toContain(testCase.referenceNumber);
  });

  it('a bare hub forwards a sent case only to the RLF room of its country', async () => {
    const key = new Uint8Array(32).fill(7);
    const caseEvents = createCaseEvents();
    const configurationEvents = createConfigurationEvents();
    const hub: FastifyInstance = await startBareHub(t, { accessTokenKey: key, caseEvents, configurationEvents });
    try {
      const [rlfPe, rlfCl, qppv] = await Promise.all([
        connected(hub, await hubToken(key, 'RLF', 'PE')),
        connected(hub, await hubToken(key, 'RLF', 'CL')),
        connected(hub, await hubToken(key, 'QPPV', 'PE')),
      ]);
      const sentAt = new Date('2026-03-04T05:06:07.000Z');
      const reference = `PE-2026-${crypto.randomUUID().slice(0, 6)}`;
      announceCaseSent(caseEvents, { id: crypto.randomUUID(), meta: 'meta', referenceNumber: reference, countryCode: 'PE', sentAt }, hub.log);
      const expected: NewEventsMessage = { kind: 'event', reference, countryCode: 'PE', date: sentAt.toISOString() };
      await expect.poll(() => rlfPe.newEvents).toContainEqual(expected);
      await heardSentinel(configurationEvents, hub.log, [rlfCl, qppv]);
      expect(references(rlfCl.newEvents)).not.toContain(reference);
      expect(references(qppv.newEvents)).not.toContain(reference);
    } finally {
      disconnectOpenedClients();
      await hub.close();
    }
  });
});
