import { signalsApi } from '@atalaya/domain';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call, saveBlob } from '../../shared/api';
import type { SignalFiltersQuery, SignalIcHistoryQuery, SignalTableQuery } from './signal-params';

/** Cache keys of the Señales screen. */
export const signalsKeys = {
  all: ['signals'] as const,
  options: ['signals', 'options'] as const,
  table: (query: SignalTableQuery) => ['signals', 'table', query] as const,
  icHistory: (query: SignalIcHistoryQuery | null) => ['signals', 'ic-history', query] as const,
};

/** `GET /api/signals/options`: the filters' choices. */
export const signalOptionsQuery = () =>
  queryOptions({ queryKey: signalsKeys.options, queryFn: ({ signal }) => call(signalsApi.signalsOptions, { signal }), staleTime: 5 * 60_000 });

/** `GET /api/signals`, page after page ('Cargar más'): each page asks from the previous page's `Siguiente`. */
export const signalTableQuery = (query: SignalTableQuery, enabled: boolean) =>
  infiniteQueryOptions({
    queryKey: signalsKeys.table(query),
    initialPageParam: null as string | null,
    queryFn: ({ signal, pageParam }) => call(signalsApi.signals, { query: pageParam ? { ...query, cursor: pageParam } : query, signal }),
    getNextPageParam: (page) => page.Siguiente,
    placeholderData: keepPreviousData,
    enabled,
  });

/** `GET /api/signals/ic-history`: one pair's IC by quarter. */
export const icHistoryQuery = (query: SignalIcHistoryQuery | null) =>
  queryOptions({
    queryKey: signalsKeys.icHistory(query),
    queryFn: ({ signal }) => call(signalsApi.signalsIcHistory, { query: query ?? {}, signal }),
    enabled: query !== null,
  });

/** `GET /api/signals/export`: the filtered table as xlsx or CSV, saved by the browser. */
export async function downloadSignals(query: SignalFiltersQuery, formato: 'xlsx' | 'csv'): Promise<void> {
  const blob = await call(signalsApi.signalsExport, { query: { ...query, formato } });
  saveBlob(blob, `senales-${new Date().toISOString().slice(0, 10)}.${formato}`);
}
