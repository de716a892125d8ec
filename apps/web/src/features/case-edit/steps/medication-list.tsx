import { MSG } from '@atalaya/domain';
import { ActionIcon, Badge, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { DateText, OrDash } from '../../../shared/display';
import type { MedicationRow } from './medication-rows';

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
  if (rows.length === 0) {
    return (
      <Text c="dimmed" size="sm" py="sm">
        {MSG.generic.emptyList('medicamentos')}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="Medicamentos relacionados">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Medicamento</Table.Th>
            <Table.Th>Rol</Table.Th>
            <Table.Th>Laboratorio / Fabricante</Table.Th>
            <Table.Th>Inicio</Table.Th>
            <Table.Th>Fin</Table.Th>
            <Table.Th>Dosis</Table.Th>
            <Table.Th aria-label="Acciones" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key} bg={row.key === editingKey ? 'teal.0' : undefined}>
              <Table.Td fw={600}>
                {row.medicine}
                {row.incomplete ? <IncompleteBadge /> : null}
              </Table.Td>
              <Table.Td>{row.role}</Table.Td>
              <Table.Td>
                <Text size="sm">{row.laboratory}</Text>
                <Text size="xs" c="dimmed">
                  <OrDash value={row.lines} />
                </Text>
              </Table.Td>
              <Table.Td>
                <DateText value={row.DateStart} />
              </Table.Td>
              <Table.Td>
                <DateText value={row.DateEnd} />
              </Table.Td>
              <Table.Td>
                <OrDash value={row.dose} />
              </Table.Td>
              <Table.Td>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <Tooltip label="Editar">
                    <ActionIcon variant="subtle" aria-label={`Editar ${row.medicine}`} onClick={() => onEdit(row)} disabled={busy}>
                      <IconPencil size={18} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Eliminar">
                    <ActionIcon variant="subtle" color="red" aria-label={`Eliminar ${row.medicine}`} onClick={() => onDelete(row)} disabled={busy}>
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Marks a draft row that needs Editar before the report can be finished. */
export function IncompleteBadge() {
  return (
    <Badge color="orange" variant="light" ml="xs" size="sm">
      Incompleto
    </Badge>
  );
}
