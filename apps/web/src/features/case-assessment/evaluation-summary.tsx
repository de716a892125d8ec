import { naranjoAnswerText } from '@atalaya/domain';
import { Group, Loader, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DateText, OrDash, YesNo } from '../../shared/display';
import { FramedTable } from '../../shared/list';
import { useSession } from '../../shared/session';
import { evaluationQuery } from '../cases';
import { EvaluationForm } from './evaluation-form';

/**
 * Imputabilidad: the form when the server says this user may change the evaluation now
 * (`CanEdit`), otherwise the ten answers with their scores, flags, total and result.
 */
export function EvaluationSummary({ meta }: { meta: string }) {
  const evaluation = useQuery(evaluationQuery(meta));
  const role = useSession().user?.Rol;
  if (evaluation.isLoading) return <Loader size="sm" role="status" aria-label="Cargando evaluación" />;
  if (!evaluation.data) return null;
  const data = evaluation.data;
  if (data.CanEdit && role) return <EvaluationForm key={data.Modificado?.Fecha ?? 'new'} meta={meta} evaluation={data} role={role} />;
  return (
    <>
      <Group gap="xl" mb="sm">
        <Text fw={600}>
          Total: <span data-testid="evaluation-total">{data.Total}</span>
        </Text>
        <Text fw={600}>
          Resultado: <span data-testid="evaluation-result">{data.Completa ? data.Estado : 'Evaluación incompleta'}</span>
        </Text>
      </Group>
      {/* A wide read-only table scrolls inside its own frame (focusable: it holds no link to reach it by keyboard); the page never widens on a phone. */}
      <FramedTable label="Evaluación de imputabilidad" minWidth={720} headers={['Pregunta', 'Respuesta', 'Puntaje', 'Leído fabricante', 'Leído QPPV', 'Revisado QPPV', 'Comentario QPPV']} focusable>
        {data.Questions.map((question, index) => (
          <Table.Tr key={question.Key}>
            <Table.Td>{`${index + 1}. ${question.Pregunta}`}</Table.Td>
            <Table.Td>{naranjoAnswerText(question.Respuesta)}</Table.Td>
            <Table.Td>{question.Puntaje}</Table.Td>
            <Table.Td><YesNo value={question.LeidoFabricante} /></Table.Td>
            <Table.Td><YesNo value={question.LeidoQPPV} /></Table.Td>
            <Table.Td><YesNo value={question.RevisadoQPPV} /></Table.Td>
            <Table.Td><OrDash value={question.ComentarioQPPV} /></Table.Td>
          </Table.Tr>
        ))}
      </FramedTable>
      {data.Modificado && (
        <Text size="sm" c="dimmed" mt="sm">
          Modificado por {data.Modificado.Usuario} el <DateText value={data.Modificado.Fecha} withTime />
        </Text>
      )}
    </>
  );
}
