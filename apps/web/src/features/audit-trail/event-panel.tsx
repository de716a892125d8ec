import { AUDIT_PANEL_TITLES, type HistoryEntry, type HistoryQueryBody } from '@atalaya/domain';
import { Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DateText } from '../../shared/display';
import { type ListColumn, PagedTable } from '../../shared/list';
import { eventHistoryQuery } from './api';
import { listBody } from './audit-logic';

import { CaseReference, EyeButton, Field, OperationBadge } from './audit-parts';
import { EventDetail } from './audit-details';
import { PanelFilters, usePanelState } from './panel-filters';

/** The Evento Reportable panel: the history of the cases in the user's reach. */
export function EventPanel({ linked }: { linked: boolean }) {
  const state = usePanelState();
  const results = useQuery(eventHistoryQuery(listBody('ER', state.listed.filters, state.listed.page) as HistoryQueryBody));
  const [open, setOpen] = useState<HistoryEntry | null>(null);
  const columns: ListColumn<HistoryEntry>[] = [
    { key: 'date', header: 'Fecha', cell: (row) => <DateText value={row.DateUTC} withTime />, nowrap: true },
    { key: 'reference', header: 'Evento', cell: (row) => <CaseReference entry={row} linked={linked} />, nowrap: true },
    { key: 'user', header: 'Usuario', cell: (row) => row.User },
    { key: 'operation', header: 'Operación', cell: (row) => <OperationBadge type={row.OperationType} /> },
    { key: 'description', header: 'Descripción', cell: (row) => row.Description },
  ];
  return (
    <Stack gap="md">
      <PanelFilters panel="ER" value={state.draft} onChange={state.setDraft} onSearch={() => state.search(results.refetch)} searching={results.isFetching} />
      <PagedTable<HistoryEntry>
        label={`Auditoría de ${AUDIT_PANEL_TITLES.ER}`}
        things="registros de auditoría"
        result={results.data}
        columns={columns}
        rowKey={(row) => String(row.Id)}
        loading={results.isPending}
        fetching={results.isFetching && !results.isPending}
        failed={results.isError}
        onRetry={() => void results.refetch()}
        onPageRequest={state.goToPage}
        rowActions={(row) => <EyeButton label={`Ver detalle de ${row.Description} (${row.NumeroReferencia ?? row.Meta})`} onClick={() => setOpen(row)} />}
        renderCard={(row, actions) => (
          <Paper withBorder radius="md" p="sm" component="article" aria-label={`Registro ${row.Description}`}>
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap">
                <CaseReference entry={row} linked={linked} />
                <OperationBadge type={row.OperationType} />
              </Group>
              <Text size="sm">{row.Description}</Text>
              <Field label="Usuario">{row.User}</Field>
              <Group justify="space-between">
                <Text size="sm" c="dimmed">
                  <DateText value={row.DateUTC} withTime />
                </Text>
                {actions}
              </Group>
            </Stack>
          </Paper>
        )}
      />
      <Modal opened={open !== null} onClose={() => setOpen(null)} title="Detalle de auditoría" size="lg">
        {open ? <EventDetail entry={open} linked={linked} /> : null}
      </Modal>
    </Stack>
  );
}
