import type { SyncAlertLevel } from './alerts.js';
import { formatDate } from './display.js';
import { alertLevel, TIME_OPTIONS, usedFraction } from './metrics.js';
import type { MetricsAlert } from './work-lists.js';

/**
 * The KPI columns of a case (workflow.md 'Notification-time metrics'): which active metrics it
 * missed (`MetricsAlerts`) and how close it is to the next limit (`SincAlertaEstado`), read from
 * the deadlines the server's engine stores (modules/deadlines, docs/kpi.md). The milestone
 * rules live in the engine's one statement, not here.
 */

export interface KpiEvaluation {
  /** 'High' from 80 % of a running limit, 'Medium' from 50 %, '' otherwise. */
  SincAlertaEstado: SyncAlertLevel | '';
  MetricsAlerts: MetricsAlert[];
}

/** 'Límite de 48 h superado el 20/11/2026', plus '; cumplido el …' when the milestone came late. */
export function metricAlertDescription(limitName: string, deadline: Date, metAt: Date | null, timeZone?: string): string {
  const passed = `Límite de ${limitName} superado el ${formatDate(deadline, timeZone)}`;
  return metAt ? `${passed}; cumplido el ${formatDate(metAt, timeZone)}` : passed;
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
