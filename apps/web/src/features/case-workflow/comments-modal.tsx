import { erStatusName, MSG, type ErComment } from '@atalaya/domain';
import { Badge, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { DateText } from '../../shared/display';
import { ListModal } from '../../shared/list';
import { caseCommentsQuery, type CaseRef } from '../cases';
import { commentActionLabel } from './action-labels';

/** The case a row-action dialog is about. */
export interface CommentsModalProps {
  /** null while closed. */
  event: CaseRef | null;
  onClose(): void;
}

function StatusChange({ comment }: { comment: ErComment }) {
  if (comment.EstadoAnterior === null && comment.EstadoNuevo === null) return null;
  return (
    <Group gap={4} wrap="wrap">
      <Badge variant="light" color="gray" radius="sm" style={{ textTransform: 'none' }}>
        {comment.EstadoAnterior === null ? '---' : erStatusName(comment.EstadoAnterior)}
      </Badge>
      <IconArrowRight size={14} aria-label="pasó a" />
      <Badge variant="light" color="teal" radius="sm" style={{ textTransform: 'none' }}>
        {comment.EstadoNuevo === null ? '---' : erStatusName(comment.EstadoNuevo)}
      </Badge>
    </Group>
  );
}

/** The workflow comments of a case, titled with its reference (event spec §2.6). */
export function CommentsModal({ event, onClose }: CommentsModalProps) {
  const comments = useQuery({ ...caseCommentsQuery(event?.Meta ?? ''), enabled: event !== null });
  return (
    <ListModal opened={event !== null} onClose={onClose} title={`Comentarios · ${event?.NumeroReferencia ?? ''}`}>
      {comments.isPending && event ? (
        <Center py="xl" role="status" aria-label="Cargando comentarios">
          <Loader color="teal" type="dots" aria-hidden />
        </Center>
      ) : null}
      {comments.isError ? <Text c="dimmed">No se pudieron cargar los comentarios.</Text> : null}
      {comments.data?.length === 0 ? <Text c="dimmed">{MSG.lists.empty('comentarios')}</Text> : null}
      {comments.data && comments.data.length > 0 ? (
        <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Comentarios">
          {comments.data.map((comment) => (
            <Paper key={comment.Id} component="li" withBorder radius="md" p="sm">
              <Stack gap={6}>
                <Group justify="space-between" gap="xs">
                  <Text fw={600} size="sm">
                    {comment.UserFullName}
                  </Text>
                  <Text size="xs" c="dimmed">
                    <DateText value={comment.Date} withTime />
                  </Text>
                </Group>
                <Group gap="xs">
                  <Text size="sm" c="dimmed">
                    {commentActionLabel(comment.Accion)}
                  </Text>
                  <StatusChange comment={comment} />
                </Group>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {comment.Comentario || '---'}
                </Text>
              </Stack>
            </Paper>
          ))}
        </Stack>
      ) : null}
    </ListModal>
  );
}
