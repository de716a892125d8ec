import {
  isEvaluationComplete,
  naranjoResult,
  naranjoTotal,
  setEvaluationBodySchema,
  type Evaluation,
  type NaranjoQuestionKey,
  type Role,
  type SetEvaluationBody,
} from '@atalaya/domain';
import type { FieldOf } from '../../shared/form';
import { draftIssues, type QuestionDraft } from './evaluation-model';

/**
 * The Imputabilidad form (event spec §3, §5): its values, how a stored evaluation fills it, the
 * live Naranjo total and result, and the `setImputEvaluation` body it sends. The domain's
 * `setEvaluationBodySchema`, with the role's save rules (`evaluationIssues`), checks it in the
 * browser; the server checks it again.
 */

/** One question as the form holds it: the comment as typed ('' when none). */
export interface EvaluationQuestionValues {
  Key: NaranjoQuestionKey;
  /** 0 Seleccione, 1 NO, 2 SI, 3 No sabe. */
  Respuesta: number;
  LeidoFabricante: boolean;
  LeidoQPPV: boolean;
  RevisadoQPPV: boolean;
  ComentarioQPPV: string;
}

export interface EvaluationValues {
  questions: EvaluationQuestionValues[];
  /** The QPPV's general comment. */
  comment: string;
}

/** Shown above the save button while a rule stops the save. */
export const EVALUATION_BLOCKED = { title: 'La evaluación no puede guardarse', message: 'Revise las preguntas marcadas.' } as const;

/** The result while a question is still on 'Seleccione'. */
export const INCOMPLETE_RESULT = 'Evaluación incompleta';

/** The form as a stored evaluation fills it. */
export function evaluationValuesOf(evaluation: Evaluation): EvaluationValues {
  return {
    questions: evaluation.Questions.map(({ Key, Respuesta, LeidoFabricante, LeidoQPPV, RevisadoQPPV, ComentarioQPPV }) => ({
      Key,
      Respuesta,
      LeidoFabricante,
      LeidoQPPV,
      RevisadoQPPV,
      ComentarioQPPV: ComentarioQPPV ?? '',
    })),
    comment: evaluation.ComentarioQPPV ?? '',
  };
}

/** The answers as `setImputEvaluation` takes them: an empty comment is null. */
export function evaluationAnswersOf(questions: readonly EvaluationQuestionValues[]): QuestionDraft[] {
  return questions.map((question) => ({ ...question, ComentarioQPPV: question.ComentarioQPPV === '' ? null : question.ComentarioQPPV }));
}

/** What `useSaveEvaluation` posts: the answers and the general comment (trimmed, null when empty). */
export function evaluationRequest(values: EvaluationValues): { answers: QuestionDraft[]; comment: string | null } {
  return { answers: evaluationAnswersOf(values.questions), comment: values.comment.trim() || null };
}

/** `setImputEvaluation`'s body, as the save hook builds it for the case `meta`. */
export function evaluationBody(values: EvaluationValues, meta: string): SetEvaluationBody {
  const { answers, comment } = evaluationRequest(values);
  return { er: meta, encuesta: answers, comentario: comment };
}

/** The live Total and Resultado while answering. */
export function naranjoSummary(questions: readonly Pick<EvaluationQuestionValues, 'Key' | 'Respuesta'>[]): { total: number; result: string } {
  const answers = Object.fromEntries(questions.map((question) => [question.Key, question.Respuesta]));
  const total = naranjoTotal(answers);
  return { total, result: isEvaluationComplete(answers) ? naranjoResult(total) : INCOMPLETE_RESULT };
}

/**
 * The body's schema with the role's save rules (event spec §5 'Imputability'): each question's
 * issue lands on its answer (`encuesta.<index>.Respuesta`).
 */
export function evaluationSchemaFor(role: Role) {
  return setEvaluationBodySchema.superRefine((body, context) => {
    const drafts = body.encuesta.map((answer) => ({ ...answer, ComentarioQPPV: answer.ComentarioQPPV ?? null }));
    for (const issue of draftIssues(role, drafts)) {
      const index = drafts.findIndex((draft) => draft.Key === issue.question);
      context.addIssue({ code: 'custom', message: issue.message, path: ['encuesta', index, 'Respuesta'] });
    }
  });
}

/** Where a schema issue shows in the form: a question's issues on its answer, the comment on the general comment. */
export const evaluationFieldOf: FieldOf = (path) => {
  const [first, index, field] = path.map(String);
  if (first === 'encuesta') {
    if (index === undefined) return 'questions';
    return field === 'ComentarioQPPV' ? `questions.${index}.ComentarioQPPV` : `questions.${index}.Respuesta`;
  }
  if (first === 'comentario') return 'comment';
  return first ?? '';
};
