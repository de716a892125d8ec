import { ActionIcon, Table, Text, Tooltip, type ActionIconProps, type TableTdProps } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A column of a record table: its header and what a row shows in it. */
export interface RecordColumn<R> {
  header: string;
  cell(row: R): ReactNode;
  /** Props of the column's cells (`fw`, `maw`…). */
  td?: TableTdProps;
}

export interface RecordTableProps<R extends { key: string }> {
  /** The table's accessible name ('Medicamentos relacionados'). */
  label: string;
  /** What shows instead of an empty table. */
  empty: string;
  minWidth: number;
  columns: readonly RecordColumn<R>[];
  rows: readonly R[];
  /** The row loaded in the form, if any (highlighted). */
  selectedKey?: string | null;
  /** The row's buttons, in the last column ('Acciones'). */
  actions(row: R): ReactNode;
}

/** Records being edited on a page (the wizard's related medications and adverse events) as a table, each row with its actions. */
export function RecordTable<R extends { key: string }>({ label, empty, minWidth, columns, rows, selectedKey = null, actions }: RecordTableProps<R>) {
  if (rows.length === 0) {
    return (
      <Text c="dimmed" size="sm" py="sm">
        {empty}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.header}>{column.header}</Table.Th>
            ))}
            <Table.Th aria-label="Acciones" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key} bg={row.key === selectedKey ? 'teal.0' : undefined}>
              {columns.map((column) => (
                <Table.Td key={column.header} {...column.td}>
                  {column.cell(row)}
                </Table.Td>
              ))}
              <Table.Td>{actions(row)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const ROW_ACTION_ICONS = { Editar: <IconPencil size={18} />, Eliminar: <IconTrash size={18} /> };

/** 'Editar' or 'Eliminar' of a row (its accessible name says which record: 'Editar Paracetamol'). */
export function RowAction({
  action,
  record,
  onClick,
  disabled,
  ...rest
}: { action: keyof typeof ROW_ACTION_ICONS; record: string; onClick(): void; disabled?: boolean } & ActionIconProps) {
  return (
    <Tooltip label={action}>
      <ActionIcon variant="subtle" color={action === 'Eliminar' ? 'red' : undefined} aria-label={`${action} ${record}`} onClick={onClick} disabled={disabled} {...rest}>
        {ROW_ACTION_ICONS[action]}
      </ActionIcon>
    </Tooltip>
  );
}
