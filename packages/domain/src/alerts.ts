import { ER_STATUS, erStatusName } from './event-status.js';
import type { Tone } from './tone.js';

/** KPI alert level of a case (`SincAlertaEstado`): High, Medium, or anything else for none. */
export type SyncAlertLevel = 'High' | 'Medium';

/** The list-row fields the card colour depends on (event spec §3 'List row'). */
export interface CardAlertInput {
  MetricsAlerts?: readonly unknown[] | null;
  /** Status id or its Spanish name. */
  Estado?: number | string | null;
  SincAlertaEstado?: string | null;
}

/**
 * Colour of a case card in the compact list (event spec §4 'Alert colours'), first match wins:
 * any metrics alert → danger; Pendiente → info; SincAlertaEstado High → danger,
 * Medium → warning; otherwise success.
 */
export function cardAlertTone(row: CardAlertInput): Exclude<Tone, 'secondary'> {
  if ((row.MetricsAlerts?.length ?? 0) > 0) return 'danger';
  const pending = erStatusName(ER_STATUS.PENDIENTE);
  if (row.Estado === ER_STATUS.PENDIENTE || row.Estado === pending) return 'info';
  if (row.SincAlertaEstado === 'High') return 'danger';
  if (row.SincAlertaEstado === 'Medium') return 'warning';
  return 'success';
}
