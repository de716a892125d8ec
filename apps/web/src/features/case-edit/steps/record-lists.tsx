import { formatYesNo, MSG } from '@atalaya/domain';
import { Badge, Group, Text } from '@mantine/core';
import { DateText, OrDash } from '../../../shared/display';
import { RecordTable, RowAction, type RecordColumn } from '../../../shared/list';
import type { MedicationRow } from './medication-rows';
import type { RamRow } from './ram-form-values';

/** Marks a draft row that needs Editar before the report can be finished. */
function IncompleteBadge() {
  return (
    <Badge color="orange" variant="light" ml="xs" size="sm">
      Incompleto
    </Badge>
  );
}

const MEDICATION_COLUMNS: RecordColumn<MedicationRow>[] = [
  {
    header: 'Medicamento',
    td: { fw: 600 },
    cell: (row) => (
      <>
        {row.medicine}
        {row.incomplete ? <IncompleteBadge /> : null}
      </>
    ),
  },
  { header: 'Rol', cell: (row) => row.role },
  {
    header: 'Laboratorio / Fabricante',
    cell: (row) => (
      <>
        <Text size="sm">{row.laboratory}</Text>
        <Text size="xs" c="dimmed">
          <OrDash value={row.lines} />
        </Text>
      </>
    ),
  },
  { header: 'Inicio', cell: (row) => <DateText value={row.DateStart} /> },
  { header: 'Fin', cell: (row) => <DateText value={row.DateEnd} /> },
  { header: 'Dosis', cell: (row) => <OrDash value={row.dose} /> },
];

export interface MedicationListProps {
  rows: readonly MedicationRow[];
  /** The row loaded in the form, if any. */
  editingKey: string | null;
  busy: boolean;
  onEdit(row: MedicationRow): void;
  onDelete(row: MedicationRow): void;
}

/** The related medications of the case (or of the follow-up draft), each with Editar and Eliminar. */
export function MedicationList({ rows, editingKey, busy, onEdit, onDelete }: MedicationListProps) {
  return (
    <RecordTable
      label="Medicamentos relacionados"
      empty={MSG.generic.emptyList('medicamentos')}
      minWidth={720}
      columns={MEDICATION_COLUMNS}
      rows={rows}
      selectedKey={editingKey}
      actions={(row) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <RowAction action="Editar" record={row.medicine} onClick={() => onEdit(row)} disabled={busy} />
          <RowAction action="Eliminar" record={row.medicine} onClick={() => onDelete(row)} disabled={busy} />
        </Group>
      )}
    />
  );
}

const RAM_COLUMNS: RecordColumn<RamRow>[] = [
  {
    header: 'Término MedDRA',
    td: { fw: 600 },
    cell: (row) => (
      <>
        <OrDash value={row.term} />
        {row.incomplete ? <IncompleteBadge /> : null}
      </>
    ),
  },
  {
    header: 'Descripción',
    td: { maw: 320 },
    cell: (row) => (
      <Text size="sm" lineClamp={2} title={row.description}>
        {row.description}
      </Text>
    ),
  },
  { header: 'Inicio', cell: (row) => <DateText value={row.DateStart} /> },
  { header: 'Fin', cell: (row) => <DateText value={row.DateEnd} /> },
  {
    header: 'Grave',
    cell: (row) => (
      <Badge color={row.serious ? 'red' : 'gray'} variant="light">
        {formatYesNo(row.serious)}
      </Badge>
    ),
  },
  { header: 'Evolución', cell: (row) => <OrDash value={row.evolution} /> },
];

/** The adverse events of the case (or of the follow-up draft), each with Editar (the spec has no delete). */
export function RamList({ rows, onEdit }: { rows: readonly RamRow[]; onEdit(row: RamRow): void }) {
  return (
    <RecordTable
      label="Eventos adversos"
      empty={MSG.generic.emptyList('eventos adversos')}
      minWidth={760}
      columns={RAM_COLUMNS}
      rows={rows}
      actions={(row) => (
        <Group justify="flex-end">
          <RowAction action="Editar" record={row.term} onClick={() => onEdit(row)} />
        </Group>
      )}
    />
  );
}
