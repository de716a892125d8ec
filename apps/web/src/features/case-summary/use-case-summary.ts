import type { ApprovedFabric, ErEvent } from '@atalaya/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
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
} from '../cases';
import { draftMedication, draftRecords, storedMedication } from './summary-records';
import { summarySections } from './summary-sections';
import type { SummaryDraft, SummaryLists } from './summary-types';

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
  draft: SummaryDraft | null;
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
