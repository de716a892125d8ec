import { eventViewPath, MSG } from '@atalaya/domain';
import { Anchor, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DateText } from '../../shared/display';
import { ListError, ListModal } from '../../shared/list';
import { caseFollowUpsQuery, type CaseRef } from '../cases';

export interface FollowUpsModalProps {
  /** null while closed. */
  event: CaseRef | null;
  onClose(): void;
}

/** The follow-up reports of a case (event spec §2.6), with a link to the case's follow-up step. */
export function FollowUpsModal({ event, onClose }: FollowUpsModalProps) {
  const followUps = useQuery({ ...caseFollowUpsQuery(event?.Meta ?? ''), enabled: event !== null });
  return (
    <ListModal opened={event !== null} onClose={onClose} title={`Reportes de seguimiento · ${event?.NumeroReferencia ?? ''}`}>
      <Stack gap="sm">
        {followUps.isPending && event ? (
          <Center py="xl" role="status" aria-label="Cargando reportes de seguimiento">
            <Loader color="teal" type="dots" aria-hidden />
          </Center>
        ) : null}
        {followUps.isError ? <ListError message="No se pudieron cargar los reportes de seguimiento." onRetry={() => void followUps.refetch()} /> : null}
        {followUps.data?.length === 0 ? <Text c="dimmed">{MSG.lists.empty('reportes de seguimiento')}</Text> : null}
        {followUps.data && followUps.data.length > 0 ? (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Reportes de seguimiento">
            {followUps.data.map((item) => (
              <Paper key={item.Id} component="li" withBorder radius="md" p="sm">
                <Group justify="space-between" gap="xs">
                  <Stack gap={0}>
                    <Text fw={600} size="sm">
                      {item.NumeroReferencia}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {item.UserFullName} · <DateText value={item.Date} withTime />
                    </Text>
                  </Stack>
                  {item.FileName ? (
                    <Group gap={4} wrap="nowrap">
                      <IconFileText size={16} aria-hidden />
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {item.FileName}
                      </Text>
                    </Group>
                  ) : null}
                </Group>
              </Paper>
            ))}
          </Stack>
        ) : null}
        {event ? (
          <Anchor component={Link} to={eventViewPath(event.Meta, 'followup')} size="sm" onClick={onClose}>
            Ver los seguimientos en el evento
          </Anchor>
        ) : null}
      </Stack>
    </ListModal>
  );
}
