import {
  isEvaluationComplete,
  NARANJO_ANSWERS,
  naranjoResult,
  naranjoScore,
  naranjoTotal,
  type Evaluation,
  type Role,
} from '@atalaya/domain';
import { Alert, Button, Checkbox, Group, NativeSelect, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { DateText } from '../../shared/display';
import { showNotice } from '../../shared/notices';
import { useSaveEvaluation } from '../cases';
import { draftIssues, editableControls, markAllRead, type QuestionDraft } from './evaluation-model';

/**
 * Imputabilidad, editable (event spec §3, §5): the ten Naranjo answers with their live scores,
 * total and result; the Fabricante's read flag; the QPPV's read and reviewed flags and comments.
 * The save rules are checked here for comfort and again by the server (setImputEvaluation).
 */
export function EvaluationForm({ meta, evaluation, role }: { meta: string; evaluation: Evaluation; role: Role }) {
  const saveEvaluation = useSaveEvaluation(meta);
  const [drafts, setDrafts] = useState<QuestionDraft[]>(() =>
    evaluation.Questions.map(({ Key, Respuesta, LeidoFabricante, LeidoQPPV, RevisadoQPPV, ComentarioQPPV }) => ({
      Key, Respuesta, LeidoFabricante, LeidoQPPV, RevisadoQPPV, ComentarioQPPV,
    })),
  );
  const [comment, setComment] = useState(evaluation.ComentarioQPPV ?? '');
  const [showIssues, setShowIssues] = useState(false);
  const [saving, setSaving] = useState(false);

  const answers = Object.fromEntries(drafts.map((draft) => [draft.Key, draft.Respuesta]));
  const total = naranjoTotal(answers);
  const complete = isEvaluationComplete(answers);
  const issues = draftIssues(role, drafts);
  const issueOf = (key: string) => (showIssues ? issues.find((issue) => issue.question === key)?.message : undefined);
  const change = (index: number, patch: Partial<QuestionDraft>) =>
    setDrafts((current) => current.map((draft, at) => (at === index ? { ...draft, ...patch } : draft)));

  const save = async () => {
    setShowIssues(true);
    if (issues.length > 0) return;
    setSaving(true);
    try {
      await saveEvaluation.mutateAsync({ answers: drafts, comment: comment.trim() || null });
      showNotice({ kind: 'success', title: 'Evaluación guardada', message: '' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="sm">
      <Group gap="xl">
        <Text fw={600}>
          Total: <span data-testid="evaluation-total">{total}</span>
        </Text>
        <Text fw={600}>
          Resultado: <span data-testid="evaluation-result">{complete ? naranjoResult(total) : 'Evaluación incompleta'}</span>
        </Text>
        {(role === 'Fabricante' || role === 'QPPV') && (
          <Button variant="light" onClick={() => setDrafts((current) => markAllRead(role, current))}>
            Marcar todas como leídas
          </Button>
        )}
      </Group>
      {evaluation.Questions.map((stored, index) => {
        const draft = drafts[index];
        if (!draft) return null;
        const n = index + 1;
        const can = editableControls(role, stored);
        return (
          <Paper key={stored.Key} withBorder radius="md" p="sm">
            <Group align="flex-end" wrap="wrap" gap="md">
              <NativeSelect
                style={{ flex: '1 1 420px' }}
                label={`Pregunta ${n}: ${stored.Pregunta}`}
                value={String(draft.Respuesta)}
                disabled={!can.answer}
                error={issueOf(stored.Key)}
                data={NARANJO_ANSWERS.map((answer) => ({ value: String(answer.Id), label: answer.Nombre }))}
                onChange={(event) => change(index, { Respuesta: Number(event.currentTarget.value) })}
              />
              <Text size="sm" aria-label={`Puntaje (pregunta ${n})`}>
                Puntaje: {naranjoScore(stored.Key, draft.Respuesta)}
              </Text>
              <Checkbox
                label={`Leído fabricante (pregunta ${n})`}
                checked={draft.LeidoFabricante}
                disabled={!can.fabricanteRead}
                onChange={(event) => change(index, { LeidoFabricante: event.currentTarget.checked })}
              />
              <Checkbox
                label={`Leído QPPV (pregunta ${n})`}
                checked={draft.LeidoQPPV}
                disabled={!can.qppv}
                onChange={(event) => change(index, { LeidoQPPV: event.currentTarget.checked })}
              />
              <Checkbox
                label={`Revisado QPPV (pregunta ${n})`}
                checked={draft.RevisadoQPPV}
                disabled={!can.qppv}
                onChange={(event) => change(index, { RevisadoQPPV: event.currentTarget.checked })}
              />
            </Group>
            {(can.qppv || draft.ComentarioQPPV) && (
              <Textarea
                mt="xs"
                label={`Comentario QPPV (pregunta ${n})`}
                value={draft.ComentarioQPPV ?? ''}
                disabled={!can.qppv}
                maxLength={2000}
                autosize
                minRows={1}
                onChange={(event) => change(index, { ComentarioQPPV: event.currentTarget.value || null })}
              />
            )}
          </Paper>
        );
      })}
      {role === 'QPPV' && (
        <Textarea label="Comentario general del QPPV" value={comment} maxLength={2000} autosize minRows={2} onChange={(event) => setComment(event.currentTarget.value)} />
      )}
      {showIssues && issues.length > 0 && (
        <Alert color="yellow" variant="light" role="alert" title="La evaluación no puede guardarse">
          Revise las preguntas marcadas.
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
        <Button loading={saving} onClick={() => void save()}>
          Guardar evaluación
        </Button>
      </Group>
    </Stack>
  );
}
