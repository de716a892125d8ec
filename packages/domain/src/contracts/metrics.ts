import { z } from 'zod';
import { dbId } from '../fields.js';
import { MSG } from '../messages.js';

/** A time option a metric's limit is chosen from (platform spec §3 'Time option'). */
export const timeOptionSchema = z.object({ Id: z.number().int(), Nombre: z.string() });
export type TimeOption = z.infer<typeof timeOptionSchema>;

/**
 * A notification-time metric (platform spec §3 'Metric') with the name of its time option
 * (`TiempoNombre`, ours: the list shows it without a second lookup).
 */
export const metricSchema = z.object({
  MetricaId: z.number().int(),
  Nombre: z.string(),
  Siglas: z.string(),
  TiempoId: z.number().int(),
  TiempoNombre: z.string(),
  Activo: z.boolean(),
});
export type Metric = z.infer<typeof metricSchema>;

/** `POST /api/updateMetricTime` {id, tiempo} (platform spec §7 'metric update time'). */
export const updateMetricTimeBodySchema = z.object({
  id: dbId(MSG.metrics.notFound),
  tiempo: dbId(MSG.metrics.timeOptionNotFound),
});
export type UpdateMetricTimeBody = z.infer<typeof updateMetricTimeBodySchema>;

/**
 * `POST /api/activeMetric` {the metric} (platform spec §7 'metric active or inactive'): the
 * metric as the list holds it with `Activo` set to the wanted state. Only `MetricaId` and
 * `Activo` are read; the other fields may be sent and are ignored.
 */
export const activeMetricBodySchema = z.object({
  MetricaId: dbId(MSG.metrics.notFound),
  Activo: z.boolean({ error: MSG.metrics.activeRequired }),
});
export type ActiveMetricBody = z.infer<typeof activeMetricBodySchema>;
