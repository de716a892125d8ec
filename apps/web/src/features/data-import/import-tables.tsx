import { MSG, type ImportEntry, type UploadImportKind, type ImportTable } from '@atalaya/domain';
import { Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DateText } from '../../shared/display';
import { importDetailQuery } from './api';
import { ImportStatusBadge } from './import-status';

const COLUMNS = MSG.dataImport.columns;

function Count({ value }: { value: number }) {
  return <>{value.toLocaleString('es')}</>;
}

/** A table of the import as a small card (phone). */
function TableCard({ table }: { table: ImportTable }) {
  return (
    <Paper withBorder radius="sm" p="xs" component="li" aria-label={table.table}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {table.table}
          </Text>
          <ImportStatusBadge status={table.status} />
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={4}>
          <Text size="xs" c="dimmed">
            {COLUMNS.start}: <DateText value={table.date_start} withTime />
          </Text>
          <Text size="xs" c="dimmed">
            {COLUMNS.end}: <DateText value={table.date_end} withTime />
          </Text>
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {COLUMNS.inserted}:{' '}
          <Text span size="xs" c="dark.7" fw={600}>
            <Count value={table.insterted} />
          </Text>
        </Text>
      </Stack>
    </Paper>
  );
}

export interface ImportTablesProps {
  kind: UploadImportKind;
  entry: ImportEntry;
  /** Cards instead of a table (phone). */
  compact: boolean;
  id?: string;
}

/**
 * The per-table detail of an import (spec §3 `Tables`: table, status, date_start, date_end,
 * insterted), read from `get…importcode/{code}` while it is open; the list's entry stands in
 * until the detail answers.
 */
export function ImportTables({ kind, entry, compact, id }: ImportTablesProps) {
  const detail = useQuery(importDetailQuery(kind, entry.code_import, entry));
  const tables = (detail.data ?? entry).Tables;
  const label = MSG.dataImport.tablesOf(entry.code_import);

  if (tables.length === 0) {
    return (
      <Text id={id} size="sm" c="dimmed">
        {MSG.dataImport.noTables}
      </Text>
    );
  }
  if (compact) {
    return (
      <Stack id={id} component="ul" gap={6} p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
        {tables.map((table) => (
          <TableCard key={table.table} table={table} />
        ))}
      </Stack>
    );
  }
  return (
    <Table id={id} aria-label={label} withTableBorder verticalSpacing={4} horizontalSpacing="sm" fz="sm" bg="white">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{COLUMNS.table}</Table.Th>
          <Table.Th scope="col">{COLUMNS.status}</Table.Th>
          <Table.Th scope="col">{COLUMNS.start}</Table.Th>
          <Table.Th scope="col">{COLUMNS.end}</Table.Th>
          <Table.Th scope="col" ta="right">
            {COLUMNS.inserted}
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {tables.map((table) => (
          <Table.Tr key={table.table}>
            <Table.Td>{table.table}</Table.Td>
            <Table.Td>
              <ImportStatusBadge status={table.status} />
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <DateText value={table.date_start} withTime />
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <DateText value={table.date_end} withTime />
            </Table.Td>
            <Table.Td ta="right">
              <Count value={table.insterted} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
