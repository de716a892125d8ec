import { type SignalIcHistory, signalsApi, type SignalTable } from '@atalaya/domain';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, call, saveBlob } from '../../shared/api';

/** Cache keys of the Señales screen. */
export const signalsKeys = {
  all: ['signals'] as const,
  options: ['signals', 'options'] as const,
  table: (query: string) => ['signals', 'table', query] as const,
  icHistory: (query: string) => ['signals', 'ic-history', query] as const,
};

/** `GET /api/signals/options`: the filters' choices. */
export const signalOptionsQuery = () =>
  queryOptions({ queryKey: signalsKeys.options, queryFn: ({ signal }) => call(signalsApi.signalsOptions, { signal }), staleTime: 5 * 60_000 });

/** `GET /api/signals`, page after page ('Cargar más'): each page asks from the previous page's `Siguiente`. */
export const signalTableQuery = (query: string, enabled: boolean) =>
  infiniteQueryOptions({
    queryKey: signalsKeys.table(query),
    initialPageParam: null as string | null,
    queryFn: ({ signal, pageParam }) =>
      api.get<SignalTable>(`signals?${query}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`, { signal }),
    getNextPageParam: (page) => page.Siguiente,
    placeholderData: keepPreviousData,
    enabled,
  });

/** `GET /api/signals/ic-history`: one pair's IC by quarter. */
export const icHistoryQuery = (query: string | null) =>
  queryOptions({
    queryKey: signalsKeys.icHistory(query ?? ''),
    queryFn: ({ signal }) => api.get<SignalIcHistory>(`signals/ic-history?${query ?? ''}`, { signal }),
    enabled: query !== null,
  });

/** `GET /api/signals/export`: the filtered table as xlsx or CSV, saved by the browser. */
export async function downloadSignals(query: string, formato: 'xlsx' | 'csv'): Promise<void> {
  const blob = await api.get<Blob>(`signals/export?${query}&formato=${formato}`, { responseType: 'blob' });
  saveBlob(blob, `senales-${new Date().toISOString().slice(0, 10)}.${formato}`);
}
