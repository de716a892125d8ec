import {
  DEFAULT_HOME_REPORT_ORDER,
  DEFAULT_WORKFLOW_ORDER,
  PAGE_SIZE,
  HOME_REPORT_STATUS,
  type HomeReportRow,
  type HomeReportStatusResult,
  type HomeReportStatusUpdate,
  type HomeReportWithHistory,
  type PagedResult,
  tasksApi,
  type PageRequest,
  pageKeyText,
} from '@atalaya/domain';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, call } from '../../shared/api';
import { FIRST_PAGE } from '../../shared/list';
import { TASKS_KEY } from '../cases';

/** Cache keys of the Tasks screen. Both lists sit under `lists`, so one invalidation reloads them. */
export const tasksKeys = {
  all: TASKS_KEY,
  lists: [...TASKS_KEY, 'list'] as const,
  workflow: (request: PageRequest, orderBy: string) =>
    [...TASKS_KEY, 'list', 'workflow', request.pageNumber, pageKeyText(request.at) ?? 'first', orderBy] as const,
  homeReports: (request: PageRequest, orderBy: string) =>
    [...TASKS_KEY, 'list', 'home-reports', request.pageNumber, pageKeyText(request.at) ?? 'first', orderBy] as const,
  discardedReports: (request: PageRequest, orderBy: string) =>
    [...TASKS_KEY, 'list', 'discarded-reports', request.pageNumber, pageKeyText(request.at) ?? 'first', orderBy] as const,
  homeReport: (id: string) => [...TASKS_KEY, 'home-report', id] as const,
};

/** `?pageKey=…` of a page request, '' for the first page (docs/api.md 'Paging'). */
export function pageKeyQuery(request: PageRequest): string {
  const key = pageKeyText(request.at);
  return key === undefined ? '' : `?pageKey=${encodeURIComponent(key)}`;
}

/** The params of `getWorkFlow` for "Mis acciones pendientes": a page in an order, no filter (status, case, dates, category, sub-group). */
export function workflowListParams(request: PageRequest = FIRST_PAGE, orderBy: string = DEFAULT_WORKFLOW_ORDER) {
  return {
    params: {
      page: request.pageNumber,
      size: PAGE_SIZE,
      orderBy,
      statusId: null,
      idEr: null,
      from: null,
      to: null,
      categoryId: null,
      subGroupId: null,
    },
    query: { pageKey: pageKeyText(request.at) },
  };
}

/** `getWFReportHome/{page}/15/{orderBy}?pageKey=…`: "Reportes pendientes de médico / paciente". */
export function homeReportsListPath(request: PageRequest = FIRST_PAGE, orderBy: string = DEFAULT_HOME_REPORT_ORDER): string {
  return `getWFReportHome/${request.pageNumber}/${PAGE_SIZE}/${encodeURIComponent(orderBy)}${pageKeyQuery(request)}`;
}

/**
 * `getReportHome/{page}/15/{orderBy}/null/null/3/null/null/null?pageKey=…`: the 'Descartados' tab,
 * the discarded reports (status 3) in the user's reach, from where Revisar brings one back.
 */
export function discardedReportsListPath(request: PageRequest = FIRST_PAGE, orderBy: string = DEFAULT_HOME_REPORT_ORDER): string {
  const filters = ['null', 'null', String(HOME_REPORT_STATUS.DESCARTADO), 'null', 'null', 'null'].join('/');
  return `getReportHome/${request.pageNumber}/${PAGE_SIZE}/${encodeURIComponent(orderBy)}/${filters}${pageKeyQuery(request)}`;
}

/** The lists are what the user works from: always asked again when the screen opens. */
const LIST_OPTIONS = { staleTime: 0, placeholderData: keepPreviousData } as const;

export const workflowListQuery = (request: PageRequest = FIRST_PAGE, orderBy: string = DEFAULT_WORKFLOW_ORDER) =>
  queryOptions({
    queryKey: tasksKeys.workflow(request, orderBy),
    queryFn: ({ signal }) => call(tasksApi.getWorkFlow, { ...workflowListParams(request, orderBy), signal }),
    ...LIST_OPTIONS,
  });

export const homeReportsListQuery = (request: PageRequest = FIRST_PAGE, orderBy: string = DEFAULT_HOME_REPORT_ORDER) =>
  queryOptions({
    queryKey: tasksKeys.homeReports(request, orderBy),
    queryFn: ({ signal }) => api.get<PagedResult<HomeReportRow>>(homeReportsListPath(request, orderBy), { signal }),
    ...LIST_OPTIONS,
  });

export const discardedReportsListQuery = (request: PageRequest = FIRST_PAGE, orderBy: string = DEFAULT_HOME_REPORT_ORDER) =>
  queryOptions({
    queryKey: tasksKeys.discardedReports(request, orderBy),
    queryFn: ({ signal }) => api.get<PagedResult<HomeReportRow>>(discardedReportsListPath(request, orderBy), { signal }),
    ...LIST_OPTIONS,
  });

/**
 * `getEventoDeHomeById/{id}`: the whole incoming report, with its status history, for the
 * summary modal. Read again every time the modal opens (`refetchOnMount: 'always'`) and not
 * kept once closed (`gcTime: 0`): the modal waits for that read (`freshReport`), so a report
 * triaged since (here or by another user) never shows its old status and buttons.
 */
export const homeReportQuery = (id: string) =>
  queryOptions({
    queryKey: tasksKeys.homeReport(id),
    queryFn: ({ signal }) => api.get<HomeReportWithHistory>(`getEventoDeHomeById/${encodeURIComponent(id)}`, { signal }),
    enabled: id !== '',
    staleTime: 0,
    gcTime: 0,
    refetchOnMount: 'always',
  });

/**
 * The report the modal may show: only one read since the modal opened. A cached read from an
 * earlier opening (another status, other buttons) is not shown while the new one loads.
 */
export function freshReport<T>(query: { data: T | undefined; isFetchedAfterMount: boolean }): T | undefined {
  return query.isFetchedAfterMount ? query.data : undefined;
}

/**
 * Triage of an incoming report: `updatestatiserfromerhome` for Revisar (2) and Descartar (3),
 * `createerfromerhome` for Ingresar (newStatus null), which answers the new case's meta.
 */
function triageHomeReport(body: HomeReportStatusUpdate): Promise<HomeReportStatusResult> {
  const call = body.newStatus === null || body.newStatus === undefined ? 'createerfromerhome' : 'updatestatiserfromerhome';
  return api.post<HomeReportStatusResult>(call, body);
}

/** The triage as a mutation. Refused or done, the lists may have changed under the user (another user triaged it). */
export function useTriageHomeReport<A extends string>(reportId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body }: { action: A; body: HomeReportStatusUpdate }) => triageHomeReport(body),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: tasksKeys.lists });
      void queryClient.invalidateQueries({ queryKey: tasksKeys.homeReport(reportId) });
    },
  });
}
