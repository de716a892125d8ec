import type { ErAction, ErEvent, Evaluation, HistoryEntry, PagedResult, PdfHistoryItem } from '@atalaya/domain';
import { HISTORY_PAGE_SIZE } from '@atalaya/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api';
import { caseKeys } from '../event-wizard/api';

/** The event view's own reads, under the case's keys so a write refreshes all of it. */
export const viewKeys = {
  actions: (meta: string) => [...caseKeys.all(meta), 'actions'] as const,
  history: (meta: string, page: number) => [...caseKeys.all(meta), 'history', page] as const,
  pdfs: (meta: string) => [...caseKeys.all(meta), 'pdfs'] as const,
  evaluation: (meta: string) => [...caseKeys.all(meta), 'evaluation'] as const,
};

const m = encodeURIComponent;

export const actionsQuery = (meta: string) =>
  queryOptions({ queryKey: viewKeys.actions(meta), queryFn: ({ signal }) => api.get<ErAction[]>(`getActionsERByMeta/${m(meta)}`, { signal }) });

export const historyQuery = (meta: string, page: number) =>
  queryOptions({
    queryKey: viewKeys.history(meta, page),
    queryFn: ({ signal }) =>
      api.post<PagedResult<HistoryEntry>>('getERHistoryByMeta', { meta, pageNumber: page, pageSize: HISTORY_PAGE_SIZE, orderBy: 'Date DESC' }, { signal }),
  });

export const pdfsQuery = (meta: string) =>
  queryOptions({ queryKey: viewKeys.pdfs(meta), queryFn: ({ signal }) => api.get<PdfHistoryItem[]>(`listERPDF/${m(meta)}`, { signal }) });

export const evaluationQuery = (meta: string) =>
  queryOptions({ queryKey: viewKeys.evaluation(meta), queryFn: ({ signal }) => api.get<Evaluation>(`getImputEvaluationByMeta/${m(meta)}`, { signal }) });

/** sendAccion: the action with its comment and the confirmation's labels; answers the case. */
export function sendAction(meta: string, action: ErAction, comment: string): Promise<ErEvent> {
  return api.post<ErEvent>('sendAccion', { Event: { Accion: action.Accion, Event: meta, Comments: comment }, Questions: [action.Titulo, action.Texto] });
}
