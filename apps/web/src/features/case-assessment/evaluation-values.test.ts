import { MSG, NARANJO_QUESTION_KEYS, NARANJO_QUESTIONS, setEvaluationBodySchema, type Evaluation, type Role } from '@atalaya/domain';
import { describe, expect, it } from 'vitest';
import { fieldMessages } from '../../shared/form';
import {
  EVALUATION_BLOCKED,
  evaluationBody,
  evaluationFieldOf,
  evaluationRequest,
  evaluationSchemaFor,
  evaluationValuesOf,
  naranjoSummary,
  type EvaluationValues,
} from './evaluation-values';

const stored = (respuesta: number): Evaluation => ({
  Questions: NARANJO_QUESTION_KEYS.map((Key) => ({
    Key,
    Pregunta: NARANJO_QUESTIONS[Key],
    Respuesta: respuesta,
    Puntaje: 0,
    LeidoFabricante: false,
    LeidoQPPV: false,
    RevisadoQPPV: false,
    ComentarioQPPV: null,
  })),
  Total: 0,
  Estado: null,
  Completa: false,
  ComentarioQPPV: null,
  CanEdit: true,
  Modificado: null,
});

/** The messages the form shows, by field, for a role's save. */
const messages = (role: Role, values: EvaluationValues) => {
  const result = evaluationSchemaFor(role).safeParse(evaluationBody(values, 'meta-1'));
  return result.success ? {} : fieldMessages(result.error.issues, evaluationFieldOf);
};

const withQuestions = (values: EvaluationValues, patch: (index: number) => Partial<EvaluationValues['questions'][number]>): EvaluationValues => ({
  ...values,
  questions: values.questions.map((question, index) => ({ ...question, ...patch(index) })),
});

describe('the Naranjo evaluation form', () => {
  it('opens with the stored answers and sends them back as they were', () => {
    const evaluation = stored(2);
    const first = evaluation.Questions[0];
    if (first) evaluation.Questions[0] = { ...first, LeidoQPPV: true, ComentarioQPPV: 'Visto' };
    const values = evaluationValuesOf({ ...evaluation, ComentarioQPPV: 'General' });
    expect(values.comment).toBe('General');
    expect(values.questions[0]).toEqual({ Key: 'r1', Respuesta: 2, LeidoFabricante: false, LeidoQPPV: true, RevisadoQPPV: false, ComentarioQPPV: 'Visto' });
    expect(values.questions[1]?.ComentarioQPPV).toBe('');

    const request = evaluationRequest(values);
    expect(request.comment).toBe('General');
    expect(request.answers).toHaveLength(10);
    expect(request.answers[0]).toEqual({ Key: 'r1', Respuesta: 2, LeidoFabricante: false, LeidoQPPV: true, RevisadoQPPV: false, ComentarioQPPV: 'Visto' });
    expect(request.answers[1]?.ComentarioQPPV).toBeNull();
    expect(evaluationBody(values, 'meta-1')).toEqual({ er: 'meta-1', encuesta: request.answers, comentario: 'General' });
    expect(setEvaluationBodySchema.safeParse(evaluationBody(values, 'meta-1')).success).toBe(true);
  });

  it('sends a blank general comment as null and trims it', () => {
    const values = evaluationValuesOf(stored(2));
    expect(evaluationRequest({ ...values, comment: '   ' }).comment).toBeNull();
    expect(evaluationRequest({ ...values, comment: '  Revisado  ' }).comment).toBe('Revisado');
  });

  it('shows the live total and result while answering', () => {
    expect(naranjoSummary(evaluationValuesOf(stored(0)).questions)).toEqual({ total: 0, result: 'Evaluación incompleta' });
    // All SI: 1 + 2 + 1 + 2 - 1 - 1 + 1 + 1 + 1 + 1 = 8.
    expect(naranjoSummary(evaluationValuesOf(stored(2)).questions)).toEqual({ total: 8, result: 'Probable' });
    // All NO: -1 - 1 + 2 + 1 = 1.
    expect(naranjoSummary(evaluationValuesOf(stored(1)).questions)).toEqual({ total: 1, result: 'Posible' });
    const partly = withQuestions(evaluationValuesOf(stored(2)), (index) => (index === 9 ? { Respuesta: 0 } : {}));
    expect(naranjoSummary(partly.questions)).toEqual({ total: 7, result: 'Evaluación incompleta' });
  });

  it('refuses an unanswered question on its answer, for the RLF and the QPPV, but not for the Fabricante', () => {
    const unanswered = evaluationValuesOf(stored(0));
    const rlf = messages('RLF', unanswered);
    expect(Object.keys(rlf)).toHaveLength(10);
    expect(rlf['questions.0.Respuesta']).toBe(MSG.imputability.answerRequired);
    expect(rlf['questions.0.Respuesta']).toBe('Debe seleccionar una opción');
    expect(messages('QPPV', unanswered)['questions.9.Respuesta']).toBe('Debe seleccionar una opción');
    expect(messages('Fabricante', unanswered)).toEqual({});
    expect(messages('RLF', evaluationValuesOf(stored(2)))).toEqual({});
  });

  it('asks the QPPV to read every question and to comment a reviewed one', () => {
    const answered = evaluationValuesOf(stored(2));
    expect(messages('QPPV', answered)['questions.0.Respuesta']).toBe('Debe marcar la pregunta como leída');
    const read = withQuestions(answered, () => ({ LeidoQPPV: true }));
    expect(messages('QPPV', read)).toEqual({});
    const reviewed = withQuestions(read, (index) => (index === 2 ? { RevisadoQPPV: true, ComentarioQPPV: '  ' } : {}));
    expect(messages('QPPV', reviewed)).toEqual({ 'questions.2.Respuesta': 'Comentario requerido' });
    expect(messages('QPPV', withQuestions(reviewed, (index) => (index === 2 ? { ComentarioQPPV: 'Dudoso' } : {})))).toEqual({});
  });

  it('says why the save is stopped', () => {
    expect(EVALUATION_BLOCKED).toEqual({ title: 'La evaluación no puede guardarse', message: 'Revise las preguntas marcadas.' });
  });
});
