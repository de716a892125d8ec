import { eventViewPath, MSG, type ErEvent, type WizardStep } from '@atalaya/domain';
import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconEye } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Page } from '../../shared/layout';
import { CaseLoadError, CaseLoading, codiguerasQuery, medicationsQuery, originQuery, patientQuery, ramsQuery, useCaseOnPage } from '../cases';
import { buildFollowUpDraft, type CaseRecords } from './follow-up-draft';
import type { FollowUpDraft, FollowUpState } from './step-contract';
import { STEP_LOAD_ERROR_TITLE, StepLoadError, StepLoading } from './step-states';
import { WizardFlow } from './wizard-flow';
import { initialStep, wizardMode, wizardRefusal, type WizardMode } from './wizard-navigation';
import { DeleteCaseButton } from '../case-workflow';

/** The page's title: the case, or the follow-up report being written for it. */
export function wizardTitle(mode: WizardMode, reference: string): string {
  return mode === 'followUp' ? `Reporte de Seguimiento: ${reference}` : MSG.eventView.header(reference);
}

/** Where the case is read (a follow-up event opens with the /3 suffix). */
function viewPathOf(event: ErEvent): string {
  return eventViewPath(event.Meta, 'details', event.EventType === 3 ? 3 : undefined);
}

/**
 * The edit wizard at /reportableEvent/{meta}/edit/{type?} (event spec §2.4): type '2' writes a
 * follow-up report. `?step=n` reopens step n.
 */
export function WizardPage() {
  const { meta = '', type } = useParams();
  const [searchParams] = useSearchParams();
  const mode = wizardMode(type);
  const page = useCaseOnPage(meta, STEP_LOAD_ERROR_TITLE);
  const lists = useQuery(codiguerasQuery());

  if (page.fallback) return page.fallback;
  if (lists.isError) return <CaseLoadError title={STEP_LOAD_ERROR_TITLE} onRetry={() => void lists.refetch()} />;
  if (!lists.data) return <CaseLoading />;

  const current = page.event;
  const refusal = wizardRefusal(current, mode);
  const start = initialStep(searchParams.get('step'));

  return (
    <Page
      title={wizardTitle(mode, current.NumeroReferencia)}
      description={
        <Group component="span" gap="xs" wrap="wrap">
          <span>{current.SubGrupoNombre}</span>
          <span aria-hidden>·</span>
          <span>{MSG.eventView.statusLabel}</span>
          <Badge component="span" variant="light" color="teal" radius="sm" style={{ textTransform: 'none' }}>
            {current.StatusName}
          </Badge>
        </Group>
      }
      actions={mode === 'case' ? <DeleteCaseButton event={current} /> : undefined}
    >
      {refusal ? (
        <ReadOnlyNotice event={current} mode={mode} />
      ) : mode === 'followUp' ? (
        <FollowUpWizard key={meta} meta={meta} event={current} initialStep={start} />
      ) : (
        <WizardFlow key={meta} meta={meta} event={current} followUp={null} initialStep={start} />
      )}
    </Page>
  );
}

/** The wizard is not offered: the case can no longer be edited (or no follow-up can be written) by this user. */
function ReadOnlyNotice({ event, mode }: { event: ErEvent; mode: WizardMode }) {
  const caseMode = mode === 'case';
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertCircle size={18} />}
      title={caseMode ? 'Este evento reportable no puede editarse' : 'No se puede crear un reporte de seguimiento'}
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          {caseMode
            ? `El evento está en estado ${event.StatusName} o usted no tiene permisos para modificarlo. Puede consultarlo en su vista de detalle.`
            : MSG.wizard.followUpNotAllowed}
        </Text>
        <Button component={Link} to={viewPathOf(event)} variant="light" leftSection={<IconEye size={16} />}>
          Ver evento reportable
        </Button>
      </Stack>
    </Alert>
  );
}

/** Follow-up mode: the case's current records seed the draft the steps edit. */
function FollowUpWizard({ meta, event, initialStep: start }: { meta: string; event: ErEvent; initialStep: WizardStep }) {
  const patient = useQuery(patientQuery(meta));
  const origin = useQuery(originQuery(meta));
  const medications = useQuery(medicationsQuery(meta));
  const rams = useQuery(ramsQuery(meta));
  const queries = [patient, origin, medications, rams];

  if (queries.some((query) => query.isError)) {
    return <StepLoadError onRetry={() => queries.forEach((query) => void query.refetch())} />;
  }
  if (patient.data === undefined || origin.data === undefined || !medications.data || !rams.data) {
    return <StepLoading label="Cargando datos del evento reportable" />;
  }
  const records: CaseRecords = {
    country: event.Country,
    patient: patient.data,
    origin: origin.data,
    medications: medications.data,
    rams: rams.data,
  };
  return <FollowUpFlow meta={meta} event={event} records={records} initialStep={start} />;
}

function FollowUpFlow({ meta, event, records, initialStep: start }: { meta: string; event: ErEvent; records: CaseRecords; initialStep: WizardStep }) {
  const [draft, setDraft] = useState<FollowUpDraft>(() => buildFollowUpDraft(records));
  const followUp = useMemo<FollowUpState>(() => ({ draft, update: (change) => setDraft(change) }), [draft]);
  return <WizardFlow meta={meta} event={event} followUp={followUp} initialStep={start} />;
}
