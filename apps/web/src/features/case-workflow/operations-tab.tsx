import type { HistoryEntry } from '@atalaya/domain';
import { ActionIcon, Group, Modal, Paper, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DateText, OrDash, YesNo } from '../../shared/display';
import { FramedTable, PagedTable, usePhone, type ListColumn } from '../../shared/list';
import { historyQuery } from '../cases';
import { operationTypeLabel } from './operation-type';

const COLUMNS: readonly ListColumn<HistoryEntry>[] = [
  { key: 'date', header: 'Fecha', cell: (row) => <DateText value={row.Date} withTime />, nowrap: true },
  { key: 'user', header: 'Usuario', cell: (row) => row.User },
  { key: 'type', header: 'Operación', cell: (row) => operationTypeLabel(row.OperationType) },
  { key: 'description', header: 'Descripción', cell: (row) => row.Description },
  { key: 'comment', header: 'Comentario', cell: (row) => <OrDash value={row.Comentario} /> },
];

/** Operaciones (event spec §2.3, §3): the case's history, newest first, with each entry's lines in a modal. */
export function OperationsTab({ meta }: { meta: string }) {
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<HistoryEntry | null>(null);
  const phone = usePhone();
  const history = useQuery({ ...historyQuery(meta, page), placeholderData: keepPreviousData });

  return (
    <>
      <PagedTable
        label="Historial de operaciones"
        things="operaciones"
        result={history.data}
        columns={COLUMNS}
        rowKey={(row) => String(row.Id)}
        loading={history.isLoading}
        fetching={history.isFetching}
        failed={history.isError}
        onRetry={() => void history.refetch()}
        onPageRequest={(request) => setPage(request.pageNumber)}
        renderCard={(row, actions) => (
          <Paper withBorder radius="md" p="sm" component="article" aria-label={`Operación: ${row.Description}`}>
            <Stack gap={4}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {row.Description}
                </Text>
                {actions}
              </Group>
              <Text size="xs" c="dimmed">
                {operationTypeLabel(row.OperationType)} · {row.User} · <DateText value={row.Date} withTime />
              </Text>
              {row.Comentario ? (
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {row.Comentario}
                </Text>
              ) : null}
            </Stack>
          </Paper>
        )}
        rowActions={(row) => (
          <Tooltip label="Ver detalle">
            <ActionIcon variant="subtle" aria-label={`Ver detalle: ${row.Description}`} onClick={() => setOpen(row)}>
              <IconEye size={18} />
            </ActionIcon>
          </Tooltip>
        )}
      />
      <Modal opened={open !== null} onClose={() => setOpen(null)} title={open ? `${operationTypeLabel(open.OperationType)}: ${open.Description}` : ''} size="xl" fullScreen={phone}>
        {open && (
          <>
            <Text size="sm" c="dimmed" mb="sm">
              {open.User} · <DateText value={open.Date} withTime />
            </Text>
            {open.Lines.length === 0 ? (
              <Text size="sm">La operación no tiene detalle de campos.</Text>
            ) : (
              <FramedTable label="Detalle de la operación" minWidth={560} headers={['Descripción', 'Valor anterior', 'Valor nuevo', 'Archivo', 'Comentario']}>
                {open.Lines.map((line, index) => (
                  <Table.Tr key={index}>
                    <Table.Td>{line.Description}</Table.Td>
                    <Table.Td><OrDash value={line.OldValue} /></Table.Td>
                    <Table.Td><OrDash value={line.NewValue} /></Table.Td>
                    <Table.Td><YesNo value={line.IsFile} /></Table.Td>
                    <Table.Td><OrDash value={line.Comentario} /></Table.Td>
                  </Table.Tr>
                ))}
              </FramedTable>
            )}
          </>
        )}
      </Modal>
    </>
  );
}
