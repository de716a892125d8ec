import { ACTION_LABELS, MSG, type SendAction } from '@atalaya/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventComments, events, imputabilityAnswers, imputabilityEvaluations, mailOutbox } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { caseRow, get, historyOf, post, sessionOf, type Session } from '../../test-support/case-edit.js';
import { createCase, laboratoryOfProduct, type TestCase } from '../../test-support/cases.js';
import { createProduct } from '../../test-support/catalog.js';

/**
 * workflow.md 'Actions' through the API (event spec §4, §7 getActionsERByMeta, sendAccion):
 * the server lists and accepts exactly what the table allows for the case, the role and the
 * reach, and refuses everything else with the case unchanged.
 */

let t: TestApp;
let productId: number;
let rlf: Session;
let otherRlf: Session;
let qppv: Session;
let fabricante: Session;
let strangerFabricante: Session;
let creatorRlf: Session;

beforeAll(async () => {
  t = await createTestApp();
  const product = await createProduct(t.database.db, { countries: ['UY'] });
  productId = product.id;
  const laboratoryId = await laboratoryOfProduct(t.database.db, productId);
  const other = await createProduct(t.database.db, { countries: ['UY'] });
  creatorRlf = await sessionOf(t, 'RLF');
  rlf = await sessionOf(t, 'RLF');
  otherRlf = await sessionOf(t, 'RLF', { country: 'AR' });
  qppv = await sessionOf(t, 'QPPV', { laboratories: [{ laboratoryId }] });
  fabricante = await sessionOf(t, 'Fabricante', { laboratories: [{ laboratoryId }] });
  strangerFabricante = await sessionOf(t, 'Fabricante', { laboratories: [{ laboratoryId: await laboratoryOfProduct(t.database.db, other.id) }] });
});
afterAll(() => t.close());

function caseIn(status: number): Promise<TestCase> {
  return createCase(t.database.db, { status, createdBy: creatorRlf.user.id, productIds: [productId], rams: [{}] });
}

async function completeEvaluation(testCase: TestCase): Promise<void> {
  const [evaluation] = await t.database.db.insert(imputabilityEvaluations).values({ eventId: testCase.id, total: 5, result: 'Probable' }).returning();
  await t.database.db.insert(imputabilityAnswers).values(
    Array.from({ length: 10 }, (_, index) => ({ evaluationId: evaluation?.id ?? 0, question: index + 1, answer: 1, score: 0 })),
  );
}

function act(who: Session, testCase: TestCase, action: SendAction, comment = `Comentario ${action}`) {
  return post(t, who, 'sendAccion', { Event: { Accion: action, Event: testCase.meta, Comments: comment }, Questions: [ACTION_LABELS[action].title] });
}

async function actionsOf(who: Session, testCase: TestCase): Promise<string[]> {
  const response = await get(t, who, `getActionsERByMeta/${testCase.meta}`);
  expect(response.statusCode).toBe(200);
  return (response.json() as { Accion: string }[]).map((action) => action.Accion);
}

async function expectUnchanged(testCase: TestCase, status: number): Promise<void> {
  expect((await caseRow(t.database.db, testCase.id)).status).toBe(status);
  expect(await t.database.db.select().from(eventComments).where(eq(eventComments.eventId, testCase.id))).toEqual([]);
}

describe('getActionsERByMeta', () => {
  it('lists what the table allows for the role in each status', async () => {
    expect(await actionsOf(rlf, await caseIn(2))).toEqual(['AprobarRLF', 'MasInfo', 'ArchivarRLF', 'DescargarPdf']);
    expect(await actionsOf(qppv, await caseIn(3))).toEqual(['MasInfo', 'EnEsperaFabricante', 'ArchivarQPPV', 'DescargarPdf', 'Audit']);
    expect(await actionsOf(fabricante, await caseIn(5))).toEqual(['AprobarFabricante', 'DescargarPdf']);
    expect(await actionsOf(rlf, await caseIn(8))).toEqual(['DesarchivarRLF', 'DescargarPdf']);
  });

  it('offers Imputable and NoImputable only with a complete evaluation', async () => {
    const testCase = await caseIn(3);
    expect(await actionsOf(qppv, testCase)).not.toContain('Imputable');
    await completeEvaluation(testCase);
    expect(await actionsOf(qppv, testCase)).toEqual(expect.arrayContaining(['Imputable', 'NoImputable']));
  });

  it('answers 404 for a case out of reach', async () => {
    const testCase = await caseIn(2);
    expect((await get(t, otherRlf, `getActionsERByMeta/${testCase.meta}`)).statusCode).toBe(404);
    expect((await get(t, strangerFabricante, `getActionsERByMeta/${testCase.meta}`)).statusCode).toBe(404);
  });
});

describe('sendAccion', () => {
  const moves: [SendAction, number, number, () => Session][] = [
    ['AprobarRLF', 2, 3, () => rlf],
    ['MasInfo', 2, 4, () => rlf],
    ['MasInfo', 3, 4, () => qppv],
    ['ActivarRLF', 4, 2, () => rlf],
    ['ArchivarRLF', 2, 8, () => rlf],
    ['ArchivarRLF', 4, 8, () => rlf],
    ['DesarchivarRLF', 8, 2, () => rlf],
    ['EnEsperaFabricante', 3, 5, () => qppv],
    ['AprobarFabricante', 5, 3, () => fabricante],
    ['ArchivarQPPV', 3, 9, () => qppv],
    ['ActivarQPPV', 6, 3, () => qppv],
    ['ActivarQPPV', 7, 3, () => qppv],
    ['ActivarQPPV', 9, 3, () => qppv],
  ];

  it.each(moves)('%s moves a case from %i to %i, with its comment, history and the case answered', async (action, from, to, who) => {
    const testCase = await caseIn(from);
    const response = await act(who(), testCase, action);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ Meta: testCase.meta, Status: to });
    expect((await caseRow(t.database.db, testCase.id)).status).toBe(to);
    const [comment] = await t.database.db.select().from(eventComments).where(eq(eventComments.eventId, testCase.id));
    expect(comment).toMatchObject({ action, fromStatus: from, toStatus: to, comment: `Comentario ${action}` });
    const [entry] = await historyOf(t.database.db, testCase.id);
    expect(entry).toMatchObject({ description: ACTION_LABELS[action].title, comment: `Comentario ${action}` });
  });

  it('concludes Imputable and NoImputable only with a complete evaluation', async () => {
    const testCase = await caseIn(3);
    const refused = await act(qppv, testCase, 'Imputable');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ Message: MSG.workflow.evaluationIncomplete });
    await expectUnchanged(testCase, 3);
    await completeEvaluation(testCase);
    expect((await act(qppv, testCase, 'Imputable')).json()).toMatchObject({ Status: 6 });
    const other = await caseIn(3);
    await completeEvaluation(other);
    expect((await act(qppv, other, 'NoImputable')).json()).toMatchObject({ Status: 7 });
  });

  it('refuses a wrong status (400), a wrong role (403) and a case out of reach (404), leaving it unchanged', async () => {
    const approved = await caseIn(3);
    const wrongStatus = await act(rlf, approved, 'AprobarRLF');
    expect(wrongStatus.statusCode).toBe(400);
    expect(wrongStatus.json()).toMatchObject({ Message: MSG.workflow.actionNotAllowed });
    await expectUnchanged(approved, 3);

    const review = await caseIn(2);
    expect((await act(qppv, review, 'AprobarRLF')).statusCode).toBe(403);
    expect((await act(otherRlf, review, 'AprobarRLF')).statusCode).toBe(404);
    await expectUnchanged(review, 2);

    const waiting = await caseIn(5);
    expect((await act(strangerFabricante, waiting, 'AprobarFabricante')).statusCode).toBe(404);
    await expectUnchanged(waiting, 5);
  });

  it('does not send DescargarPdf nor Audit, needs a comment and refuses an unknown action', async () => {
    const testCase = await caseIn(3);
    expect((await act(qppv, testCase, 'DescargarPdf')).statusCode).toBe(400);
    expect((await act(qppv, testCase, 'Audit')).statusCode).toBe(400);
    const noComment = await act(qppv, testCase, 'MasInfo', ' ');
    expect(noComment.statusCode).toBe(400);
    expect(noComment.json()).toMatchObject({ Message: MSG.workflow.commentRequired });
    const unknown = await post(t, qppv, 'sendAccion', { Event: { Accion: 'Borrar', Event: testCase.meta, Comments: 'x' } });
    expect(unknown.statusCode).toBe(400);
    await expectUnchanged(testCase, 3);
  });

  it('e-mails the users who act next: the QPPV of the laboratory after AprobarRLF, the Fabricante after EnEsperaFabricante', async () => {
    const testCase = await caseIn(2);
    await act(rlf, testCase, 'AprobarRLF');
    const subject = `Evento reportable ${testCase.referenceNumber}: En evaluación QPPV`;
    const toQppv = (await t.database.db.select().from(mailOutbox)).filter((mail) => mail.subject === subject);
    expect(toQppv.map((mail) => mail.to)).toContain(qppv.user.email);
    expect(toQppv.map((mail) => mail.to)).not.toContain(fabricante.user.email);

    await act(qppv, testCase, 'EnEsperaFabricante');
    const toFabricante = (await t.database.db.select().from(mailOutbox)).filter((mail) => mail.subject.startsWith(`Evento reportable ${testCase.referenceNumber}: En espera`));
    // Other test files share a PostgreSQL database: other users may cover every laboratory.
    expect(toFabricante.map((mail) => mail.to)).toContain(fabricante.user.email);
    expect(toFabricante.map((mail) => mail.to)).not.toContain(strangerFabricante.user.email);
  });

  it('a cancelled case takes no action', async () => {
    const testCase = await caseIn(11);
    expect(await actionsOf(rlf, testCase)).toEqual([]);
    expect((await act(rlf, testCase, 'ActivarRLF')).statusCode).toBe(400);
    expect((await t.database.db.select({ status: events.status }).from(events).where(eq(events.id, testCase.id)))[0]?.status).toBe(11);
  });
});

describe('getApprovedFabricByMeta', () => {
  it("answers the manufacturer's approval once given, and nothing before", async () => {
    const testCase = await caseIn(5);
    expect((await get(t, fabricante, `getApprovedFabricByMeta/${testCase.meta}`)).json()).toEqual({ Aprobado: false, Fecha: null, Usuario: null, Comentario: null });
    await act(fabricante, testCase, 'AprobarFabricante', 'Evaluación leída y aprobada');
    expect((await get(t, qppv, `getApprovedFabricByMeta/${testCase.meta}`)).json()).toMatchObject({
      Aprobado: true,
      Usuario: 'Prueba Fabricante',
      Comentario: 'Evaluación leída y aprobada',
    });
    expect((await get(t, otherRlf, `getApprovedFabricByMeta/${testCase.meta}`)).statusCode).toBe(404);
  });
});
