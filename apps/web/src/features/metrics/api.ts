import { type Metric, metricsApi, MSG, type UpdateMetricTimeBody } from '@atalaya/domain';
import { queryOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/api';
import { showNotice } from '../../shared/notices';

/** Cache keys of the Metricas screen. */
export const metricsKeys = {
  all: ['metrics'] as const,
  list: ['metrics', 'list'] as const,
  timeOptions: ['metrics', 'time-options'] as const,
};

/** `getAllMetricsTime`: every metric with its time option and active flag. */
export const metricsQuery = () =>
  queryOptions({ queryKey: metricsKeys.list, queryFn: ({ signal }) => call(metricsApi.getAllMetricsTime, { signal }) });

/** `getTimeOptions`: the fixed list a metric's time is chosen from (24 h … 90 días). */
export const timeOptionsQuery = () =>
  queryOptions({
    queryKey: metricsKeys.timeOptions,
    queryFn: ({ signal }) => call(metricsApi.getTimeOptions, { signal }),
    staleTime: 10 * 60_000,
  });

/**
 * Shows `change` in the list at once (the select or switch moves when touched) and returns
 * how to put the list back as it was.
 */
async function showAtOnce(queryClient: QueryClient, id: number, change: Partial<Metric>): Promise<() => void> {
  await queryClient.cancelQueries({ queryKey: metricsKeys.list });
  const before = queryClient.getQueryData<Metric[]>(metricsKeys.list);
  queryClient.setQueryData<Metric[]>(metricsKeys.list, (list) => list?.map((metric) => (metric.MetricaId === id ? { ...metric, ...change } : metric)));
  return () => queryClient.setQueryData(metricsKeys.list, before);
}

/** The answer (the changed metric) into the list. */
function keep(queryClient: QueryClient, changed: Metric): void {
  queryClient.setQueryData<Metric[]>(metricsKeys.list, (list) => list?.map((metric) => (metric.MetricaId === changed.MetricaId ? changed : metric)));
}

/**
 * `updateMetricTime`: the select shows the new time at once; on failure the API client shows
 * the error notice and the old time comes back; on success 'Tiempo de notificación actualizado'.
 */
export function useUpdateMetricTime() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateMetricTimeBody & { TiempoNombre: string }) =>
      call(metricsApi.updateMetricTime, { body: { id: body.id, tiempo: body.tiempo } }),
    onMutate: (body) => showAtOnce(queryClient, body.id, { TiempoId: body.tiempo, TiempoNombre: body.TiempoNombre }),
    onError: (_error, _body, restore) => restore?.(),
    onSuccess: (changed) => {
      keep(queryClient, changed);
      showNotice({ kind: 'success', title: MSG.metrics.timeUpdated, message: `${changed.Nombre}: ${changed.TiempoNombre}` });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: metricsKeys.list }),
  });
}

/**
 * `activeMetric` with the metric as listed and `Activo` flipped. On failure the switch goes
 * back silently (platform spec §4 'Metric active toggle', §8); on success a notice.
 */
export function useActiveMetric() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (metric: Metric) => call(metricsApi.activeMetric, { body: metric, notify: false }),
    onMutate: (metric) => showAtOnce(queryClient, metric.MetricaId, { Activo: metric.Activo }),
    onError: (_error, _metric, restore) => restore?.(),
    onSuccess: (changed) => {
      keep(queryClient, changed);
      showNotice({ kind: 'success', title: changed.Activo ? MSG.metrics.activated : MSG.metrics.deactivated, message: changed.Nombre });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: metricsKeys.list }),
  });
}
