import { MAX_NOTE_LENGTH, NARANJO_ANSWERS, naranjoAnswerText, naranjoScore, type Evaluation, type Role } from '@atalaya/domain';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { DateText } from '../../shared/display';
import { showNotice } from '../../shared/notices';
import { CheckboxField, IdSelectField, schemaResolver, TextAreaField } from '../../shared/form';
import { useSaveEvaluation } from '../cases';
import { editableControls, markAllRead } from './evaluation-model';
import { EVALUATION_BLOCKED, evaluationAnswersOf, evaluationBody, evaluationFieldOf, evaluationRequest, evaluationSchemaFor, evaluationValuesOf, naranjoSummary, type EvaluationValues } from './evaluation-values';

const ANSWER_OPTIONS = NARANJO_ANSWERS.map((answer) => ({ value: String(answer.Id), label: naranjoAnswerText(answer.Id) }));

/**
 * Imputabilidad, editable (event spec §3, §5): the ten Naranjo answers with their live scores,
 * total and result; the Fabricante's read flag; the QPPV's read and reviewed flags and comments.
 * The save rules are checked here for comfort (the resolver, shown once a save was tried) and
 * again by the server (setImputEvaluation).
 */
export function EvaluationForm({ meta, evaluation, role }: { meta: string; evaluation: Evaluation; role: Role }) {
  const saveEvaluation = useSaveEvaluation(meta);
  const [resolver] = useState(() =>
    schemaResolver<EvaluationValues>(evaluationSchemaFor(role), (values) => evaluationBody(values, meta), evaluationFieldOf),
  );
  const form = useForm<EvaluationValues>({ defaultValues: evaluationValuesOf(evaluation), resolver });
  const { control, handleSubmit, formState, getValues, setValue, trigger } = form;
  const questions = useWatch({ control, name: 'questions' });
  const { total, result } = naranjoSummary(questions);
  const busy = formState.isSubmitting;
  const tried = formState.isSubmitted;
  const blocked = tried && Object.keys(formState.errors).length > 0;

  // Once a save was tried, every change re-checks every question (a flag clears its answer's message).
  useEffect(() => {
    if (tried) void trigger();
  }, [questions, tried, trigger]);

  const markRead = () => {
    const marked = markAllRead(role, evaluationAnswersOf(getValues('questions')));
    marked.forEach((question, index) => {
      setValue(`questions.${index}.LeidoFabricante`, question.LeidoFabricante, { shouldDirty: true });
      setValue(`questions.${index}.LeidoQPPV`, question.LeidoQPPV, { shouldDirty: true });
    });
  };

  const submit = handleSubmit(async (values) => {
    await saveEvaluation.mutateAsync(evaluationRequest(values));
    showNotice({ kind: 'success', title: 'Evaluación guardada', message: '' });
  });

  return (
    <form onSubmit={(formEvent) => void submit(formEvent)} noValidate>
      <Stack gap="sm">
        <Group gap="xl">
          <Text fw={600}>
            Total: <span data-testid="evaluation-total">{total}</span>
          </Text>
          <Text fw={600}>
            Resultado: <span data-testid="evaluation-result">{result}</span>
          </Text>
          {(role === 'Fabricante' || role === 'QPPV') && (
            <Button variant="light" onClick={markRead} disabled={busy}>
              Marcar todas como leídas
            </Button>
          )}
        </Group>
        {evaluation.Questions.map((stored, index) => {
          const draft = questions[index];
          if (!draft) return null;
          const n = index + 1;
          const can = editableControls(role, stored);
          return (
            <Paper key={stored.Key} withBorder radius="md" p="sm">
              <Group align="flex-end" wrap="wrap" gap="md">
                <IdSelectField
                  native
                  control={control}
                  name={`questions.${index}.Respuesta`}
                  style={{ flex: '1 1 420px' }}
                  label={`Pregunta ${n}: ${stored.Pregunta}`}
                  disabled={!can.answer}
                  data={ANSWER_OPTIONS}
                />
                <Text size="sm" aria-label={`Puntaje (pregunta ${n})`}>
                  Puntaje: {naranjoScore(stored.Key, draft.Respuesta)}
                </Text>
                <CheckboxField control={control} name={`questions.${index}.LeidoFabricante`} label={`Leído fabricante (pregunta ${n})`} disabled={!can.fabricanteRead} />
                <CheckboxField control={control} name={`questions.${index}.LeidoQPPV`} label={`Leído QPPV (pregunta ${n})`} disabled={!can.qppv} />
                <CheckboxField control={control} name={`questions.${index}.RevisadoQPPV`} label={`Revisado QPPV (pregunta ${n})`} disabled={!can.qppv} />
              </Group>
              {(can.qppv || draft.ComentarioQPPV !== '') && (
                <TextAreaField plain control={control} name={`questions.${index}.ComentarioQPPV`} label={`Comentario QPPV (pregunta ${n})`} max={MAX_NOTE_LENGTH} disabled={!can.qppv} minRows={1} mt="xs" />
              )}
            </Paper>
          );
        })}
        {role === 'QPPV' && <TextAreaField plain control={control} name="comment" label="Comentario general del QPPV" max={MAX_NOTE_LENGTH} minRows={2} />}
        {blocked && (
          <Alert color="yellow" variant="light" role="alert" title={EVALUATION_BLOCKED.title}>
            {EVALUATION_BLOCKED.message}
          </Alert>
        )}
        <Group justify="space-between">
          {evaluation.Modificado ? (
            <Text size="sm" c="dimmed">
              Modificado por {evaluation.Modificado.Usuario} el <DateText value={evaluation.Modificado.Fecha} withTime />
            </Text>
          ) : (
            <span />
          )}
          <Button type="submit" loading={busy}>
            Guardar evaluación
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
