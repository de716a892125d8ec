import { AUDIT_OPERATION_LABELS, type HistoryEntry } from '@atalaya/domain';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DateText } from '../../shared/display';
import { ListError } from '../../shared/list';
import { auditDetailQuery, type LogPanel } from './api';

import { CaseReference, ChangesTable, Field } from './audit-parts';

/** The detail of a case history entry (its lines are in the list's answer). */
export function EventDetail({ entry, linked }: { entry: HistoryEntry; linked: boolean }) {
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        <Field label="Evento">
          <CaseReference entry={entry} linked={linked} />
        </Field>
        <Field label="Fecha">
          <DateText value={entry.DateUTC} withTime />
        </Field>
        <Field label="Usuario">{entry.User}</Field>
        <Field label="Operación">{AUDIT_OPERATION_LABELS[entry.OperationType]}</Field>
      </SimpleGrid>
      <Field label="Descripción">{entry.Description}</Field>
      <Field label="Comentario">{entry.Comentario ?? '---'}</Field>
      <ChangesTable rows={entry.Lines.map((line) => ({ field: line.Description, oldValue: line.OldValue, newValue: line.NewValue }))} />
    </Stack>
  );
}

/** The detail of an audit_log row (its call). */
export function LogDetail({ panel, id }: { panel: LogPanel; id: number }) {
  const detail = useQuery(auditDetailQuery(panel, id));
  if (detail.isPending) return <Text c="dimmed">Cargando…</Text>;
  if (detail.isError) return <ListError message="No se pudo cargar el detalle." onRetry={() => void detail.refetch()} />;
  const row = detail.data;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        <Field label="Fecha">
          <DateText value={row.DateUTC} withTime />
        </Field>
        <Field label="Fecha UTC">{row.DateUTC}</Field>
        <Field label="Usuario">{row.User ?? 'Sistema'}</Field>
        <Field label="Correo">{row.Email ?? '---'}</Field>
        <Field label="Operación">{AUDIT_OPERATION_LABELS[row.OperationType]}</Field>
        <Field label="Registro">{row.ReferenceNumber ?? row.PKId ?? '---'}</Field>
        {row.Tabla ? <Field label="Tabla">{row.Tabla}</Field> : null}
        <Field label="Dirección IP">{row.DireccionIP ?? '---'}</Field>
      </SimpleGrid>
      <Field label="Descripción">{row.Description}</Field>
      <ChangesTable rows={row.Cambios.map((change) => ({ field: change.Campo, oldValue: change.ValorAnterior, newValue: change.ValorNuevo }))} />
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        Posición en la cadena: {row.PosicionCadena ?? '---'} · SHA-256: {row.Hash ?? '---'}
      </Text>
    </Stack>
  );
}
