import {
  DEFAULT_HOME_REPORT_ORDER,
  DEFAULT_WORKFLOW_ORDER,
  PAGE_SIZE,
  HOME_REPORT_STATUS,
  type HomeReportStatusResult,
  type HomeReportStatusUpdate,
  homeReportsApi,
  tasksApi,
  type PageRequest,
  pageKeyText,
} from '@atalaya/domain';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/api';
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

/** The params of `getWFReportHome` for "Reportes pendientes de médico / paciente": a page in an order. */
export function homeReportsListParams(request: PageRequest = FIRST_PAGE, orderBy: string = DEFAULT_HOME_REPORT_ORDER) {
  return { params: { page: request.pageNumber, size: PAGE_SIZE, orderBy }, query: { pageKey: pageKeyText(request.at) } };
}

/**
 * The params of `getReportHome` for the 'Descartados' tab: the discarded reports (status 3) in
 * the user's reach, from where Revisar brings one back; no other filter (reference, kind, country, dates).
 */
export function discardedReportsListParams(request: PageRequest = FIRST_PAGE, orderBy: string = DEFAULT_HOME_REPORT_ORDER) {
  return {
    params: {
      page: request.pageNumber,
      size: PAGE_SIZE,
      orderBy,
      id: null,
      isMedic: null,
      status: HOME_REPORT_STATUS.DESCARTADO,
      country: null,
      from: null,
      to: null,
    },
    query: { pageKey: pageKeyText(request.at) },
  };
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
    queryFn: ({ signal }) => call(homeReportsApi.getWFReportHome, { ...homeReportsListParams(request, orderBy), signal }),
    ...LIST_OPTIONS,
  });

export const discardedReportsListQuery = (request: PageRequest = FIRST_PAGE, orderBy: string = DEFAULT_HOME_REPORT_ORDER) =>
  queryOptions({
    queryKey: tasksKeys.discardedReports(request, orderBy),
    queryFn: ({ signal }) => call(homeReportsApi.getReportHome, { ...discardedReportsListParams(request, orderBy), signal }),
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
    queryFn: ({ signal }) => call(homeReportsApi.getEventoDeHomeById, { params: { id }, signal }),
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
  const endpoint = body.newStatus === null || body.newStatus === undefined ? homeReportsApi.createerfromerhome : homeReportsApi.updatestatiserfromerhome;
  return call(endpoint, { body });
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
