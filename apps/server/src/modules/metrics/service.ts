import { type ActiveMetricBody, type Metric, MSG, type UpdateMetricTimeBody } from '@atalaya/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import type { AuthUser } from '../../http/access-token.js';
import { badRequest, notFound } from '../../http/errors.js';
import { writeAudit } from '../audit/index.js';
import { refreshCaseDeadlines } from '../deadlines/index.js';
import { announceConfigurationChanged, type ConfigurationEvents } from '../../shared/configuration-events.js';
import { metricById, setMetricActive, setMetricTime, timeOptionById } from './queries.js';

export interface MetricsDeps {
  db: Db;
  configurationEvents: ConfigurationEvents;
  log: FastifyBaseLogger;
}

/** What the hub's 'Cambio en la configuración' names for a metric change. */
export const METRICS_CHANGE = 'metricas';

/**
 * Changes one metric in one transaction: the row is locked, `change` decides the new values
 * (or throws a refusal), and the audit row ('metric.changed', instance Configuracion, old and
 * new values) is written with it. A change to the value it already has writes nothing and
 * announces nothing. After the commit the hub is told ('Cambio en la configuración'). The
 * task lists read the active metrics in each request's statement, so the next list shows it.
 */
async function changeMetric(
  deps: MetricsDeps,
  user: AuthUser,
  id: number,
  change: (metric: Metric, tx: Tx) => Promise<{ field: 'TiempoId' | 'Activo'; description: string } | null>,
): Promise<Metric> {
  const outcome = await deps.db.transaction(async (tx) => {
    const before = await metricById(tx, id, true);
    if (!before) throw notFound(MSG.metrics.notFound);
    const done = await change(before, tx);
    if (!done) return { metric: before, changed: false };
    const after = await metricById(tx, id);
    if (!after) throw notFound(MSG.metrics.notFound);
    const values = (metric: Metric) =>
      done.field === 'TiempoId' ? { TiempoId: metric.TiempoId, TiempoNombre: metric.TiempoNombre } : { Activo: metric.Activo };
    await writeAudit(tx, {
      kind: 'metric.changed',
      actor: user,
      pkId: String(id),
      description: `Métrica ${before.Nombre} (${before.Siglas}): ${done.description}`,
      oldValues: values(before),
      newValues: values(after),
    });
    return { metric: after, changed: true };
  });
  if (outcome.changed) announceConfigurationChanged(deps.configurationEvents, { what: METRICS_CHANGE }, deps.log);
  return outcome.metric;
}

/** `updateMetricTime` {id, tiempo}: the metric's limit becomes that time option. */
export function updateMetricTime(deps: MetricsDeps, user: AuthUser, body: UpdateMetricTimeBody): Promise<Metric> {
  return changeMetric(deps, user, body.id, async (metric, tx) => {
    const option = await timeOptionById(tx, body.tiempo);
    if (!option) throw badRequest(MSG.metrics.timeOptionNotFound);
    if (option.Id === metric.TiempoId) return null;
    await setMetricTime(tx, metric.MetricaId, option.Id);
    await refreshCaseDeadlines(tx, { metricId: metric.MetricaId });
    return { field: 'TiempoId', description: `tiempo ${metric.TiempoNombre} → ${option.Nombre}` };
  });
}

/** `activeMetric` {the metric}: the metric becomes active or inactive as `Activo` says. */
export function activeMetric(deps: MetricsDeps, user: AuthUser, body: ActiveMetricBody): Promise<Metric> {
  return changeMetric(deps, user, body.MetricaId, async (metric, tx) => {
    if (metric.Activo === body.Activo) return null;
    await setMetricActive(tx, metric.MetricaId, body.Activo);
    await refreshCaseDeadlines(tx, { metricId: metric.MetricaId });
    return { field: 'Activo', description: body.Activo ? 'activada' : 'desactivada' };
  });
}
