import { eventViewPath, followUpApi, MSG } from '@atalaya/domain';
import { ActionIcon, Anchor, Button, Loader, Modal, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconDownload, IconEye } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { urlOf } from '../../shared/api';
import { DateText, OrDash } from '../../shared/display';
import { FramedTable } from '../../shared/list';
import { downloadCaseFile } from '../files';
import { caseFollowUpsQuery, followUpEventsQuery, followUpReportQuery } from '../cases';

/** Seguimiento (event spec §2.3, §7): the case's follow-up reports, each with its file and its detail (Seguimiento/{id}). */
export function FollowUpsTab({ meta }: { meta: string }) {
  const followUps = useQuery(caseFollowUpsQuery(meta));
  const [openId, setOpenId] = useState<number | null>(null);
  const detail = useQuery(followUpReportQuery(meta, openId));

  if (followUps.isLoading) return <Loader size="sm" role="status" aria-label="Cargando reportes de seguimiento" />;
  if (!followUps.data || followUps.data.length === 0) return <Text size="sm">{MSG.lists.empty('reportes de seguimiento')}</Text>;
  return (
    <>
      <FramedTable label="Reportes de seguimiento" minWidth={560} headers={['Referencia', 'Usuario', 'Fecha', 'Archivo', 'Detalle']}>
        {followUps.data.map((item) => (
          <Table.Tr key={item.Id}>
            <Table.Td>{item.NumeroReferencia}</Table.Td>
            <Table.Td>{item.UserFullName}</Table.Td>
            <Table.Td><DateText value={item.Date} withTime /></Table.Td>
            <Table.Td>
              {item.FileName ? (
                <Button
                  size="xs"
                  variant="subtle"
                  leftSection={<IconDownload size={16} />}
                  onClick={() => void downloadCaseFile(urlOf(followUpApi.downloadFollowUpById, { params: { id: item.Id } }), item.FileName ?? 'seguimiento')}
                >
                  {item.FileName}
                </Button>
              ) : (
                <OrDash value={null} />
              )}
            </Table.Td>
            <Table.Td>
              <Tooltip label="Ver detalle">
                <ActionIcon variant="subtle" aria-label={`Ver detalle: ${item.NumeroReferencia}`} onClick={() => setOpenId(item.Id)}>
                  <IconEye size={18} />
                </ActionIcon>
              </Tooltip>
            </Table.Td>
          </Table.Tr>
        ))}
      </FramedTable>
      <Modal opened={openId !== null} onClose={() => setOpenId(null)} title="Reporte de seguimiento">
        {detail.isLoading && <Loader size="sm" role="status" aria-label="Cargando reporte de seguimiento" />}
        {detail.data && (
          <Stack gap="xs">
            <Text fw={600}>{detail.data.NumeroReferencia}</Text>
            <Text size="sm">
              {detail.data.UserFullName} · <DateText value={detail.data.Date} withTime />
            </Text>
            <Text size="sm">
              Comentario: <OrDash value={detail.data.Comentario} />
            </Text>
            {detail.data.FollowUpMeta && (
              <Anchor component={Link} to={eventViewPath(detail.data.FollowUpMeta, 'details', 3)} size="sm">
                Ver el evento de seguimiento
              </Anchor>
            )}
          </Stack>
        )}
      </Modal>
    </>
  );
}

/** Eventos de Seguimiento: the follow-up events (EventType 3) of the case, by its reference. */
export function FollowUpEventsTab({ reference }: { reference: string }) {
  const events = useQuery(followUpEventsQuery(reference));
  if (events.isLoading) return <Loader size="sm" role="status" aria-label="Cargando eventos de seguimiento" />;
  if (!events.data || events.data.length === 0) return <Text size="sm">{MSG.lists.empty('eventos de seguimiento')}</Text>;
  return (
    // A wide read-only table scrolls inside its own frame: the page never widens on a phone.
    <FramedTable label="Eventos de seguimiento" minWidth={480} headers={['Evento', 'Estado', 'Creado por', 'Fecha']}>
      {events.data.map((event) => (
        <Table.Tr key={event.Meta}>
          <Table.Td>
            <Anchor component={Link} to={eventViewPath(event.Meta, 'details', 3)}>
              {event.NumeroReferencia}
            </Anchor>
          </Table.Td>
          <Table.Td>{event.StatusName}</Table.Td>
          <Table.Td>{event.UserFullName}</Table.Td>
          <Table.Td><DateText value={event.DateCreation} withTime /></Table.Td>
        </Table.Tr>
      ))}
    </FramedTable>
  );
}
