import { MSG } from '@atalaya/domain';
import { Button, Card, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconChartBar, IconDownload, IconFileSpreadsheet, IconTable } from '@tabler/icons-react';
import { type ReactNode, useId, useRef, useState } from 'react';
import { showNotice } from '../../shared/notices';
import { downloadCsv, downloadPng, type TableRow } from './chart-export';

export interface ChartPanelProps {
  title: string;
  /** The file names' stem ('indicadores-por-estado'). */
  fileStem: string;
  header: TableRow;
  rows: readonly TableRow[];
  /** Nothing to draw (every total 0). */
  empty: boolean;
  children: ReactNode;
}

/**
 * A chart in a card, readable as a table too (accessibility): 'Ver como tabla' swaps the
 * chart for its table; while the chart shows, the same table is in the page for screen
 * readers (visually hidden). 'Descargar PNG' draws the chart's SVG on a canvas; 'Descargar
 * CSV' saves the table.
 */
export function ChartPanel({ title, fileStem, header, rows, empty, children }: ChartPanelProps) {
  const [asTable, setAsTable] = useState(false);
  const chartRef = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const table = (
    <Table striped withTableBorder aria-labelledby={headingId}>
      <Table.Thead>
        <Table.Tr>
          {header.map((cell) => (
            <Table.Th key={String(cell)}>{cell}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row, index) => (
          <Table.Tr key={index}>
            {row.map((cell, column) => (
              <Table.Td key={column} ta={typeof cell === 'number' ? 'right' : undefined}>
                {cell}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );

  return (
    <Card withBorder padding="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="lg" id={headingId}>
            {title}
          </Title>
          <Group gap={4}>
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={asTable ? <IconChartBar size={16} /> : <IconTable size={16} />}
              onClick={() => setAsTable((value) => !value)}
              aria-pressed={asTable}
            >
              {asTable ? MSG.indicators.showChart : MSG.indicators.showTable}
            </Button>
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconDownload size={16} />}
              disabled={asTable || empty}
              onClick={() => {
                if (!chartRef.current) return;
                downloadPng(chartRef.current, `${fileStem}.png`, title).catch(() =>
                  showNotice({ kind: 'error', title: 'No se pudo descargar la imagen', message: title }),
                );
              }}
            >
              {MSG.indicators.downloadPng}
            </Button>
            <Button variant="subtle" size="compact-sm" leftSection={<IconFileSpreadsheet size={16} />} onClick={() => downloadCsv(`${fileStem}.csv`, header, rows)}>
              {MSG.indicators.downloadCsv}
            </Button>
          </Group>
        </Group>
        {asTable ? (
          table
        ) : (
          <>
            {empty ? (
              <Text c="dimmed" py="xl" ta="center">
                {MSG.indicators.noData}
              </Text>
            ) : (
              // Inert as well as hidden: the chart's own focusable parts would be reachable by Tab but
              // unnamed; the table below says the same to a screen reader.
              <div ref={chartRef} aria-hidden="true" inert>
                {children}
              </div>
            )}
            <VisuallyHidden>{table}</VisuallyHidden>
          </>
        )}
      </Stack>
    </Card>
  );
}
