import type { MetricMilestone } from '@atalaya/domain';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.js';
import { events } from './events.js';

/** Time options of a metric: 24 h … 90 días. */
export const timeOptions = pgTable('time_options', {
  id: smallint().primaryKey(),
  nombre: text().notNull().unique(),
  hours: integer().notNull(),
});

/**
 * Notification-time metrics (Métricas): the time from one milestone of a case to another
 * against the limit of `tiempoId` (`MetricDefinition` of @atalaya/domain).
 */
export const metrics = pgTable('metrics', {
  metricaId: serial().primaryKey(),
  nombre: text().notNull().unique(),
  siglas: text().notNull(),
  tiempoId: smallint()
    .notNull()
    .references(() => timeOptions.id),
  activo: boolean().notNull().default(true),
  fromMilestone: text().$type<MetricMilestone>().notNull(),
  toMilestone: text().$type<MetricMilestone>().notNull(),
  /** Only cases with a serious reaction (true), only non-serious ones (false), or all (null). */
  serious: boolean(),
});

/**
 * The deadline state of each active metric for each case (docs/kpi.md): 'pending' (running),
 * 'met', 'late' (milestone after the due date) or 'overdue' (due date passed without it).
 * Kept by the deadline engine (modules/deadlines, `refreshCaseDeadlines`) in the same
 * transaction as every write that moves a milestone; the sweep turns 'pending' into
 * 'overdue' as time passes. 'late' and 'overdue' rows are the MetricsAlerts of the lists
 * and the cases of the no-KPI screen. Annulled and deleted cases have no rows.
 */
export const eventMetricAlerts = pgTable(
  'event_metric_alerts',
  {
    eventId: uuid()
      .notNull()
      .references(() => events.id),
    metricId: integer()
      .notNull()
      .references(() => metrics.metricaId),
    startedAt: timestamptz().notNull(),
    /** The limit in hours of the metric's time option when the row was computed. */
    limitHours: integer().notNull(),
    dueAt: timestamptz().notNull(),
    metAt: timestamptz(),
    state: text().notNull(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.metricId] }),
    index('event_metric_alerts_pending_due_idx').on(t.dueAt).where(sql`${t.state} = 'pending'`),
    index('event_metric_alerts_failed_idx').on(t.eventId).where(sql`${t.state} in ('late', 'overdue')`),
    // The no-KPI card: the cases whose limit passed in a month (`due_at` range of failed rows).
    index('event_metric_alerts_failed_due_idx').on(t.dueAt, t.eventId).where(sql`${t.state} in ('late', 'overdue')`),
    index().on(t.metricId),
    check('event_metric_alerts_state', sql`${t.state} in ('pending', 'met', 'late', 'overdue')`),
  ],
);
