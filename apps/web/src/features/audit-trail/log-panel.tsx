import { AUDIT_PANEL_TITLES, type AuditRow } from '@atalaya/domain';
import { Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DateText } from '../../shared/display';
import { type ListColumn, PagedTable } from '../../shared/list';
import { auditLogQuery, type LogPanel } from './api';
import { listBody } from './audit-logic';

import { EyeButton, Field, OperationBadge } from './audit-parts';
import { LogDetail } from './audit-details';
import { PanelFilters, usePanelState } from './panel-filters';

/** A panel read from audit_log (Usuarios, Configuración, Parametros). */
export function LogPanelView({ panel }: { panel: LogPanel }) {
  const state = usePanelState();
  const results = useQuery(auditLogQuery(panel, listBody(panel, state.listed.filters, state.listed.page)));
  const [open, setOpen] = useState<number | null>(null);
  const columns: ListColumn<AuditRow>[] = [
    { key: 'date', header: 'Fecha', cell: (row) => <DateText value={row.DateUTC} withTime />, nowrap: true },
    ...(panel === 'Parametros' ? [{ key: 'table', header: 'Tabla', cell: (row: AuditRow) => row.Tabla ?? '---' }] : []),
    { key: 'user', header: 'Usuario', cell: (row) => row.User ?? 'Sistema' },
    { key: 'operation', header: 'Operación', cell: (row) => <OperationBadge type={row.OperationType} /> },
    { key: 'description', header: 'Descripción', cell: (row) => row.Description },
  ];
  return (
    <Stack gap="md">
      <PanelFilters panel={panel} value={state.draft} onChange={state.setDraft} onSearch={() => state.search(results.refetch)} searching={results.isFetching} />
      <PagedTable<AuditRow>
        label={`Auditoría de ${AUDIT_PANEL_TITLES[panel]}`}
        things="registros de auditoría"
        result={results.data}
        columns={columns}
        rowKey={(row) => String(row.Id)}
        loading={results.isPending}
        fetching={results.isFetching && !results.isPending}
        failed={results.isError}
        onRetry={() => void results.refetch()}
        onPageRequest={state.goToPage}
        rowActions={(row) => <EyeButton label={`Ver detalle de ${row.Description}`} onClick={() => setOpen(row.Id)} />}
        renderCard={(row, actions) => (
          <Paper withBorder radius="md" p="sm" component="article" aria-label={`Registro ${row.Description}`}>
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {row.Description}
                </Text>
                <OperationBadge type={row.OperationType} />
              </Group>
              {row.Tabla ? <Field label="Tabla">{row.Tabla}</Field> : null}
              <Field label="Usuario">{row.User ?? 'Sistema'}</Field>
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
        {open !== null ? <LogDetail panel={panel} id={open} /> : null}
      </Modal>
    </Stack>
  );
}
