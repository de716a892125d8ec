import { eventEditPath, homeReportStatusTone, type HomeReportRow, type PagedResult, type PageRequest } from '@atalaya/domain';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Tabs, Text, UnstyledButton } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useState, type CSSProperties, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { DateText } from '../../shared/display';
import { FIRST_PAGE, PagedTable, toneColor, type ListColumn } from '../../shared/list';
import { discardedReportsListQuery, homeReportsListQuery } from './api';
import { HomeReportFlags, HomeReportStatusBadge, occurrenceName, ReporterKind } from './home-report-cells';
import { type EnteredCase, SummaryModal } from './summary/summary-modal';
import { triageDoneMessage } from './summary/triage';
import classes from './tasks.module.css';
import { TaskSection } from './task-section';

export const HOME_REPORTS_TITLE = 'Reportes pendientes de médico / paciente';

/** The inbox's tabs: the reports to triage (1 Nuevo, 2 En revisión) and the discarded ones (3). */
export const INBOX_TABS = { pending: 'Pendientes', discarded: 'Descartados' } as const;
export type InboxTab = keyof typeof INBOX_TABS;

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

interface ReportListProps {
  label: string;
  things: string;
  list: UseQueryResult<PagedResult<HomeReportRow>>;
  onOpen(row: HomeReportRow): void;
  onPageRequest(request: PageRequest): void;
}

function ReportList({ label, things, list, onOpen, onPageRequest }: ReportListProps) {
  return (
    <PagedTable<HomeReportRow>
      label={label}
      things={things}
      result={list.data}
      columns={columns(onOpen)}
      rowKey={(row) => row.Id}
      loading={list.isPending}
      fetching={list.isFetching && !list.isPending}
      failed={list.isError}
      onRetry={() => void list.refetch()}
      onPageRequest={onPageRequest}
      onRowClick={onOpen}
      renderCard={(row) => <HomeReportCard row={row} onOpen={onOpen} />}
    />
  );
}

/** The 'Descartados' tab: asked for only while shown (getReportHome with status 3), 15 a page. */
function DiscardedReports({ onOpen }: { onOpen(row: HomeReportRow): void }) {
  const [page, setPage] = useState<PageRequest>(FIRST_PAGE);
  const list = useQuery(discardedReportsListQuery(page));
  return <ReportList label="Reportes descartados" things="reportes descartados" list={list} onOpen={onOpen} onPageRequest={setPage} />;
}

/** After Ingresar: the new case at hand, without leaving Tareas (so the next report can be triaged). */
function EnteredNotice({ entered, onClose }: { entered: EnteredCase; onClose(): void }) {
  return (
    <Alert
      color="teal"
      variant="light"
      title="Evento reportable creado"
      icon={<IconCheck size={18} />}
      withCloseButton
      closeButtonLabel="Cerrar aviso"
      onClose={onClose}
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{triageDoneMessage('Ingresar', entered.reportReference, entered.caseReference)}.</Text>
        <Button component={Link} to={eventEditPath(entered.meta)} size="xs" color="teal">
          {entered.caseReference ? `Abrir el evento ${entered.caseReference}` : 'Abrir el evento'}
        </Button>
      </Stack>
    </Alert>
  );
}

/**
 * "Reportes pendientes de médico / paciente": two tabs, 'Pendientes' (incoming reports in status
 * 1 or 2) and 'Descartados' (status 3, so a report discarded by mistake can be reopened and
 * sent to review), 15 a page; a row opens the summary modal where the report is triaged. After
 * Ingresar the user stays here, with a notice that opens the new case.
 */
export function HomeReportsSection({ page, onPageRequest }: HomeReportsSectionProps) {
  const [tab, setTab] = useState<InboxTab>('pending');
  const list = useQuery(homeReportsListQuery(page));
  const [openId, setOpenId] = useState<string | null>(null);
  const [entered, setEntered] = useState<EnteredCase | null>(null);
  const open = (row: HomeReportRow) => setOpenId(row.Id);

  return (
    <TaskSection title={HOME_REPORTS_TITLE} total={tab === 'pending' ? list.data : undefined}>
      {entered ? <EnteredNotice entered={entered} onClose={() => setEntered(null)} /> : null}
      <Tabs value={tab} onChange={(next) => next && setTab(next as InboxTab)} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="pending">{INBOX_TABS.pending}</Tabs.Tab>
          <Tabs.Tab value="discarded">{INBOX_TABS.discarded}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="pending" pt="sm">
          <ReportList label={HOME_REPORTS_TITLE} things="reportes de médicos o pacientes" list={list} onOpen={open} onPageRequest={onPageRequest} />
        </Tabs.Panel>
        <Tabs.Panel value="discarded" pt="sm">
          <DiscardedReports onOpen={open} />
        </Tabs.Panel>
      </Tabs>
      <SummaryModal reportId={openId} onClose={() => setOpenId(null)} onEntered={setEntered} />
    </TaskSection>
  );
}
