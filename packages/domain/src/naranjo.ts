import { MSG } from './messages.js';
import type { Role } from './roles.js';

/** Keys of the ten answers of the imputability evaluation (event spec §3). */
export const NARANJO_QUESTION_KEYS = ['r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7', 'r8', 'r9', 'r10'] as const;
export type NaranjoQuestionKey = (typeof NARANJO_QUESTION_KEYS)[number];

/** The Naranjo algorithm's questions, in Spanish, in order r1…r10. */
export const NARANJO_QUESTIONS: Readonly<Record<NaranjoQuestionKey, string>> = {
  r1: '¿Existen notificaciones concluyentes previas sobre esta reacción?',
  r2: '¿Se produjo la reacción adversa después de administrar el fármaco sospechoso?',
  r3: '¿Mejoró la reacción adversa al suspender el fármaco o al administrar un antagonista específico?',
  r4: '¿Reapareció la reacción adversa al volver a administrar el fármaco?',
  r5: '¿Existen causas alternativas (distintas del fármaco) que podrían haber causado la reacción por sí mismas?',
  r6: '¿Reapareció la reacción adversa al administrar un placebo?',
  r7: '¿Se detectó el fármaco en sangre (u otros fluidos) en concentraciones consideradas tóxicas?',
  r8: '¿La reacción fue más intensa al aumentar la dosis o menos intensa al disminuirla?',
  r9: '¿Tuvo el paciente una reacción similar con el mismo fármaco o uno parecido en alguna exposición anterior?',
  r10: '¿Se confirmó el acontecimiento adverso mediante alguna evidencia objetiva?',
};

/** Answer ids: 0 Seleccione (no answer yet), 1 NO, 2 SI, 3 No sabe. */
export const NARANJO_ANSWER = { SELECCIONE: 0, NO: 1, SI: 2, NO_SABE: 3 } as const;
export type NaranjoAnswerId = (typeof NARANJO_ANSWER)[keyof typeof NARANJO_ANSWER];

export const NARANJO_ANSWERS: readonly { Id: NaranjoAnswerId; Nombre: string }[] = [
  { Id: 0, Nombre: 'Seleccione' },
  { Id: 1, Nombre: 'NO' },
  { Id: 2, Nombre: 'SI' },
  { Id: 3, Nombre: 'No sabe' },
];

/** Score of NO and SI per question (event spec §3); No sabe and Seleccione score 0. */
export const NARANJO_SCORES: Readonly<Record<NaranjoQuestionKey, { NO: number; SI: number }>> = {
  r1: { NO: 0, SI: 1 },
  r2: { NO: -1, SI: 2 },
  r3: { NO: 0, SI: 1 },
  r4: { NO: -1, SI: 2 },
  r5: { NO: 2, SI: -1 },
  r6: { NO: 1, SI: -1 },
  r7: { NO: 0, SI: 1 },
  r8: { NO: 0, SI: 1 },
  r9: { NO: 0, SI: 1 },
  r10: { NO: 0, SI: 1 },
};

export type NaranjoAnswers = Partial<Record<NaranjoQuestionKey, number | null>>;

/** The score of one answer. */
export function naranjoScore(question: NaranjoQuestionKey, answer: number | null | undefined): number {
  if (answer === NARANJO_ANSWER.NO) return NARANJO_SCORES[question].NO;
  if (answer === NARANJO_ANSWER.SI) return NARANJO_SCORES[question].SI;
  return 0;
}

/** The evaluation's Total: the sum of the ten scores (unanswered questions count 0). */
export function naranjoTotal(answers: NaranjoAnswers): number {
  return NARANJO_QUESTION_KEYS.reduce((sum, key) => sum + naranjoScore(key, answers[key]), 0);
}

export const NARANJO_RESULTS = ['Segura', 'Probable', 'Posible', 'Improbable'] as const;
export type NaranjoResult = (typeof NARANJO_RESULTS)[number];

/** Result by total (event spec §4): ≥9 Segura, 5–8 Probable, 1–4 Posible, ≤0 Improbable. */
export function naranjoResult(total: number): NaranjoResult {
  if (total >= 9) return 'Segura';
  if (total >= 5) return 'Probable';
  if (total >= 1) return 'Posible';
  return 'Improbable';
}

/** An answer above 0: NO, SI or No sabe (not Seleccione, not missing). */
export function isAnswered(answer: number | null | undefined): boolean {
  return typeof answer === 'number' && answer > 0 && answer <= NARANJO_ANSWER.NO_SABE;
}

/** Every question is answered, as Imputable / NoImputable need. */
export function isEvaluationComplete(answers: NaranjoAnswers): boolean {
  return NARANJO_QUESTION_KEYS.every((key) => isAnswered(answers[key]));
}

/** Review state of one question, as the evaluation stores it. */
export interface NaranjoQuestionReview {
  answer: number | null | undefined;
  readByQppv: boolean;
  reviewedByQppv: boolean;
  qppvComment?: string | null;
  readByFabricante?: boolean;
}

export interface EvaluationIssue {
  question: NaranjoQuestionKey;
  message: string;
}

/**
 * What stops a role from saving the evaluation (event spec §5 'Imputability'): every question
 * needs an answer (not Seleccione); a QPPV must comment each reviewed question and mark each
 * other one as read; a Fabricante has no check.
 */
export function evaluationIssues(
  role: Role,
  questions: Readonly<Record<NaranjoQuestionKey, NaranjoQuestionReview>>,
): EvaluationIssue[] {
  if (role === 'Fabricante') return [];
  const issues: EvaluationIssue[] = [];
  for (const key of NARANJO_QUESTION_KEYS) {
    const question = questions[key];
    if (!isAnswered(question.answer)) {
      issues.push({ question: key, message: MSG.imputability.answerRequired });
    } else if (role === 'QPPV' && question.reviewedByQppv && !question.qppvComment?.trim()) {
      issues.push({ question: key, message: MSG.imputability.reviewCommentRequired });
    } else if (role === 'QPPV' && !question.reviewedByQppv && !question.readByQppv) {
      issues.push({ question: key, message: MSG.imputability.readRequired });
    }
  }
  return issues;
}

/** An RLF cannot change an answer the QPPV already read or reviewed; other roles can. */
export function canChangeAnswer(role: Role, question: Pick<NaranjoQuestionReview, 'readByQppv' | 'reviewedByQppv'>): boolean {
  return role !== 'RLF' || (!question.readByQppv && !question.reviewedByQppv);
}
