import { MSG, NARANJO_QUESTION_KEYS } from '@atalaya/domain';
import { describe, expect, it } from 'vitest';
import { draftIssues, editableControls, markAllRead, type QuestionDraft } from './evaluation-model';

const drafts = (respuesta: number): QuestionDraft[] =>
  NARANJO_QUESTION_KEYS.map((Key) => ({ Key, Respuesta: respuesta, LeidoFabricante: false, LeidoQPPV: false, RevisadoQPPV: false, ComentarioQPPV: null }));

describe('the causality form', () => {
  it('lets the RLF change an answer only while the QPPV has not read or reviewed it', () => {
    expect(editableControls('RLF', { LeidoQPPV: false, RevisadoQPPV: false }).answer).toBe(true);
    expect(editableControls('RLF', { LeidoQPPV: true, RevisadoQPPV: false }).answer).toBe(false);
    expect(editableControls('RLF', { LeidoQPPV: false, RevisadoQPPV: true }).answer).toBe(false);
    expect(editableControls('QPPV', { LeidoQPPV: true, RevisadoQPPV: true }).answer).toBe(true);
  });

  it('gives the Fabricante its read flag only, and the QPPV its flags and comment', () => {
    expect(editableControls('Fabricante', { LeidoQPPV: false, RevisadoQPPV: false })).toEqual({ answer: false, fabricanteRead: true, qppv: false });
    expect(editableControls('QPPV', { LeidoQPPV: false, RevisadoQPPV: false })).toMatchObject({ fabricanteRead: false, qppv: true });
  });

  it('refuses a save with an unanswered question, and a QPPV save without the read flag', () => {
    expect(draftIssues('RLF', drafts(0))).toHaveLength(10);
    expect(draftIssues('RLF', drafts(2))).toEqual([]);
    expect(draftIssues('QPPV', drafts(2))[0]?.message).toBe(MSG.imputability.readRequired);
    expect(draftIssues('QPPV', markAllRead('QPPV', drafts(2)))).toEqual([]);
    expect(draftIssues('Fabricante', drafts(0))).toEqual([]);
  });

  it('asks the QPPV for a comment on a reviewed question', () => {
    const reviewed = drafts(2).map((draft, index) => ({ ...draft, LeidoQPPV: true, RevisadoQPPV: index === 0 }));
    expect(draftIssues('QPPV', reviewed)).toEqual([{ question: 'r1', message: MSG.imputability.reviewCommentRequired }]);
  });

  it('marks every question read with the role’s own flag', () => {
    expect(markAllRead('Fabricante', drafts(2)).every((draft) => draft.LeidoFabricante && !draft.LeidoQPPV)).toBe(true);
    expect(markAllRead('QPPV', drafts(2)).every((draft) => draft.LeidoQPPV && !draft.LeidoFabricante)).toBe(true);
  });
});
