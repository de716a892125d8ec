import { can, caseSendRefusal, ER_STATUS, isCausalityDrugRole, eventViewPath, type ApprovedFabric, type ErEvent } from '@atalaya/domain';
import { Alert, Button, Center, Group, Loader, Stack } from '@mantine/core';
import { IconAlertTriangle, IconArrowRight, IconArrowUp, IconInfoCircle, IconSend } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useImperativeHandle, useMemo, useState } from 'react';
import { Link } from 'react-router';
import {
  codiguerasQuery,
  documentsQuery,
  medicalContactQuery,
  medicationsQuery,
  originQuery,
  patientQuery,
  previousMedicationsQuery,
  ramsQuery,
  whoReportQuery,
} from '../../cases';
import { DuplicateCandidatesCard } from '../../duplicates';
import { useSession } from '../../../shared/session';
import type { FollowUpDraft, WizardStepProps } from '../step-contract';
import { SummaryFinishModal } from './summary-finish-modal';
import { SummarySections, type SummarySection } from '../../../shared/summary';
import { draftMedication, draftRecords, storedMedication, summarySections, type SummaryLists } from './summary-sections';

const NO_LISTS: SummaryLists = {
  Paises: [],
  Residencias: [],
  Parentesco: [],
  PesoUnidad: [],
  AlturaUnidad: [],
  ReporteOriginador_Origen: [],
  ReporteOriginador_Receptor: [],
  ReporteOriginador_Tipo: [],
  PaisOrigen: [],
  Via: [],
  MedicamentoFrecuencia: [],
  MedicamentoUnidad: [],
  MedicamentoUnidadUso: [],
  AccionMedicamento: [],
};

export interface CaseSummaryOptions {
  /** The follow-up draft whose patient, origin, medications and adverse events are shown instead of the stored ones. */
  draft: FollowUpDraft | null;
  /**
   * A Fabricante's view: the manufacturer's approval replaces the medical contact, which is not
   * loaded (event spec §6). Undefined in the wizard and for other roles.
   */
  approvedFabric?: { data: ApprovedFabric | null; loading: boolean; failed: boolean };
  timeZone?: string;
  /** The reporter's contact data is not for this user (a Fabricante): the summary shows placeholders. */
  hideReporterContact?: boolean;
}

/** The reads of the summary of a case and its sections (the wizard's step 7 and the view's Detalle). */
export function useCaseSummary(meta: string, event: ErEvent, { draft, approvedFabric, timeZone, hideReporterContact = false }: CaseSummaryOptions) {
  const caseMode = draft === null;
  // In follow-up mode the patient, origin, medications and adverse events come from the draft.
  const patient = useQuery({ ...patientQuery(meta), enabled: caseMode });
  const origin = useQuery({ ...originQuery(meta), enabled: caseMode });
  const medications = useQuery({ ...medicationsQuery(meta), enabled: caseMode });
  const rams = useQuery({ ...ramsQuery(meta), enabled: caseMode });
  const previous = useQuery(previousMedicationsQuery(meta));
  const contact = useQuery({ ...medicalContactQuery(meta), enabled: approvedFabric === undefined });
  const documents = useQuery(documentsQuery(meta));
  const who = useQuery(whoReportQuery(meta));
  const lists = useQuery(codiguerasQuery());

  const reads = [patient, origin, medications, rams, previous, contact, documents, who, lists];
  const loading = reads.some((read) => read.isLoading) || Boolean(approvedFabric?.loading);
  const failed = reads.some((read) => read.isError) || Boolean(approvedFabric?.failed);
  const approved = approvedFabric === undefined ? undefined : approvedFabric.data;

  const sections = useMemo(() => {
    const names = lists.data ?? NO_LISTS;
    const fromDraft = draft ? draftRecords(draft) : null;
    return summarySections({
      event,
      patient: fromDraft ? fromDraft.patient : (patient.data ?? null),
      origin: fromDraft ? fromDraft.origin : (origin.data ?? null),
      medications: draft ? draft.medicamentos.map((item) => draftMedication(item, names)) : (medications.data ?? []).map(storedMedication),
      rams: fromDraft ? fromDraft.rams : (rams.data ?? []),
      previousMedications: previous.data ?? [],
      medicalContact: contact.data ?? null,
      ...(approved === undefined ? {} : { approvedFabric: approved }),
      timeZone,
      documentCount: documents.data?.length ?? 0,
      whoReport: who.data ?? null,
      lists: names,
      hideReporterContact,
    });
  }, [event, draft, patient.data, origin.data, medications.data, rams.data, previous.data, contact.data, approved, timeZone, documents.data, who.data, lists.data, hideReporterContact]);

  return { sections, loading, failed, patient, origin, medications, rams };
}

/** The summary's sections, read-only, with a loader while they load. */
export function CaseSummarySections({ sections, loading, failed }: { sections: SummarySection[]; loading: boolean; failed: boolean }) {
  return (
    <>
      {loading ? (
        <Center py="lg" role="status">
          <Loader color="teal" type="dots" role="status" aria-label="Cargando el resumen" />
        </Center>
      ) : (
        <SummarySections sections={sections} />
      )}
      {failed ? (
        <Alert color="red" variant="light">
          No se pudo cargar parte del resumen.
        </Alert>
      ) : null}
    </>
  );
}

/**
 * Step 7 'Resumen' (event spec §2.4): a read-only summary of the whole case, 'Ir al inicio'
 * and 'Enviar', which asks for confirmation and sends the case (insertER) or, in follow-up
 * mode, the follow-up report built from the draft (insertES). The shell renders 'Anterior'.
 */
export function SummaryStep({ meta, event, followUp, handle }: WizardStepProps) {
  const [confirming, setConfirming] = useState(false);
  const draft = followUp?.draft ?? null;
  const caseMode = draft === null;
  const { sections, loading, failed, patient, origin, medications, rams } = useCaseSummary(meta, event, { draft });
  // 'Posibles duplicados' of the case being finished, for those who decide on duplicates (docs/duplicates.md).
  const role = useSession().user?.Rol;
  const seesDuplicates = caseMode && can(role, 'duplicates.decide');

  useImperativeHandle(handle, () => ({ leave: () => Promise.resolve('ok'), isDirty: () => false }), []);

  // Sending moves a Pendiente case into the workflow; a case returned for more information
  // ('Más información') is edited here but goes back through its own action on the event page.
  const sendable = !caseMode || event.Status === ER_STATUS.PENDIENTE;

  // What the server will refuse on sending a case (it checks again); shown ahead, the user may still try.
  const refusal =
    caseMode && sendable && !loading && !failed
      ? caseSendRefusal({
          GrupoId: event.GrupoId,
          SubGrupoId: event.SubGrupoId,
          hasHomeReport: event.IdEventoHome !== null,
          origin: origin.data ? { Have: origin.data.Have, hasFile: Boolean(origin.data.FileName), NotHave: origin.data.NotHave } : null,
          medicationCount: medications.data?.length ?? 0,
          suspectMedicationCount: medications.data?.filter((medication) => isCausalityDrugRole(medication.Caracterizacion)).length ?? 0,
          ramCount: rams.data?.length ?? 0,
          hasPatient: Boolean(patient.data),
        })
      : null;

  return (
    <Stack gap="md">
      <CaseSummarySections sections={sections} loading={loading} failed={failed} />
      {seesDuplicates ? <DuplicateCandidatesCard subject={{ kind: 'case', meta, reference: event.NumeroReferencia }} /> : null}
      {sendable ? null : (
        <Alert color="blue" variant="light" title="Cambios guardados" icon={<IconInfoCircle size={18} />}>
          El evento está en estado {event.StatusName}: no se envía desde el asistente. Continúe el flujo desde la página del evento.
        </Alert>
      )}
      {refusal ? (
        <Alert color="yellow" variant="light" title="Antes de enviar" icon={<IconAlertTriangle size={18} />}>
          {refusal}
        </Alert>
      ) : null}

      <Group justify="flex-end" gap="sm">
        <Button variant="default" leftSection={<IconArrowUp size={16} />} onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}>
          Ir al inicio
        </Button>
        {sendable ? (
          <Button leftSection={<IconSend size={16} />} onClick={() => setConfirming(true)} disabled={loading}>
            Enviar
          </Button>
        ) : (
          <Button component={Link} to={eventViewPath(meta)} rightSection={<IconArrowRight size={16} />}>
            Ir al evento
          </Button>
        )}
      </Group>

      <SummaryFinishModal opened={confirming} meta={meta} draft={draft} onClose={() => setConfirming(false)} />
    </Stack>
  );
}
