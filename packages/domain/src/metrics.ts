import type { SyncAlertLevel } from './alerts.js';

/** Time options a metric's limit is chosen from (workflow.md): Id, Nombre, and the limit in hours. */
export const TIME_OPTIONS: readonly { Id: number; Nombre: string; hours: number }[] = [
  { Id: 1, Nombre: '24 h', hours: 24 },
  { Id: 2, Nombre: '48 h', hours: 48 },
  { Id: 3, Nombre: '72 h', hours: 72 },
  { Id: 4, Nombre: '7 días', hours: 7 * 24 },
  { Id: 5, Nombre: '15 días', hours: 15 * 24 },
  { Id: 6, Nombre: '30 días', hours: 30 * 24 },
  { Id: 7, Nombre: '90 días', hours: 90 * 24 },
];

/** Milestones between which a metric measures time (workflow.md 'Notification-time metrics'). */
export type MetricMilestone =
  | 'receipt'
  | 'caseCreated'
  | 'sentToReview'
  | 'approvedByRlf'
  | 'inEvaluation'
  | 'concluded'
  | 'localSanitaryNotification'
  | 'providerNotification';

export interface MetricDefinition {
  MetricaId: number;
  Nombre: string;
  Siglas: string;
  /** Default time option. */
  TiempoId: number;
  Activo: boolean;
  from: MetricMilestone;
  to: MetricMilestone;
  /** Applies only to cases with a serious reaction (true), only non-serious (false), or all (null). */
  serious: boolean | null;
}

/** The metrics seeded on a fresh installation (workflow.md). 15 and 90 days: EU GVP Module VI. */
export const SEEDED_METRICS: readonly MetricDefinition[] = [
  { MetricaId: 1, Nombre: 'Ingreso del reporte', Siglas: 'IR', TiempoId: 2, Activo: true, from: 'receipt', to: 'caseCreated', serious: null },
  { MetricaId: 2, Nombre: 'Revisión RLF', Siglas: 'RRLF', TiempoId: 3, Activo: true, from: 'sentToReview', to: 'approvedByRlf', serious: null },
  { MetricaId: 3, Nombre: 'Evaluación QPPV', Siglas: 'EQPPV', TiempoId: 5, Activo: true, from: 'inEvaluation', to: 'concluded', serious: null },
  {
    MetricaId: 4,
    Nombre: 'Notificación a la autoridad sanitaria (grave)',
    Siglas: 'NASG',
    TiempoId: 5,
    Activo: true,
    from: 'receipt',
    to: 'localSanitaryNotification',
    serious: true,
  },
  {
    MetricaId: 5,
    Nombre: 'Notificación a la autoridad sanitaria (no grave)',
    Siglas: 'NASNG',
    TiempoId: 7,
    Activo: true,
    from: 'receipt',
    to: 'localSanitaryNotification',
    serious: false,
  },
  {
    MetricaId: 6,
    Nombre: 'Notificación al titular / proveedor',
    Siglas: 'NTP',
    TiempoId: 5,
    Activo: true,
    from: 'receipt',
    to: 'providerNotification',
    serious: null,
  },
];

const HOUR_MS = 3_600_000;

/**
 * The fraction of a limit used between `start` and `end` (the milestone, or now when it has
 * not happened yet): 0 at start, 1 at the deadline, above 1 when late.
 */
export function usedFraction(start: Date, end: Date, limitHours: number): number {
  if (limitHours <= 0) return Number.POSITIVE_INFINITY;
  return (end.getTime() - start.getTime()) / (limitHours * HOUR_MS);
}

/** The moment a limit expires. */
export function metricDeadline(start: Date, limitHours: number): Date {
  return new Date(start.getTime() + limitHours * HOUR_MS);
}

/** A metric is missed (a MetricsAlert) when its limit passed without the milestone, or it came late. */
export function isMetricMissed(fraction: number): boolean {
  return fraction > 1;
}

/** `SincAlertaEstado` for the used fraction of a limit: High from 80 %, Medium from 50 %, else null. */
export function alertLevel(fraction: number): SyncAlertLevel | null {
  if (fraction >= 0.8) return 'High';
  if (fraction >= 0.5) return 'Medium';
  return null;
}
