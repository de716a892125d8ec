import type { Metric, TimeOption } from '@atalaya/domain';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { metrics, timeOptions } from '../../db/schema/index.js';

const metricColumns = {
  MetricaId: metrics.metricaId,
  Nombre: metrics.nombre,
  Siglas: metrics.siglas,
  TiempoId: metrics.tiempoId,
  TiempoNombre: timeOptions.nombre,
  Activo: metrics.activo,
};

/** Every metric with its time option's name, by id (the Metricas list). */
export function allMetrics(db: DbOrTx): Promise<Metric[]> {
  return db.select(metricColumns).from(metrics).innerJoin(timeOptions, eq(timeOptions.id, metrics.tiempoId)).orderBy(asc(metrics.metricaId));
}

/** One metric with its time option's name; with `lock`, its row is locked for the transaction (FOR UPDATE). */
export async function metricById(db: DbOrTx, id: number, lock = false): Promise<Metric | undefined> {
  const query = db.select(metricColumns).from(metrics).innerJoin(timeOptions, eq(timeOptions.id, metrics.tiempoId)).where(eq(metrics.metricaId, id));
  const [row] = lock ? await query.for('update', { of: metrics }) : await query;
  return row;
}

/** The time options, shortest first (the ids are in that order). */
export function allTimeOptions(db: DbOrTx): Promise<TimeOption[]> {
  return db.select({ Id: timeOptions.id, Nombre: timeOptions.nombre }).from(timeOptions).orderBy(asc(timeOptions.id));
}

export async function timeOptionById(db: DbOrTx, id: number): Promise<TimeOption | undefined> {
  const [row] = await db.select({ Id: timeOptions.id, Nombre: timeOptions.nombre }).from(timeOptions).where(eq(timeOptions.id, id));
  return row;
}

export async function setMetricTime(db: DbOrTx, id: number, tiempoId: number): Promise<void> {
  await db.update(metrics).set({ tiempoId }).where(eq(metrics.metricaId, id));
}

export async function setMetricActive(db: DbOrTx, id: number, activo: boolean): Promise<void> {
  await db.update(metrics).set({ activo }).where(eq(metrics.metricaId, id));
}
