import {
  DEFAULT_HOME_REPORT_ORDER,
  DEFAULT_WORKFLOW_ORDER,
  PAGE_SIZE,
  type AnnulEvent,
  type AnnulResult,
  type ErListRow,
  type HomeReportDetail,
  type HomeReportRow,
  type HomeReportStatusResult,
  type HomeReportStatusUpdate,
  type PagedResult,
} from '@atalaya/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api';

/** Cache keys of the Tasks screen. Both lists sit under `lists`, so one invalidation reloads them. */
export const tasksKeys = {
  all: ['tasks'] as const,
  lists: ['tasks', 'list'] as const,
  workflow: (page: number, orderBy: string) => ['tasks', 'list', 'workflow', page, orderBy] as const,
  homeReports: (page: number, orderBy: string) => ['tasks', 'list', 'home-reports', page, orderBy] as const,
  homeReport: (id: string) => ['tasks', 'home-report', id] as const,
};

/** The filters getWorkFlow takes (status, case, from, to, category, sub-group): none on this screen. */
const NO_WORKFLOW_FILTERS = Array.from({ length: 6 }, () => 'null').join('/');

/** `getWorkFlow/{page}/15/{orderBy}/null/null/null/null/null/null`: "Mis acciones pendientes". */
export function workflowListPath(page: number, orderBy: string = DEFAULT_WORKFLOW_ORDER): string {
  return `getWorkFlow/${page}/${PAGE_SIZE}/${encodeURIComponent(orderBy)}/${NO_WORKFLOW_FILTERS}`;
}

/** `getWFReportHome/{page}/15/{orderBy}`: "Reportes pendientes de médico / paciente". */
export function homeReportsListPath(page: number, orderBy: string = DEFAULT_HOME_REPORT_ORDER): string {
  return `getWFReportHome/${page}/${PAGE_SIZE}/${encodeURIComponent(orderBy)}`;
}

/** The lists are what the user works from: always asked again when the screen opens. */
const LIST_OPTIONS = { staleTime: 0, placeholderData: keepPreviousData } as const;

export const workflowListQuery = (page: number, orderBy: string = DEFAULT_WORKFLOW_ORDER) =>
  queryOptions({
    queryKey: tasksKeys.workflow(page, orderBy),
    queryFn: ({ signal }) => api.get<PagedResult<ErListRow>>(workflowListPath(page, orderBy), { signal }),
    ...LIST_OPTIONS,
  });

export const homeReportsListQuery = (page: number, orderBy: string = DEFAULT_HOME_REPORT_ORDER) =>
  queryOptions({
    queryKey: tasksKeys.homeReports(page, orderBy),
    queryFn: ({ signal }) => api.get<PagedResult<HomeReportRow>>(homeReportsListPath(page, orderBy), { signal }),
    ...LIST_OPTIONS,
  });

/** `getEventoDeHomeById/{id}`: the whole incoming report for the summary modal. */
export const homeReportQuery = (id: string) =>
  queryOptions({
    queryKey: tasksKeys.homeReport(id),
    queryFn: ({ signal }) => api.get<HomeReportDetail>(`getEventoDeHomeById/${encodeURIComponent(id)}`, { signal }),
    enabled: id !== '',
    staleTime: 0,
  });

/** `POST anularER`: the case becomes Anulado (11). */
export function annulEvent(body: AnnulEvent): Promise<AnnulResult> {
  return api.post<AnnulResult>('anularER', body);
}

/**
 * Triage of an incoming report: `updatestatiserfromerhome` for Revisar (2) and Descartar (3),
 * `createerfromerhome` for Ingresar (newStatus null), which answers the new case's meta.
 */
export function triageHomeReport(body: HomeReportStatusUpdate): Promise<HomeReportStatusResult> {
  const call = body.newStatus === null || body.newStatus === undefined ? 'createerfromerhome' : 'updatestatiserfromerhome';
  return api.post<HomeReportStatusResult>(call, body);
}
