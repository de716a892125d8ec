import {
  caseAssessmentApi,
  caseEditApi,
  caseMedicationsApi,
  casePdfApi,
  casesApi,
  caseWorkflowApi,
  filesApi,
  followUpApi,
  HISTORY_PAGE_SIZE,
  type HomeReportDetail,
  homeReportsApi,
  meddraApi,
  referenceDataApi,
  tasksApi,
} from '@atalaya/domain';
import { queryOptions } from '@tanstack/react-query';
import { call, isApiError } from '../../../shared/api';
import { caseKeys, referenceKeys } from './keys';

/**
 * Every read of a case (event spec §2.3, §7) as TanStack Query options, keyed by `caseKeys`.
 * Reference lists change rarely: cached for the session.
 */

const REFERENCE = { staleTime: Infinity, gcTime: Infinity } as const;

/** A read whose record may not exist yet: the patient answers 404 then; origin and medical contact answer null. */
async function orNull<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export const eventQuery = (meta: string) =>
  queryOptions({ queryKey: caseKeys.event(meta), queryFn: ({ signal }) => call(caseEditApi.getERByMeta, { params: { meta }, signal }) });

export const patientQuery = (meta: string) =>
  queryOptions({
    queryKey: caseKeys.patient(meta),
    queryFn: ({ signal }) => orNull(call(casesApi.getPacienteByERMeta, { params: { meta }, signal, notify: false })),
  });

export const originQuery = (meta: string) =>
  queryOptions({
    queryKey: caseKeys.origin(meta),
    queryFn: ({ signal }) => orNull(call(caseEditApi.getOriginReportByMeta, { params: { meta }, signal, notify: false })),
  });

export const medicationsQuery = (meta: string) =>
  queryOptions({
    queryKey: caseKeys.medications(meta),
    queryFn: ({ signal }) => call(caseMedicationsApi.getProductsRelationsByMeta, { params: { meta }, signal }),
  });

export const ramsQuery = (meta: string) =>
  queryOptions({ queryKey: caseKeys.rams(meta), queryFn: ({ signal }) => call(caseMedicationsApi.getRAMByMeta, { params: { meta }, signal }) });

export const previousMedicationsQuery = (meta: string) =>
  queryOptions({
    queryKey: caseKeys.previousMedications(meta),
    queryFn: ({ signal }) => call(caseEditApi.MedicamentoAnteriorByMeta, { params: { meta }, signal }),
  });

export const medicalContactQuery = (meta: string) =>
  queryOptions({
    queryKey: caseKeys.medicalContact(meta),
    queryFn: ({ signal }) => orNull(call(caseEditApi.getContactoMedicoByMeta, { params: { meta }, signal, notify: false })),
  });

export const documentsQuery = (meta: string) =>
  queryOptions({
    queryKey: caseKeys.documents(meta),
    queryFn: ({ signal }) => call(filesApi.getDocsAndNotesByMeta, { params: { meta }, signal }),
  });

export const whoReportQuery = (meta: string) =>
  queryOptions({
    queryKey: caseKeys.whoReport(meta),
    queryFn: ({ signal }) => call(caseEditApi.getERWhoReportByMeta, { params: { meta }, signal }),
  });

/** The medicines sold in the case's country (the medication step's picker). */
export const countryProductsQuery = (meta: string) =>
  queryOptions({
    queryKey: caseKeys.products(meta),
    queryFn: ({ signal }) => call(referenceDataApi.getProductsCountryByMeta, { params: { meta }, signal }),
    staleTime: 5 * 60_000,
  });

export const codiguerasQuery = () =>
  queryOptions({ queryKey: referenceKeys.codigueras, queryFn: ({ signal }) => call(referenceDataApi.getCodiguerasBasic, { signal }), ...REFERENCE });

export const erNewQuery = () =>
  queryOptions({ queryKey: referenceKeys.erNew, queryFn: ({ signal }) => call(referenceDataApi.getERNew, { signal }), staleTime: 60_000 });

/** The manufacturer lines of a laboratory (the medication form's 'Fabricante' multi-select). */
export const linesQuery = (laboratoryId: number) =>
  queryOptions({
    queryKey: referenceKeys.lines(laboratoryId),
    queryFn: ({ signal }) => call(referenceDataApi.getLinesByLaboratory, { params: { id: laboratoryId }, signal }),
    ...REFERENCE,
  });

/**
 * `getEventoDeHomeByMeta/{meta}`: the incoming report the case was entered from (docs/api.md),
 * the domain's contract; the stored report is read loosely (the two variants store different fields).
 */
export type HomeReportOfCase = HomeReportDetail;

export const homeReportOfCaseQuery = (meta: string) =>
  queryOptions({
    queryKey: caseKeys.homeReport(meta),
    queryFn: ({ signal }) => call(homeReportsApi.getEventoDeHomeByMeta, { params: { meta }, signal, notify: false }),
    staleTime: 5 * 60_000,
  });

export const actionsQuery = (meta: string) =>
  queryOptions({ queryKey: caseKeys.actions(meta), queryFn: ({ signal }) => call(caseWorkflowApi.getActionsERByMeta, { params: { meta }, signal }) });

export const historyQuery = (meta: string, page: number) =>
  queryOptions({
    queryKey: caseKeys.history(meta, page),
    queryFn: ({ signal }) =>
      call(caseWorkflowApi.getERHistoryByMeta, { body: { meta, pageNumber: page, pageSize: HISTORY_PAGE_SIZE, orderBy: 'Date DESC' }, signal }),
  });

export const pdfsQuery = (meta: string) =>
  queryOptions({ queryKey: caseKeys.pdfs(meta), queryFn: ({ signal }) => call(casePdfApi.listERPDF, { params: { id: meta }, signal }) });

export const evaluationQuery = (meta: string) =>
  queryOptions({ queryKey: caseKeys.evaluation(meta), queryFn: ({ signal }) => call(caseAssessmentApi.getImputEvaluationByMeta, { params: { meta }, signal }) });

/** `getWhoUmcByMeta`: the WHO-UMC causality of every reaction × suspect drug pair. */
export const whoUmcQuery = (meta: string) =>
  queryOptions({ queryKey: caseKeys.whoUmc(meta), queryFn: ({ signal }) => call(caseAssessmentApi.getWhoUmcByMeta, { params: { meta }, signal }) });

export const approvedFabricQuery = (meta: string) =>
  queryOptions({ queryKey: caseKeys.approvedFabric(meta), queryFn: ({ signal }) => call(caseWorkflowApi.getApprovedFabricByMeta, { params: { meta }, signal }) });

/** `GET /api/getERCommentsByMeta/{meta}`: the workflow comments of a case, newest first. */
export const caseCommentsQuery = (meta: string) =>
  queryOptions({
    queryKey: caseKeys.comments(meta),
    queryFn: ({ signal }) => call(tasksApi.getERCommentsByMeta, { params: { meta }, signal }),
    enabled: meta !== '',
  });

/** `GET /api/getERFollowUpByMeta/{meta}`: the follow-up reports of a case, newest first. */
export const caseFollowUpsQuery = (meta: string) =>
  queryOptions({
    queryKey: caseKeys.followUps(meta),
    queryFn: ({ signal }) => call(tasksApi.getERFollowUpByMeta, { params: { meta }, signal }),
    enabled: meta !== '',
  });

/** `GET Seguimiento/{id}`: one follow-up report of the case, asked when opened. */
export const followUpReportQuery = (meta: string, id: number | null) =>
  queryOptions({
    queryKey: caseKeys.followUp(meta, id),
    queryFn: ({ signal }) => call(followUpApi.Seguimiento, { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
  });

/** `GET getFollowUpEventsByReference/{reference}`: the follow-up events (EventType 3) of a case. */
export const followUpEventsQuery = (reference: string) =>
  queryOptions({
    queryKey: caseKeys.followUpEvents(reference),
    queryFn: ({ signal }) => call(followUpApi.getFollowUpEventsByReference, { params: { reference }, signal }),
  });

export interface MeddraTerm {
  llt_code: number;
  llt_name: string;
}

/** The dictionary rarely changes: a search is kept for the session. */
export const meddraSearchQuery = (term: string) =>
  queryOptions({
    queryKey: referenceKeys.meddra(term),
    queryFn: ({ signal }) => call(meddraApi.getMedDRALLT, { params: { term }, signal, notify: false }),
    staleTime: Infinity,
  });
