import {
  canChangeAnswer,
  canEditEvaluation,
  evaluationIssues,
  isEvaluationComplete,
  MSG,
  NARANJO_ANSWERS,
  NARANJO_QUESTION_KEYS,
  NARANJO_QUESTIONS,
  naranjoResult,
  naranjoScore,
  naranjoTotal,
  type Evaluation,
  type NaranjoAnswers,
  type NaranjoQuestionKey,
  type NaranjoQuestionReview,
} from '@atalaya/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { imputabilityAnswers, imputabilityEvaluations, users } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/access-token.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { recordCaseOperation, type ChangeLine } from '../cases/index.js';
import { type CaseInReach, findCaseInReach } from '../reach/index.js';

/** One question as stored (defaults while nothing is stored). */
interface StoredQuestion {
  answer: number;
  readByFabricante: boolean;
  readByQppv: boolean;
  reviewedByQppv: boolean;
  comment: string | null;
}

const EMPTY: StoredQuestion = { answer: 0, readByFabricante: false, readByQppv: false, reviewedByQppv: false, comment: null };

async function loadEvaluation(db: DbOrTx, eventId: string) {
  const [evaluation] = await db
    .select({
      id: imputabilityEvaluations.id,
      qppvComment: imputabilityEvaluations.qppvComment,
      updatedAt: imputabilityEvaluations.updatedAt,
      updatedBy: sql<string | null>`trim(${users.firstName} || ' ' || ${users.lastName})`,
    })
    .from(imputabilityEvaluations)
    .leftJoin(users, eq(users.id, imputabilityEvaluations.updatedBy))
    .where(eq(imputabilityEvaluations.eventId, eventId));
  const questions = new Map<NaranjoQuestionKey, StoredQuestion>(NARANJO_QUESTION_KEYS.map((key) => [key, { ...EMPTY }]));
  if (evaluation) {
    const rows = await db.select().from(imputabilityAnswers).where(eq(imputabilityAnswers.evaluationId, evaluation.id));
    for (const row of rows) {
      const key = NARANJO_QUESTION_KEYS[row.question - 1];
      if (key) questions.set(key, { answer: row.answer, readByFabricante: row.readByFabricante, readByQppv: row.readByQppv, reviewedByQppv: row.reviewedByQppv, comment: row.comment });
    }
  }
  return { evaluation: evaluation ?? null, questions };
}

function answersOf(questions: ReadonlyMap<NaranjoQuestionKey, StoredQuestion>): NaranjoAnswers {
  return Object.fromEntries(NARANJO_QUESTION_KEYS.map((key) => [key, questions.get(key)?.answer ?? 0]));
}

function toEvaluation(
  loaded: Awaited<ReturnType<typeof loadEvaluation>>,
  canEdit: boolean,
): Evaluation {
  const answers = answersOf(loaded.questions);
  const total = naranjoTotal(answers);
  const complete = isEvaluationComplete(answers);
  return {
    Questions: NARANJO_QUESTION_KEYS.map((key) => {
      const question = loaded.questions.get(key) ?? EMPTY;
      return {
        Key: key,
        Pregunta: NARANJO_QUESTIONS[key],
        Respuesta: question.answer,
        Puntaje: naranjoScore(key, question.answer),
        LeidoFabricante: question.readByFabricante,
        LeidoQPPV: question.readByQppv,
        RevisadoQPPV: question.reviewedByQppv,
        ComentarioQPPV: question.comment,
      };
    }),
    Total: total,
    Estado: complete ? naranjoResult(total) : null,
    Completa: complete,
    ComentarioQPPV: loaded.evaluation?.qppvComment ?? null,
    CanEdit: canEdit,
    Modificado: loaded.evaluation?.updatedBy ? { Usuario: loaded.evaluation.updatedBy, Fecha: loaded.evaluation.updatedAt.toISOString() } : null,
  };
}

/** `getImputEvaluationByMeta`: the ten Naranjo questions with their answers, flags, total and result. */
export async function getEvaluation(db: Db, user: AuthUser, meta: string): Promise<Evaluation> {
  const found = await findCaseInReach(db, user, meta);
  if (!found) throw notFound(MSG.lists.eventNotFound);
  return evaluationOf(db, user, found);
}

/** The Naranjo evaluation of a case the caller already found in the user's reach (no second reach check). */
export async function evaluationOf(db: Db, user: AuthUser, found: CaseInReach): Promise<Evaluation> {
  return toEvaluation(await loadEvaluation(db, found.id), canEditEvaluation(user.role, found.status));
}

export interface EvaluationAnswerInput {
  Key: NaranjoQuestionKey;
  Respuesta: number;
  LeidoFabricante: boolean;
  LeidoQPPV: boolean;
  RevisadoQPPV: boolean;
  ComentarioQPPV: string | null;
}

const answerName = (answer: number) => NARANJO_ANSWERS.find((option) => option.Id === answer)?.Nombre ?? String(answer);
const yesNo = (value: boolean) => (value ? 'SI' : 'NO');

/**
 * `setImputEvaluation` (event spec §5 'Imputability', §6): in one transaction with the case
 * locked. Each role changes only what is its own — the RLF the answers (not one the QPPV
 * already read or reviewed), the QPPV the answers, its read and reviewed flags and comments,
 * the Fabricante only its read flag (anything else it sends is ignored). The RLF and QPPV
 * save rules are checked on the result; scores, total and result are computed here, never
 * taken from the client.
 */
export async function setEvaluation(
  db: Db,
  user: AuthUser,
  body: { er: string; encuesta: readonly EvaluationAnswerInput[]; comentario: string | null },
): Promise<Evaluation> {
  return db.transaction(async (tx) => {
    const found = await findCaseInReach(tx, user, body.er, { forUpdate: true });
    if (!found) throw notFound(MSG.lists.eventNotFound);
    if (user.role !== 'RLF' && user.role !== 'QPPV' && user.role !== 'Fabricante') throw forbidden();
    if (!canEditEvaluation(user.role, found.status)) throw badRequest(MSG.imputability.notEditable);

    const loaded = await loadEvaluation(tx, found.id);
    const next = new Map<NaranjoQuestionKey, StoredQuestion>();
    const lines: ChangeLine[] = [];
    for (const input of body.encuesta) {
      const stored = loaded.questions.get(input.Key) ?? EMPTY;
      const number = NARANJO_QUESTION_KEYS.indexOf(input.Key) + 1;
      let question: StoredQuestion = stored;
      if (user.role === 'Fabricante') question = { ...stored, readByFabricante: input.LeidoFabricante };
      if (user.role === 'RLF') {
        if (input.Respuesta !== stored.answer && !canChangeAnswer('RLF', stored)) throw badRequest(MSG.imputability.lockedByQppv);
        question = { ...stored, answer: input.Respuesta };
      }
      if (user.role === 'QPPV') {
        question = { ...stored, answer: input.Respuesta, readByQppv: input.LeidoQPPV, reviewedByQppv: input.RevisadoQPPV, comment: input.ComentarioQPPV };
      }
      next.set(input.Key, question);
      if (question.answer !== stored.answer) lines.push({ description: `Pregunta ${number}`, oldValue: answerName(stored.answer), newValue: answerName(question.answer) });
      if (question.readByFabricante !== stored.readByFabricante) lines.push({ description: `Pregunta ${number}: leída por fabricante`, oldValue: yesNo(stored.readByFabricante), newValue: yesNo(question.readByFabricante) });
      if (question.readByQppv !== stored.readByQppv) lines.push({ description: `Pregunta ${number}: leída por QPPV`, oldValue: yesNo(stored.readByQppv), newValue: yesNo(question.readByQppv) });
      if (question.reviewedByQppv !== stored.reviewedByQppv) lines.push({ description: `Pregunta ${number}: revisada por QPPV`, oldValue: yesNo(stored.reviewedByQppv), newValue: yesNo(question.reviewedByQppv) });
      if ((question.comment ?? null) !== (stored.comment ?? null)) lines.push({ description: `Pregunta ${number}: comentario QPPV`, oldValue: stored.comment, newValue: question.comment });
    }

    const reviews = Object.fromEntries(
      NARANJO_QUESTION_KEYS.map((key) => {
        const question = next.get(key) ?? EMPTY;
        const review: NaranjoQuestionReview = { answer: question.answer, readByQppv: question.readByQppv, reviewedByQppv: question.reviewedByQppv, qppvComment: question.comment, readByFabricante: question.readByFabricante };
        return [key, review];
      }),
    ) as Record<NaranjoQuestionKey, NaranjoQuestionReview>;
    const [issue] = evaluationIssues(user.role, reviews);
    if (issue) throw badRequest(MSG.imputability.questionIssue(NARANJO_QUESTION_KEYS.indexOf(issue.question) + 1, issue.message));

    const answers = answersOf(next);
    const total = naranjoTotal(answers);
    const result = isEvaluationComplete(answers) ? naranjoResult(total) : null;
    const now = new Date();
    const qppvComment = user.role === 'QPPV' ? body.comentario : (loaded.evaluation?.qppvComment ?? null);
    const [evaluation] = await tx
      .insert(imputabilityEvaluations)
      .values({ eventId: found.id, total, result, qppvComment, createdBy: user.id, updatedBy: user.id, updatedAt: now })
      .onConflictDoUpdate({ target: imputabilityEvaluations.eventId, set: { total, result, qppvComment, updatedBy: user.id, updatedAt: now } })
      .returning({ id: imputabilityEvaluations.id });
    if (!evaluation) throw new Error('Evaluation not stored');
    for (const key of NARANJO_QUESTION_KEYS) {
      const question = next.get(key) ?? EMPTY;
      const values = {
        answer: question.answer,
        score: naranjoScore(key, question.answer),
        readByFabricante: question.readByFabricante,
        readByQppv: question.readByQppv,
        reviewedByQppv: question.reviewedByQppv,
        comment: question.comment,
        updatedBy: user.id,
        updatedAt: now,
      };
      await tx
        .insert(imputabilityAnswers)
        .values({ evaluationId: evaluation.id, question: NARANJO_QUESTION_KEYS.indexOf(key) + 1, ...values, createdBy: user.id })
        .onConflictDoUpdate({ target: [imputabilityAnswers.evaluationId, imputabilityAnswers.question], set: values });
    }
    const previousTotal = naranjoTotal(answersOf(loaded.questions));
    if (total !== previousTotal) lines.push({ description: 'Total', oldValue: String(previousTotal), newValue: String(total) });
    const previousResult = isEvaluationComplete(answersOf(loaded.questions)) ? naranjoResult(previousTotal) : null;
    if (result !== previousResult) lines.push({ description: 'Resultado', oldValue: previousResult, newValue: result });
    await recordCaseOperation(tx, user, found, {
      description: 'Evaluación de imputabilidad actualizada',
      operationType: loaded.evaluation ? 'U' : 'I',
      lines,
      comment: body.comentario,
      now,
    });
    return toEvaluation(await loadEvaluation(tx, found.id), true);
  });
}
