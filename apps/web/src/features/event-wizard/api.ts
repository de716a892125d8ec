import type {
  Codigueras,
  CountryProduct,
  ErDocument,
  ErEvent,
  ErMedicalContact,
  ErMedication,
  ErNew,
  ErOrigin,
  ErPatient,
  ErPreviousMedication,
  ErRam,
  ErWhoReport,
  NamedItem,
} from '@atalaya/domain';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../shared/api';
import type { MeddraMatch } from '../../shared/form';

/**
 * The calls of the edit wizard (event spec §7) as TanStack Query options. Every read of a case
 * sits under `caseKeys.all(meta)`, so `invalidateCase` refreshes all of it after a write.
 * Reference lists change rarely: cached for the session.
 */
export const caseKeys = {
  all: (meta: string) => ['case', meta] as const,
  event: (meta: string) => ['case', meta, 'event'] as const,
  patient: (meta: string) => ['case', meta, 'patient'] as const,
  origin: (meta: string) => ['case', meta, 'origin'] as const,
  medications: (meta: string) => ['case', meta, 'medications'] as const,
  rams: (meta: string) => ['case', meta, 'rams'] as const,
  previousMedications: (meta: string) => ['case', meta, 'previous-medications'] as const,
  medicalContact: (meta: string) => ['case', meta, 'medical-contact'] as const,
  documents: (meta: string) => ['case', meta, 'documents'] as const,
  whoReport: (meta: string) => ['case', meta, 'who-report'] as const,
  products: (meta: string) => ['case', meta, 'products'] as const,
};

export const referenceKeys = {
  codigueras: ['reference', 'codigueras-basic'] as const,
  erNew: ['reference', 'er-new'] as const,
  lines: (laboratoryId: number) => ['reference', 'lines', laboratoryId] as const,
  meddra: (term: string) => ['reference', 'meddra', term] as const,
};

const m = encodeURIComponent;
const REFERENCE = { staleTime: Infinity, gcTime: Infinity } as const;

/** A read that answers 404 while the record does not exist yet (origin, medical contact): null then. */
async function orNull<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export const eventQuery = (meta: string) =>
  queryOptions({ queryKey: caseKeys.event(meta), queryFn: ({ signal }) => api.get<ErEvent>(`getERByMeta/${m(meta)}`, { signal }) });

export const patientQuery = (meta: string) =>
  queryOptions({
    queryKey: caseKeys.patient(meta),
    queryFn: ({ signal }) => orNull(api.get<ErPatient>(`getPacienteByERMeta/${m(meta)}`, { signal, notify: false })),
  });

export const originQuery = (meta: string) =>
  queryOptions({
    queryKey: caseKeys.origin(meta),
    queryFn: ({ signal }) => orNull(api.get<ErOrigin>(`getOriginReportByMeta/${m(meta)}`, { signal, notify: false })),
  });

export const medicationsQuery = (meta: string) =>
  queryOptions({
    queryKey: caseKeys.medications(meta),
    queryFn: ({ signal }) => api.get<ErMedication[]>(`getProductsRelationsByMeta/${m(meta)}`, { signal }),
  });

export const ramsQuery = (meta: string) =>
  queryOptions({ queryKey: caseKeys.rams(meta), queryFn: ({ signal }) => api.get<ErRam[]>(`getRAMByMeta/${m(meta)}`, { signal }) });

export const previousMedicationsQuery = (meta: string) =>
  queryOptions({
    queryKey: caseKeys.previousMedications(meta),
    queryFn: ({ signal }) => api.get<ErPreviousMedication[]>(`MedicamentoAnteriorByMeta/${m(meta)}`, { signal }),
  });

export const medicalContactQuery = (meta: string) =>
  queryOptions({
    queryKey: caseKeys.medicalContact(meta),
    queryFn: ({ signal }) => orNull(api.get<ErMedicalContact>(`getContactoMedicoByMeta/${m(meta)}`, { signal, notify: false })),
  });

export const documentsQuery = (meta: string) =>
  queryOptions({
    queryKey: caseKeys.documents(meta),
    queryFn: ({ signal }) => api.get<ErDocument[]>(`getDocsAndNotesByMeta/${m(meta)}`, { signal }),
  });

export const whoReportQuery = (meta: string) =>
  queryOptions({
    queryKey: caseKeys.whoReport(meta),
    queryFn: ({ signal }) => api.get<ErWhoReport>(`getERWhoReportByMeta/${m(meta)}`, { signal }),
  });

/** The medicines sold in the case's country (the medication step's picker). */
export const countryProductsQuery = (meta: string) =>
  queryOptions({
    queryKey: caseKeys.products(meta),
    queryFn: ({ signal }) => api.get<CountryProduct[]>(`getProductsCountryByMeta/${m(meta)}`, { signal }),
    staleTime: 5 * 60_000,
  });

export const codiguerasQuery = () =>
  queryOptions({ queryKey: referenceKeys.codigueras, queryFn: ({ signal }) => api.get<Codigueras>('getCodiguerasBasic', { signal }), ...REFERENCE });

export const erNewQuery = () =>
  queryOptions({ queryKey: referenceKeys.erNew, queryFn: ({ signal }) => api.get<ErNew>('getERNew', { signal }), staleTime: 60_000 });

/** The manufacturer lines of a laboratory (the medication form's 'Fabricante' multi-select). */
export const linesQuery = (laboratoryId: number) =>
  queryOptions({
    queryKey: referenceKeys.lines(laboratoryId),
    queryFn: ({ signal }) => api.get<NamedItem[]>(`getLinesByLaboratory/${laboratoryId}`, { signal }),
    ...REFERENCE,
  });

/** `GET /api/getMedDRALLT/{term}` (the RAM modal's term picker): the dictionary rarely changes, a search is kept for the session. */
export const meddraSearchQuery = (term: string) =>
  queryOptions({
    queryKey: referenceKeys.meddra(term),
    queryFn: ({ signal }) => api.get<MeddraMatch[]>(`getMedDRALLT/${m(term)}`, { signal, notify: false }),
    staleTime: Infinity,
  });

/** Refreshes every read of a case (after any write). */
export function invalidateCase(queryClient: QueryClient, meta: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: caseKeys.all(meta) });
}

/** Download paths (GET, bytes with the original name). */
export const downloadPaths = {
  origin: (meta: string) => `downloadOriginReportById/${m(meta)}`,
  document: (id: number) => `downloadDocAndNotesById/${id}`,
  medicalContact: (id: number) => `downloadFileContactoMedicoById/${id}`,
};
