import { homeReportStatusTone, type HomeReportRow, type PageRequest } from '@atalaya/domain';
import { Group, Paper, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type CSSProperties, type MouseEvent } from 'react';
import { DateText } from '../../shared/display';
import { PagedTable, toneColor, type ListColumn } from '../../shared/list';
import { homeReportsListQuery } from './api';
import { HomeReportFlags, HomeReportStatusBadge, occurrenceName, ReporterKind } from './home-report-cells';
import { SummaryModal } from './summary/summary-modal';
import classes from './tasks.module.css';
import { TaskSection } from './task-section';

export const HOME_REPORTS_TITLE = 'Reportes pendientes de médico / paciente';

export interface HomeReportsSectionProps {
  /** The page shown: its number and where it starts (keyset paging). */
  page: PageRequest;
  onPageRequest(request: PageRequest): void;
}

function ReferenceButton({ row, onOpen }: { row: HomeReportRow; onOpen(row: HomeReportRow): void }) {
  const open = (event: MouseEvent) => {
    event.stopPropagation();
    onOpen(row);
  };
  return (
    <UnstyledButton onClick={open} className={classes.referenceButton} aria-label={`Abrir el reporte ${row.Reference}`}>
      {row.Reference}
    </UnstyledButton>
  );
}

function columns(onOpen: (row: HomeReportRow) => void): ListColumn<HomeReportRow>[] {
  return [
    { key: 'reference', header: 'Referencia', cell: (row) => <ReferenceButton row={row} onOpen={onOpen} />, nowrap: true },
    { key: 'status', header: 'Estado', cell: (row) => <HomeReportStatusBadge row={row} /> },
    { key: 'date', header: 'Fecha', cell: (row) => <DateText value={row.Date} withTime />, nowrap: true },
    { key: 'reporter', header: 'Médico / paciente', cell: (row) => <ReporterKind isMedic={row.IsMedic} /> },
    { key: 'type', header: 'Tipo de acontecimiento', cell: occurrenceName },
    { key: 'flags', header: 'Indicadores', cell: (row) => <HomeReportFlags row={row} /> },
  ];
}

function HomeReportCard({ row, onOpen }: { row: HomeReportRow; onOpen(row: HomeReportRow): void }) {
  const tone = toneColor(homeReportStatusTone(row.Status));
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      className={classes.reportCard}
      style={{ '--card-tone': `var(--mantine-color-${tone}-6)` } as CSSProperties}
      onClick={() => onOpen(row)}
      component="article"
      aria-label={`Reporte ${row.Reference}`}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <ReferenceButton row={row} onOpen={onOpen} />
          <HomeReportStatusBadge row={row} />
        </Group>
        <SimpleGrid cols={2} spacing="xs" verticalSpacing={6}>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              Fecha
            </Text>
            <Text size="sm" component="div">
              <DateText value={row.Date} withTime />
            </Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              Médico / paciente
            </Text>
            <ReporterKind isMedic={row.IsMedic} />
          </Stack>
          <Stack gap={0} miw={0}>
            <Text size="xs" c="dimmed">
              Tipo de acontecimiento
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {occurrenceName(row)}
            </Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              Indicadores
            </Text>
            <HomeReportFlags row={row} />
          </Stack>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

/**
 * "Reportes pendientes de médico / paciente": incoming reports in status 1 or 2, 15 a page;
 * a row opens the summary modal where the report is triaged.
 */
export function HomeReportsSection({ page, onPageRequest }: HomeReportsSectionProps) {
  const list = useQuery(homeReportsListQuery(page));
  const [openId, setOpenId] = useState<string | null>(null);
  const open = (row: HomeReportRow) => setOpenId(row.Id);

  return (
    <TaskSection title={HOME_REPORTS_TITLE} total={list.data}>
      <PagedTable<HomeReportRow>
        label={HOME_REPORTS_TITLE}
        things="reportes de médicos o pacientes"
        result={list.data}
        columns={columns(open)}
        rowKey={(row) => row.Id}
        loading={list.isPending}
        fetching={list.isFetching && !list.isPending}
        failed={list.isError}
        onRetry={() => void list.refetch()}
        onPageRequest={onPageRequest}
        onRowClick={open}
        renderCard={(row) => <HomeReportCard row={row} onOpen={open} />}
      />
      <SummaryModal reportId={openId} onClose={() => setOpenId(null)} />
    </TaskSection>
  );
}
