import { boolean, date, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';

/**
 * The No-KPI card (docs/kpi.md 'Count table'): the number of distinct cases with at least one
 * missed limit ('late' or 'overdue') that expired in a month, kept by the database in the same
 * transaction as every write to `event_metric_alerts` or to a case (statement triggers of
 * migration 0032), never by the application. The month is cut in the time zone of the case's
 * own country. Deleted cases are not counted.
 *
 * One row per month × country × draft (status 1 Pendiente) × the case's laboratories
 * (`events.laboratory_ids`): what reach tests, so the card sums rows instead of reading alerts.
 * `nokpi_creator_counts` adds the creator.
 */
export const noKpiCounts = pgTable(
  'nokpi_counts',
  {
    month: date({ mode: 'string' }).notNull(),
    countryId: integer().notNull(),
    draft: boolean().notNull(),
    laboratoryIds: integer().array().notNull(),
    cases: integer().notNull(),
  },
  (t) => [primaryKey({ name: 'nokpi_counts_pk', columns: [t.month, t.countryId, t.draft, t.laboratoryIds] })],
);

/**
 * The same count per creator of the case: the creator branch of reach (a user's own cases outside
 * the part of reach `nokpi_counts` answers) without reading the user's cases.
 */
export const noKpiCreatorCounts = pgTable(
  'nokpi_creator_counts',
  {
    createdBy: uuid().notNull(),
    month: date({ mode: 'string' }).notNull(),
    countryId: integer().notNull(),
    draft: boolean().notNull(),
    laboratoryIds: integer().array().notNull(),
    cases: integer().notNull(),
  },
  (t) => [primaryKey({ name: 'nokpi_creator_counts_pk', columns: [t.createdBy, t.month, t.countryId, t.draft, t.laboratoryIds] })],
);

/** The (case, month) cells each counted case adds one to: what a refresh takes away before adding anew. */
export const noKpiCaseMonths = pgTable(
  'nokpi_case_months',
  {
    eventId: uuid().notNull(),
    month: date({ mode: 'string' }).notNull(),
    countryId: integer().notNull(),
    draft: boolean().notNull(),
    laboratoryIds: integer().array().notNull(),
    createdBy: uuid().notNull(),
  },
  (t) => [primaryKey({ name: 'nokpi_case_months_pk', columns: [t.eventId, t.month] })],
);
