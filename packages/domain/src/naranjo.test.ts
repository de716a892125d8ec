import { describe, expect, it } from 'vitest';
import type { NaranjoAnswers, NaranjoQuestionKey, NaranjoQuestionReview } from './naranjo.js';
import {
  canChangeAnswer,
  evaluationIssues,
  isEvaluationComplete,
  NARANJO_ANSWER,
  NARANJO_QUESTION_KEYS,
  NARANJO_QUESTIONS,
  naranjoResult,
  naranjoScore,
  naranjoTotal,
} from './naranjo.js';

const { NO, SI, NO_SABE, SELECCIONE } = NARANJO_ANSWER;
const all = (answer: number): NaranjoAnswers => Object.fromEntries(NARANJO_QUESTION_KEYS.map((key) => [key, answer]));

describe('Naranjo scores', () => {
  it('has ten questions in Spanish', () => {
    expect(Object.keys(NARANJO_QUESTIONS)).toEqual(['r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7', 'r8', 'r9', 'r10']);
    expect(NARANJO_QUESTIONS.r2).toMatch(/^¿.*\?$/);
  });

  it('scores NO and SI per the spec table, No sabe and Seleccione 0', () => {
    const no = NARANJO_QUESTION_KEYS.map((key) => naranjoScore(key, NO));
    const si = NARANJO_QUESTION_KEYS.map((key) => naranjoScore(key, SI));
    expect(no).toEqual([0, -1, 0, -1, 2, 1, 0, 0, 0, 0]);
    expect(si).toEqual([1, 2, 1, 2, -1, -1, 1, 1, 1, 1]);
    expect(naranjoScore('r2', NO_SABE)).toBe(0);
    expect(naranjoScore('r2', SELECCIONE)).toBe(0);
  });

  it('adds the scores', () => {
    expect(naranjoTotal(all(SI))).toBe(8);
    expect(naranjoTotal(all(NO))).toBe(1);
    expect(naranjoTotal(all(NO_SABE))).toBe(0);
    expect(naranjoTotal({})).toBe(0);
    // Maximum: SI everywhere but NO on the two reversed questions (5, 6).
    expect(naranjoTotal({ ...all(SI), r5: NO, r6: NO })).toBe(13);
  });

  it.each([
    [13, 'Segura'],
    [9, 'Segura'],
    [8, 'Probable'],
    [5, 'Probable'],
    [4, 'Posible'],
    [1, 'Posible'],
    [0, 'Improbable'],
    [-4, 'Improbable'],
  ])('total %i is %s', (total, result) => {
    expect(naranjoResult(total)).toBe(result);
  });
});

describe('evaluation completeness and review rules', () => {
  it('is complete only when all ten questions have NO, SI or No sabe', () => {
    expect(isEvaluationComplete(all(NO_SABE))).toBe(true);
    expect(isEvaluationComplete({ ...all(SI), r10: SELECCIONE })).toBe(false);
    expect(isEvaluationComplete({ ...all(SI), r4: null })).toBe(false);
  });

  const reviews = (review: Partial<NaranjoQuestionReview>) =>
    Object.fromEntries(
      NARANJO_QUESTION_KEYS.map((key) => [key, { answer: SI, readByQppv: true, reviewedByQppv: false, ...review }]),
    ) as Record<NaranjoQuestionKey, NaranjoQuestionReview>;

  it('asks every role but Fabricante to answer every question', () => {
    const questions = { ...reviews({}), r3: { answer: SELECCIONE, readByQppv: true, reviewedByQppv: false } };
    expect(evaluationIssues('RLF', questions)).toEqual([{ question: 'r3', message: 'Debe seleccionar una opción' }]);
    expect(evaluationIssues('Fabricante', questions)).toEqual([]);
  });

  it('asks the QPPV for a comment on reviewed questions and the read flag on the others', () => {
    expect(evaluationIssues('QPPV', reviews({}))).toEqual([]);
    expect(evaluationIssues('QPPV', reviews({ reviewedByQppv: true, qppvComment: ' ' }))[0]).toEqual({
      question: 'r1',
      message: 'Comentario requerido',
    });
    expect(evaluationIssues('QPPV', reviews({ readByQppv: false }))).toHaveLength(10);
    expect(evaluationIssues('RLF', reviews({ readByQppv: false }))).toEqual([]);
  });

  it('stops an RLF from changing answers the QPPV read or reviewed', () => {
    expect(canChangeAnswer('RLF', { readByQppv: true, reviewedByQppv: false })).toBe(false);
    expect(canChangeAnswer('RLF', { readByQppv: false, reviewedByQppv: true })).toBe(false);
    expect(canChangeAnswer('RLF', { readByQppv: false, reviewedByQppv: false })).toBe(true);
    expect(canChangeAnswer('QPPV', { readByQppv: true, reviewedByQppv: true })).toBe(true);
  });
});
