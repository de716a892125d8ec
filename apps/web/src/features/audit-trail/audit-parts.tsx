import { AUDIT_OPERATION_LABELS, eventViewPath, type HistoryEntry } from '@atalaya/domain';
import { ActionIcon, Anchor, Badge, Table, Text, Tooltip } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { type ReactNode } from 'react';
import { Link } from 'react-router';
import { FramedTable } from '../../shared/list';

/** The small pieces the audit panels share: badges, buttons, fields, the changes table. */

export function OperationBadge({ type }: { type: 'I' | 'U' | 'D' }) {
  const color = type === 'I' ? 'teal' : type === 'D' ? 'red' : 'blue';
  return (
    <Badge variant="light" color={color} radius="sm">
      {AUDIT_OPERATION_LABELS[type]}
    </Badge>
  );
}

export function EyeButton({ label, onClick }: { label: string; onClick(): void }) {
  return (
    <Tooltip label="Ver detalle">
      <ActionIcon variant="subtle" aria-label={label} onClick={onClick}>
        <IconEye size={18} />
      </ActionIcon>
    </Tooltip>
  );
}

/** The reference of a case: a link to its view for the roles that open cases, plain text for ADMIN (spec §6). */
export function CaseReference({ entry, linked }: { entry: HistoryEntry; linked: boolean }) {
  const text = entry.NumeroReferencia ?? entry.Meta;
  return linked ? (
    <Anchor component={Link} to={eventViewPath(entry.Meta)} fw={600}>
      {text}
    </Anchor>
  ) : (
    <Text span fw={600}>
      {text}
    </Text>
  );
}

/** A labelled value of a card or a detail. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed">
      {label}:{' '}
      <Text span c="dark.7">
        {children}
      </Text>
    </Text>
  );
}

/** Old and new values of a row, as a table. */
export function ChangesTable({ rows }: { rows: { field: string; oldValue: string | null; newValue: string | null; note?: string | null }[] }) {
  if (rows.length === 0) return <Text c="dimmed">Sin campos modificados.</Text>;
  return (
    <FramedTable label="Cambios" minWidth={420} headers={['Campo', 'Valor anterior', 'Valor nuevo']}>
      {rows.map((row, index) => (
        <Table.Tr key={`${row.field}-${index}`}>
          <Table.Td>{row.field}</Table.Td>
          <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.oldValue ?? '---'}</Table.Td>
          <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.newValue ?? '---'}</Table.Td>
        </Table.Tr>
      ))}
    </FramedTable>
  );
}
