import { MSG, NARANJO_QUESTION_KEYS } from '@atalaya/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { get, post, sessionOf, type Session } from '../../test-support/case-edit.js';
import { createCase, laboratoryOfProduct, type TestCase } from '../../test-support/cases.js';
import { createProduct } from '../../test-support/catalog.js';

/**
 * Event spec §3 (Naranjo scores), §4 (result by total), §5 and §6 (who saves what): the
 * evaluation is computed and its rules enforced on the server.
 */

let t: TestApp;
let productId: number;
let rlf: Session;
let qppv: Session;
let fabricante: Session;
let cl: Session;

const NO = 1;
const SI = 2;
const NO_SABE = 3;

beforeAll(async () => {
  t = await createTestApp();
  productId = (await createProduct(t.database.db, { countries: ['UY'] })).id;
  const laboratoryId = await laboratoryOfProduct(t.database.db, productId);
  rlf = await sessionOf(t, 'RLF');
  qppv = await sessionOf(t, 'QPPV', { laboratories: [{ laboratoryId }] });
  fabricante = await sessionOf(t, 'Fabricante', { laboratories: [{ laboratoryId }] });
  cl = await sessionOf(t, 'CL', { laboratories: [{ laboratoryId }] });
});
afterAll(() => t.close());

function caseIn(status: number): Promise<TestCase> {
  return createCase(t.database.db, { status, createdBy: rlf.user.id, productIds: [productId] });
}

const moveTo = (testCase: TestCase, status: number) => t.database.db.update(events).set({ status }).where(eq(events.id, testCase.id));

function survey(answers: readonly number[], flags: { read?: boolean; reviewed?: boolean; comment?: string | null; fabricante?: boolean } = {}) {
  return NARANJO_QUESTION_KEYS.map((Key, index) => ({
    Key,
    Respuesta: answers[index] ?? 0,
    LeidoFabricante: flags.fabricante ?? false,
    LeidoQPPV: flags.read ?? false,
    RevisadoQPPV: flags.reviewed ?? false,
    ComentarioQPPV: flags.comment ?? null,
  }));
}

function save(who: Session, testCase: TestCase, encuesta: ReturnType<typeof survey>, comentario: string | null = null) {
  return post(t, who, 'setImputEvaluation', { er: testCase.meta, encuesta, comentario });
}

interface Stored {
  Total: number;
  Estado: string | null;
  Completa: boolean;
  Questions: { Respuesta: number; Puntaje: number; LeidoFabricante: boolean; LeidoQPPV: boolean }[];
}

const read = async (who: Session, testCase: TestCase) => (await get(t, who, `getImputEvaluationByMeta/${testCase.meta}`)).json() as Stored;

describe('the imputability evaluation', () => {
  it.each([
    ['Segura', [SI, SI, SI, SI, NO, NO, SI, SI, SI, SI], 13],
    ['Probable', [SI, SI, SI, NO_SABE, NO, NO_SABE, NO_SABE, NO_SABE, NO_SABE, NO_SABE], 6],
    ['Posible', [NO, NO, NO, NO, NO, NO, NO, NO, NO, NO], 1],
    ['Improbable', [NO_SABE, NO, NO_SABE, NO, SI, SI, NO_SABE, NO_SABE, NO_SABE, NO_SABE], -4],
  ] as const)('computes %s on the server from the ten answers', async (result, answers, total) => {
    const testCase = await caseIn(2);
    const response = await save(rlf, testCase, survey(answers));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ Total: total, Estado: result, Completa: true });
    expect(await read(qppv, testCase)).toMatchObject({ Total: total, Estado: result });
  });

  it('needs every question answered (RLF and QPPV)', async () => {
    const testCase = await caseIn(2);
    const refused = await save(rlf, testCase, survey([SI, SI, SI, SI, SI, SI, SI, SI, SI, 0]));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ Message: `Pregunta 10: ${MSG.imputability.answerRequired}` });
    expect(await read(rlf, testCase)).toMatchObject({ Completa: false, Total: 0 });
  });

  it('QPPV: a question needs the read flag, and a reviewed one a comment', async () => {
    const testCase = await caseIn(3);
    const answers = [SI, SI, SI, SI, NO, NO, SI, SI, SI, SI];
    expect((await save(qppv, testCase, survey(answers))).json()).toMatchObject({ Message: `Pregunta 1: ${MSG.imputability.readRequired}` });
    expect((await save(qppv, testCase, survey(answers, { reviewed: true }))).json()).toMatchObject({ Message: `Pregunta 1: ${MSG.imputability.reviewCommentRequired}` });
    expect((await save(qppv, testCase, survey(answers, { reviewed: true, comment: 'Revisado con la historia clínica' }))).statusCode).toBe(200);
  });

  it('RLF cannot change an answer the QPPV already read', async () => {
    const testCase = await caseIn(3);
    const answers = [SI, SI, SI, SI, NO, NO, SI, SI, SI, SI];
    expect((await save(qppv, testCase, survey(answers, { read: true }))).statusCode).toBe(200);
    await moveTo(testCase, 4);
    const refused = await save(rlf, testCase, survey([NO, ...answers.slice(1)]));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ Message: MSG.imputability.lockedByQppv });
    expect((await read(rlf, testCase)).Questions[0]).toMatchObject({ Respuesta: SI, LeidoQPPV: true });
  });

  it('the Fabricante only sets its read flag; the answers it sends are ignored', async () => {
    const testCase = await caseIn(2);
    await save(rlf, testCase, survey([NO, NO, NO, NO, NO, NO, NO, NO, NO, NO]));
    await moveTo(testCase, 5);
    const response = await save(fabricante, testCase, survey([SI, SI, SI, SI, SI, SI, SI, SI, SI, SI], { fabricante: true, read: true }));
    expect(response.statusCode).toBe(200);
    const stored = await read(qppv, testCase);
    expect(stored.Total).toBe(1);
    expect(stored.Questions.every((question) => question.LeidoFabricante && !question.LeidoQPPV && question.Respuesta === NO)).toBe(true);
  });

  it('is saved only by its role in its statuses, within reach', async () => {
    const testCase = await caseIn(2);
    const answers = survey([NO, NO, NO, NO, NO, NO, NO, NO, NO, NO], { read: true });
    expect((await save(qppv, testCase, answers)).json()).toMatchObject({ Message: MSG.imputability.notEditable });
    expect((await save(cl, testCase, answers)).statusCode).toBe(403);
    const elsewhere = await sessionOf(t, 'RLF', { country: 'AR' });
    expect((await save(elsewhere, testCase, answers)).statusCode).toBe(404);
    expect(await read(rlf, testCase)).toMatchObject({ Total: 0, Completa: false });
  });
});
