import type { SyncAlertLevel } from './alerts.js';
import { formatDate } from './display.js';
import { alertLevel, isMetricMissed, metricDeadline, type MetricDefinition, type MetricMilestone, TIME_OPTIONS, usedFraction } from './metrics.js';
import type { MetricsAlert } from './work-lists.js';

/**
 * KPI evaluation of one case (workflow.md 'Notification-time metrics'): which active metrics
 * it missed (`MetricsAlerts`) and how close it is to the next limit (`SincAlertaEstado`).
 * Pure: the server gathers the milestones of a page of cases and calls it per row.
 */

/** When each milestone of a case happened; null when it has not happened (yet). */
export type CaseMilestones = Record<MetricMilestone, Date | null>;

/** A metric as the evaluation needs it: the `metrics` table row with its time option. */
export type KpiMetric = Pick<MetricDefinition, 'Nombre' | 'TiempoId' | 'from' | 'to' | 'serious'> & {
  /** Inactive metrics are ignored; missing means active. */
  Activo?: boolean;
};

export interface KpiInput {
  milestones: CaseMilestones;
  /** The case has a serious reaction (any seriousness criterion of a RAM). */
  serious: boolean;
  metrics: readonly KpiMetric[];
  now: Date;
  /** IANA zone the dates of the descriptions are written in (the user's country). */
  timeZone?: string;
}

export interface KpiEvaluation {
  /** 'High' from 80 % of a running limit, 'Medium' from 50 %, '' otherwise. */
  SincAlertaEstado: SyncAlertLevel | '';
  MetricsAlerts: MetricsAlert[];
}

/** The milestone that ends a metric, when it counts: it exists and is not earlier than the start (else the metric runs again). */
function reachedEnd(start: Date, end: Date | null): Date | null {
  return end && end.getTime() >= start.getTime() ? end : null;
}

/** 'Límite de 48 h superado el 20/11/2026', plus '; cumplido el …' when the milestone came late. */
export function metricAlertDescription(limitName: string, deadline: Date, metAt: Date | null, timeZone?: string): string {
  const passed = `Límite de ${limitName} superado el ${formatDate(deadline, timeZone)}`;
  return metAt ? `${passed}; cumplido el ${formatDate(metAt, timeZone)}` : passed;
}

/**
 * Evaluates the case against each active metric that applies to it (`serious` null: every
 * case; true: only cases with a serious reaction; false: only the others) and whose start
 * milestone happened:
 * - the end milestone came after the limit, or has not come and the limit passed: a
 *   MetricsAlert (`Nombre` of the metric, `Descripcion` with the limit and its expiry date);
 * - `SincAlertaEstado` is the alert level of the highest used fraction among the metrics
 *   still running (end milestone missing, overdue ones included, so an overdue case is High);
 *   a met metric no longer counts.
 * An end milestone earlier than its start (a case sent back to an earlier status) does not
 * count: the metric runs again from the later start. Metrics with an unknown time option
 * are ignored.
 */
export function evaluateCaseKpis(input: KpiInput): KpiEvaluation {
  const alerts: MetricsAlert[] = [];
  let highestRunning = Number.NEGATIVE_INFINITY;
  for (const metric of input.metrics) {
    if (metric.Activo === false) continue;
    if (metric.serious !== null && metric.serious !== input.serious) continue;
    const option = TIME_OPTIONS.find((candidate) => candidate.Id === metric.TiempoId);
    const start = input.milestones[metric.from];
    if (!option || !start) continue;
    const end = reachedEnd(start, input.milestones[metric.to]);
    const fraction = usedFraction(start, end ?? input.now, option.hours);
    if (isMetricMissed(fraction)) {
      alerts.push({
        Nombre: metric.Nombre,
        Descripcion: metricAlertDescription(option.Nombre, metricDeadline(start, option.hours), end, input.timeZone),
      });
    }
    if (!end) highestRunning = Math.max(highestRunning, fraction);
  }
  return { SincAlertaEstado: alertLevel(highestRunning) ?? '', MetricsAlerts: alerts };
}

/** Milestones all missing: a starting point for building a case's milestones. */
export function emptyMilestones(): CaseMilestones {
  return {
    receipt: null,
    caseCreated: null,
    sentToReview: null,
    approvedByRlf: null,
    inEvaluation: null,
    concluded: null,
    localSanitaryNotification: null,
    providerNotification: null,
  };
}
