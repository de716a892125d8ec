import { HOME_REPORT_STATUS, MSG, UNCLASSIFIED_SUB_GROUP, type HomeReportAction, type HomeReportStatusResult, type HomeReportWithHistory } from '@atalaya/domain';
import { Alert, Button, Center, Group, Loader, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { DateText } from '../../../shared/display';
import { CommentConfirmModal, ListError, ListModal } from '../../../shared/list';
import { FIELD_COMBOBOX_PROPS } from '../../../shared/form';
import { showNotice } from '../../../shared/notices';
import { SummaryCard, SummarySections } from '../../../shared/summary';
import { DuplicateCandidatesCard } from '../../duplicates';
import { countryOptions, homeCodiguerasQuery, subGroupOptions, type HomeCodigueras } from '../../public-report';
import { freshReport, homeReportQuery, useTriageHomeReport } from '../api';
import { HomeReportStatusBadge, ReporterKind } from '../home-report-cells';
import classes from '../tasks.module.css';
import { ReportHistoryCard } from './report-history-card';
import { summarySections } from './summary-sections';
import { initialChoice, subGroupSelectValue, summaryActions, triageBody, triageDoneMessage, triageWarning, type TriageChoice } from './triage';

/** A case just entered from a report (Ingresar): the Tasks screen offers to open it. */
export interface EnteredCase {
  reportReference: string;
  caseReference: string | null;
  meta: string;
}

export interface SummaryModalProps {
  /** The incoming report shown; null while closed. */
  reportId: string | null;
  onClose(): void;
  /** After Ingresar: the modal closes and the user stays on Tareas with the new case at hand. */
  onEntered(entered: EnteredCase): void;
}

/** Ingresar leads; Revisar is a quieter but plainly enabled choice (dark orange on pale orange, AA). */
const ACTION_LOOK: Record<HomeReportAction, { color: string; variant: 'filled' | 'light' | 'outline'; done: string }> = {
  Descartar: { color: 'red', variant: 'outline', done: 'Reporte descartado' },
  Revisar: { color: 'orange', variant: 'light', done: 'Reporte en revisión' },
  Ingresar: { color: 'teal', variant: 'filled', done: 'Evento reportable creado' },
};

interface SummaryBodyProps {
  report: HomeReportWithHistory;
  lists: HomeCodigueras;
  onClose(): void;
  onEntered(entered: EnteredCase): void;
}

/** The summary and its triage: the editable type and country, the sections, the buttons. */
function SummaryBody({ report, lists, onClose, onEntered }: SummaryBodyProps) {
  const original = useMemo(() => initialChoice(report), [report]);
  const [choice, setChoice] = useState<TriageChoice>(original);
  const [warning, setWarning] = useState<string | null>(null);
  const [discarding, setDiscarding] = useState(false);
  const sections = useMemo(() => summarySections(report.Data, report.IsMedic, lists), [report, lists]);
  const countries = useMemo(() => countryOptions(lists), [lists]);
  const subGroups = useMemo(() => subGroupOptions(lists), [lists]);

  const triage = useTriageHomeReport<HomeReportAction>(report.Id);
  const request = (action: HomeReportAction, comment?: string) => ({ action, body: triageBody(action, report, choice, original, comment ?? null) });
  const triageDone = {
    onSuccess: (result: HomeReportStatusResult, { action }: { action: HomeReportAction }) => {
      setDiscarding(false);
      onClose();
      // Ingresar keeps the user on Tareas (event spec §4: the page reloads) with a notice that opens the new case.
      if (action === 'Ingresar' && result.MetaData) {
        onEntered({ reportReference: report.Reference, caseReference: result.NumeroReferencia ?? null, meta: result.MetaData });
        return;
      }
      showNotice({ kind: 'success', title: ACTION_LOOK[action].done, message: triageDoneMessage(action, report.Reference, result.NumeroReferencia) });
    },
  };

  const actions = summaryActions(report.Status, choice.subGroup);
  // A duplicate can be decided while the report waits for its triage (Nuevo, En revisión).
  const pending = report.Status === HOME_REPORT_STATUS.NUEVO || report.Status === HOME_REPORT_STATUS.EN_REVISION;
  const busy = triage.isPending;
  const waitingForType = choice.subGroup === UNCLASSIFIED_SUB_GROUP && summaryActions(report.Status, null).length > actions.length;

  const run = (action: HomeReportAction) => {
    if (action === 'Descartar') {
      setDiscarding(true);
      return;
    }
    const problem = triageWarning(action, report.Status, choice.subGroup);
    setWarning(problem);
    if (!problem) triage.mutate(request(action), triageDone);
  };

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap">
        <Text fw={700} size="lg">
          {report.Reference}
        </Text>
        <HomeReportStatusBadge row={report} />
        <Text size="sm" c="dimmed">
          Recibido el <DateText value={report.Date} withTime />
        </Text>
        <ReporterKind isMedic={report.IsMedic} />
      </Group>

      <SummaryCard title="Tipo de reporte">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label="País"
            data={countries}
            value={choice.country}
            onChange={(country) => setChoice((current) => ({ ...current, country: country ?? current.country }))}
            searchable
            allowDeselect={false}
            nothingFoundMessage="Sin resultados"
            disabled={busy}
            comboboxProps={FIELD_COMBOBOX_PROPS}
          />
          <Select
            label="Tipo de acontecimiento"
            placeholder="Seleccione un tipo"
            data={subGroups}
            value={subGroupSelectValue(choice.subGroup)}
            onChange={(subGroup) => {
              setChoice((current) => ({ ...current, subGroup }));
              setWarning(null);
            }}
            searchable
            clearable
            nothingFoundMessage="Sin resultados"
            error={warning ? true : undefined}
            disabled={busy}
            comboboxProps={FIELD_COMBOBOX_PROPS}
          />
        </SimpleGrid>
      </SummaryCard>

      <DuplicateCandidatesCard subject={{ kind: 'report', id: report.Id, reference: report.Reference }} readOnly={!pending} />

      <SummarySections sections={sections} />

      <ReportHistoryCard entries={report.Historial} />

      <Stack gap="xs" className={classes.footer}>
        {warning ? (
          <Alert color="yellow" variant="light" title="Advertencia" icon={<IconAlertTriangle size={18} />} role="alert">
            {warning}
          </Alert>
        ) : null}
        {waitingForType ? (
          <Text size="sm" c="dimmed">
            Seleccione el tipo de acontecimiento para revisar o ingresar el reporte.
          </Text>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancelar
          </Button>
          {actions.map((action) => (
            <Button
              key={action}
              color={ACTION_LOOK[action].color}
              variant={ACTION_LOOK[action].variant}
              onClick={() => run(action)}
              disabled={busy}
              loading={busy && triage.variables.action === action}
            >
              {action}
            </Button>
          ))}
        </Group>
      </Stack>

      <CommentConfirmModal
        opened={discarding}
        title="Descartar reporte"
        message={`¿Está seguro que desea descartar el reporte ${report.Reference}?`}
        confirmLabel="Descartar"
        onConfirm={async (comment) => {
          await triage.mutateAsync(request('Descartar', comment), triageDone);
        }}
        onClose={() => setDiscarding(false)}
      />
    </Stack>
  );
}

function SummaryContent({ reportId, onClose, onEntered }: { reportId: string; onClose(): void; onEntered(entered: EnteredCase): void }) {
  const report = useQuery(homeReportQuery(reportId));
  const lists = useQuery(homeCodiguerasQuery);
  // Only a read made since the modal opened: a cached one may show a status the report left.
  const fresh = freshReport(report);
  if (fresh && lists.data) return <SummaryBody report={fresh} lists={lists.data} onClose={onClose} onEntered={onEntered} />;
  if (report.isError || lists.isError) {
    return (
      <Stack gap="md">
        <ListError
          message="No se pudo cargar el reporte."
          onRetry={() => {
            if (report.isError) void report.refetch();
            if (lists.isError) void lists.refetch();
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cerrar
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Center py="xl" role="status" aria-label="Cargando reporte">
      <Loader color="teal" type="dots" aria-hidden />
    </Center>
  );
}

/** 'Reporte generado por médico / paciente' (event spec §2.2): read, then triage, an incoming report. */
export function SummaryModal({ reportId, onClose, onEntered }: SummaryModalProps) {
  return (
    <ListModal opened={reportId !== null} onClose={onClose} title={MSG.homeReports.title} size="xl" closeOnClickOutside={false}>
      {reportId ? <SummaryContent key={reportId} reportId={reportId} onClose={onClose} onEntered={onEntered} /> : null}
    </ListModal>
  );
}
