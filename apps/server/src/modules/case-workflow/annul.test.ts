import { MSG, type Role } from '@atalaya/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, eventComments, events, operationHistory, operationHistoryLines } from '../../db/schema/index.js';
import { createCase, laboratoryOfProduct, randomMeta, type TestCase } from '../../test-support/cases.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createProduct } from '../../test-support/catalog.js';
import { bearer, createUser, login, type TestLaboratoryAssignment, type TestUser } from '../../test-support/factories.js';

let t: TestApp;
let author: TestUser;
let productId: number;
let laboratoryId: number;

beforeAll(async () => {
  t = await createTestApp();
  author = await createUser(t.database.db, { role: 'RLF' });
  const product = await createProduct(t.database.db, { countries: ['UY'] });
  productId = product.id;
  laboratoryId = await laboratoryOfProduct(t.database.db, product.id);
});
afterAll(() => t.close());

async function sessionOf(role: Role, options: { country?: string; laboratories?: readonly TestLaboratoryAssignment[] } = {}) {
  const user = await createUser(t.database.db, { role, ...options });
  return { user, token: (await login(t.app, user)).accessToken };
}

function annul(token: string, payload: object) {
  return t.app.inject({ method: 'POST', url: '/api/anularER', headers: bearer(token), payload });
}

function newCase(status: number, createdBy = author.id): Promise<TestCase> {
  return createCase(t.database.db, { status, createdBy, productIds: [productId] });
}

/** What annulling writes about a case: its status and its comment, history and audit rows. */
async function stateOf(testCase: TestCase) {
  const db = t.database.db;
  const [row] = await db.select({ status: events.status, updatedBy: events.updatedBy }).from(events).where(eq(events.id, testCase.id));
  const comments = await db.select().from(eventComments).where(eq(eventComments.eventId, testCase.id));
  const history = await db.select().from(operationHistory).where(eq(operationHistory.eventId, testCase.id));
  const audit = await db.select().from(auditLog).where(and(eq(auditLog.instance, 'ER'), eq(auditLog.pkId, testCase.id)));
  return { status: row?.status, updatedBy: row?.updatedBy, comments, history, audit };
}

async function expectUnchanged(testCase: TestCase, status: number) {
  const state = await stateOf(testCase);
  expect(state.status).toBe(status);
  expect(state.comments).toEqual([]);
  expect(state.history).toEqual([]);
  expect(state.audit).toEqual([]);
}

describe('POST /api/anularER', () => {
  it('annuls an RLF’s case of its country with the comment, the history entry and the audit row', async () => {
    const rlf = await sessionOf('RLF');
    const testCase = await newCase(2);
    const response = await annul(rlf.token, { Meta: testCase.meta, Comentario: '  Reporte duplicado  ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ Meta: testCase.meta, Estado: 11 });

    const state = await stateOf(testCase);
    expect(state.status).toBe(11);
    expect(state.updatedBy).toBe(rlf.user.id);
    expect(state.comments).toEqual([
      expect.objectContaining({ action: 'Anular', fromStatus: 2, toStatus: 11, comment: 'Reporte duplicado', userId: rlf.user.id }),
    ]);
    expect(state.history).toEqual([
      expect.objectContaining({ userId: rlf.user.id, description: 'Evento anulado', operationType: 'U', comment: 'Reporte duplicado' }),
    ]);
    const lines = await t.database.db.select().from(operationHistoryLines).where(eq(operationHistoryLines.entryId, state.history[0]?.id ?? 0));
    expect(lines).toEqual([expect.objectContaining({ description: 'Estado', oldValue: 'En revisión RLF', newValue: 'Anulado', isFile: false })]);
    expect(state.audit).toEqual([
      expect.objectContaining({
        kind: 'case.annulled',
        operationType: 'U',
        referenceNumber: testCase.referenceNumber,
        metadata: testCase.meta,
        userId: rlf.user.id,
        description: 'Evento anulado',
        // Status names, as the history shows them, never ids.
        oldValues: { Estado: 'En revisión RLF' },
        newValues: { Estado: 'Anulado' },
      }),
    ]);

    // The comments modal shows it.
    const comments = await t.app.inject({ method: 'GET', url: `/api/getERCommentsByMeta/${testCase.meta}`, headers: bearer(rlf.token) });
    expect(comments.json()).toEqual([expect.objectContaining({ Accion: 'Anular', EstadoAnterior: 2, EstadoNuevo: 11, Comentario: 'Reporte duplicado' })]);
  });

  it('refuses to annul an annulled case again, writing nothing more', async () => {
    const rlf = await sessionOf('RLF');
    const testCase = await newCase(4);
    expect((await annul(rlf.token, { Meta: testCase.meta, Comentario: 'Primera vez' })).statusCode).toBe(200);
    const again = await annul(rlf.token, { Meta: testCase.meta, Comentario: 'Segunda vez' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ Message: MSG.workflow.actionNotAllowed });
    const state = await stateOf(testCase);
    expect(state.comments).toHaveLength(1);
    expect(state.history).toHaveLength(1);
    expect(state.audit).toHaveLength(1);
  });

  it.each([6, 7, 8, 9])('refuses a case in status %i (only 1 to 5 can be annulled)', async (status) => {
    const rlf = await sessionOf('RLF');
    const testCase = await newCase(status);
    const response = await annul(rlf.token, { Meta: testCase.meta, Comentario: 'No corresponde' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Message: MSG.workflow.actionNotAllowed });
    await expectUnchanged(testCase, status);
  });

  it('lets a QPPV annul a case of its laboratories', async () => {
    const qppv = await sessionOf('QPPV', { laboratories: [{ laboratoryId }] });
    const testCase = await newCase(3);
    expect((await annul(qppv.token, { Meta: testCase.meta, Comentario: 'Error de carga' })).statusCode).toBe(200);
    expect((await stateOf(testCase)).status).toBe(11);
  });

  it.each(['CL', 'Fabricante'] as const)('refuses a %s who did not create the case (403), and lets one who did annul it', async (role) => {
    const session = await sessionOf(role, { laboratories: [{ laboratoryId }] });
    const foreign = await newCase(5);
    const refused = await annul(session.token, { Meta: foreign.meta, Comentario: 'No es mío' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ Message: MSG.errors.forbidden });
    await expectUnchanged(foreign, 5);

    const own = await newCase(2, session.user.id);
    expect((await annul(session.token, { Meta: own.meta, Comentario: 'Lo cargué por error' })).statusCode).toBe(200);
    expect((await stateOf(own)).status).toBe(11);
  });

  it('answers 404 for a case out of reach or unknown, writing nothing', async () => {
    const testCase = await newCase(2);
    const foreignRlf = await sessionOf('RLF', { country: 'AR' });
    const qppvWithoutLaboratory = await sessionOf('QPPV');
    for (const token of [foreignRlf.token, qppvWithoutLaboratory.token]) {
      const response = await annul(token, { Meta: testCase.meta, Comentario: 'Fuera de alcance' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ Message: MSG.lists.eventNotFound });
    }
    await expectUnchanged(testCase, 2);
    const unknown = await annul(foreignRlf.token, { Meta: randomMeta(), Comentario: 'No existe' });
    expect(unknown.statusCode).toBe(404);
  });

  it.each([
    ['no comment', {}],
    ['a blank comment', { Comentario: '   ' }],
  ])('needs a comment: %s answers 400 and changes nothing', async (_name, body) => {
    const rlf = await sessionOf('RLF');
    const testCase = await newCase(2);
    const response = await annul(rlf.token, { Meta: testCase.meta, ...body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Message: MSG.workflow.commentRequired });
    await expectUnchanged(testCase, 2);
  });

  it('refuses ADMIN', async () => {
    const admin = await sessionOf('ADMIN');
    const testCase = await newCase(2);
    expect((await annul(admin.token, { Meta: testCase.meta, Comentario: 'x' })).statusCode).toBe(403);
    await expectUnchanged(testCase, 2);
  });

  it('annuls once when two calls race', async () => {
    const rlf = await sessionOf('RLF');
    const testCase = await newCase(2);
    const responses = await Promise.all([
      annul(rlf.token, { Meta: testCase.meta, Comentario: 'Uno' }),
      annul(rlf.token, { Meta: testCase.meta, Comentario: 'Dos' }),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 400]);
    const state = await stateOf(testCase);
    expect(state.comments).toHaveLength(1);
    expect(state.history).toHaveLength(1);
  });
});
