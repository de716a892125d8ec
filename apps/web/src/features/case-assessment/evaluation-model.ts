import {
  canChangeAnswer,
  evaluationIssues,
  NARANJO_QUESTION_KEYS,
  type EvaluationIssue,
  type NaranjoQuestionKey,
  type NaranjoQuestionReview,
  type Role,
} from '@atalaya/domain';

/** One question as the form holds it (Evaluation.Questions' editable part). */
export interface QuestionDraft {
  Key: NaranjoQuestionKey;
  Respuesta: number;
  LeidoFabricante: boolean;
  LeidoQPPV: boolean;
  RevisadoQPPV: boolean;
  ComentarioQPPV: string | null;
}

/** Which controls of a question a role may change (event spec §5, §6); `stored` is the saved question. */
export function editableControls(role: Role, stored: Pick<QuestionDraft, 'LeidoQPPV' | 'RevisadoQPPV'>) {
  return {
    answer: (role === 'QPPV' || role === 'RLF') && canChangeAnswer(role, { readByQppv: stored.LeidoQPPV, reviewedByQppv: stored.RevisadoQPPV }),
    fabricanteRead: role === 'Fabricante',
    qppv: role === 'QPPV',
  };
}

/** What stops the save, per question, with the domain's rules. */
export function draftIssues(role: Role, drafts: readonly QuestionDraft[]): EvaluationIssue[] {
  const byKey = Object.fromEntries(
    drafts.map((draft) => [
      draft.Key,
      {
        answer: draft.Respuesta,
        readByQppv: draft.LeidoQPPV,
        reviewedByQppv: draft.RevisadoQPPV,
        qppvComment: draft.ComentarioQPPV,
        readByFabricante: draft.LeidoFabricante,
      } satisfies NaranjoQuestionReview,
    ]),
  ) as Record<NaranjoQuestionKey, NaranjoQuestionReview>;
  return NARANJO_QUESTION_KEYS.every((key) => key in byKey) ? evaluationIssues(role, byKey) : [];
}

/** 'Marcar todas como leídas': the role's own read flag on every question. */
export function markAllRead(role: Role, drafts: readonly QuestionDraft[]): QuestionDraft[] {
  if (role === 'Fabricante') return drafts.map((draft) => ({ ...draft, LeidoFabricante: true }));
  if (role === 'QPPV') return drafts.map((draft) => ({ ...draft, LeidoQPPV: true }));
  return [...drafts];
}
