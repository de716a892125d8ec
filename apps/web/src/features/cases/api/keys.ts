/**
 * The one query-key factory of everything about a case. Every read of a case sits under
 * `caseKeys.all(meta)`, so `invalidateCase` refreshes all of it after a write. Reference lists
 * sit under `referenceKeys`; the task lists (which show a case's status) under `TASKS_KEY`,
 * which the tasks feature extends for its own keys.
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
  homeReport: (meta: string) => ['case', meta, 'home-report'] as const,
  comments: (meta: string) => ['case', meta, 'comments'] as const,
  followUps: (meta: string) => ['case', meta, 'follow-ups'] as const,
  followUp: (meta: string, id: number | null) => ['case', meta, 'follow-up', id] as const,
  actions: (meta: string) => ['case', meta, 'actions'] as const,
  history: (meta: string, page: number) => ['case', meta, 'history', page] as const,
  pdfs: (meta: string) => ['case', meta, 'pdfs'] as const,
  evaluation: (meta: string) => ['case', meta, 'evaluation'] as const,
  whoUmc: (meta: string) => ['case', meta, 'who-umc'] as const,
  approvedFabric: (meta: string) => ['case', meta, 'approvedFabric'] as const,
  /** The follow-up events of a case, found by its reference (not its meta). */
  followUpEvents: (reference: string) => ['follow-up-events', reference] as const,
};

export const referenceKeys = {
  codigueras: ['reference', 'codigueras-basic'] as const,
  erNew: ['reference', 'er-new'] as const,
  lines: (laboratoryId: number) => ['reference', 'lines', laboratoryId] as const,
  meddra: (term: string) => ['reference', 'meddra', term] as const,
};

/** The root of the Tasks screen's keys: a write that changes a case's status refreshes it. */
export const TASKS_KEY = ['tasks'] as const;

/** What the lists know of a case: its meta and its reference. */
export interface CaseRef {
  Meta: string;
  NumeroReferencia: string;
}
