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

/** A stored deadline of a case that is not met: what the deadline engine keeps (`event_metric_alerts`). */
export interface StoredDeadline {
  /** The metric's name. */
  Nombre: string;
  state: 'pending' | 'late' | 'overdue';
  limitHours: number;
  /** ISO 8601. */
  startedAt: string;
  dueAt: string;
  metAt: string | null;
}

/** The time option's name of a limit in hours ('72 h', '15 días'), or 'N h' for a limit no option has. */
export function limitName(hours: number): string {
  return TIME_OPTIONS.find((option) => option.hours === hours)?.Nombre ?? `${hours} h`;
}

/**
 * The KPI columns of a list row from the case's stored deadlines (docs/kpi.md), nothing
 * recomputed from milestones: each 'late' or 'overdue' row is a MetricsAlert (a 'pending' one
 * whose due date has just passed, before the sweep marks it, counts as overdue);
 * `SincAlertaEstado` is the level of the highest used fraction of the rows still running
 * (pending and overdue: an overdue case is High).
 */
export function kpiFromDeadlines(deadlines: readonly StoredDeadline[], now: Date, timeZone?: string): KpiEvaluation {
  const alerts: MetricsAlert[] = [];
  let highestRunning = Number.NEGATIVE_INFINITY;
  for (const deadline of deadlines) {
    const due = new Date(deadline.dueAt);
    const overdue = deadline.state === 'overdue' || (deadline.state === 'pending' && due.getTime() < now.getTime());
    if (deadline.state === 'late' || overdue) {
      alerts.push({
        Nombre: deadline.Nombre,
        Descripcion: metricAlertDescription(limitName(deadline.limitHours), due, deadline.metAt ? new Date(deadline.metAt) : null, timeZone),
      });
    }
    if (deadline.state !== 'late') highestRunning = Math.max(highestRunning, usedFraction(new Date(deadline.startedAt), now, deadline.limitHours));
  }
  return { SincAlertaEstado: alertLevel(highestRunning) ?? '', MetricsAlerts: alerts };
}
