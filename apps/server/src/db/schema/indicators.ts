import { sql } from 'drizzle-orm';
import { integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';

/**
 * The Indicadores' charts (getIndicatorsEventsStatus, …Ages, …TypeGroup) as counts: one row
 * per country × set of laboratories (the case's `events.laboratory_ids`, so a case with two
 * laboratories is counted once, never twice) holding the number of its cases not deleted by
 * status (`byStatus[status id]`), by age group (`byAge[group id + 1]`, 0 'Desconocido' …
 * 6 'Anciano': `atalaya_age_group`, the domain's `ageGroupOf`) and by sub-group
 * (`bySubGroup[sub-group id + 1]`). Kept by the database itself in the same transaction as
 * the cases and patients (statement triggers of migration 0014 on `events` and
 * `event_patients`), never written by the application. A chart sums one array element per
 * item over the rows its reach and filters select: a country's, or without a country the rows
 * of country 0, every country summed per set of laboratories (migration 0042: ~1,000 rows at a
 * million cases against ~8,600; docs/adr/0012-indicator-counts.md, docs/indicators.md). Half of each page is left free
 * (fillfactor 50, migration `indicator_counts_compact`) so that those updates stay on their page.
 */
export const indicatorCounts = pgTable(
  'indicator_counts',
  {
    countryId: integer().notNull(),
    laboratoryIds: integer().array().notNull(),
    byStatus: integer().array().notNull().default(sql`'{}'::integer[]`),
    byAge: integer().array().notNull().default(sql`'{}'::integer[]`),
    bySubGroup: integer().array().notNull().default(sql`'{}'::integer[]`),
  },
  (t) => [primaryKey({ name: 'indicator_counts_pk', columns: [t.countryId, t.laboratoryIds] })],
);

/**
 * The Indicadores' cards over every country (getIndicatorsValuesPanel of an ADMIN, or of a QPPV
 * or CL holding every laboratory, without the 'País' and 'Laboratorio' filters) as counts: one row
 * per hour of `events.created_at` (`date_bin('1 hour', …)` from an epoch in UTC, whatever the
 * session's time zone) with the cases created in it that are counted — not deleted, not a
 * duplicate, sent (status ≠ 1 Pendiente) — and those of them with a laboratory
 * (`laboratory_ids <> '{}'`). Kept by the database in the same transaction as the cases (statement
 * triggers of migration 0043 on `events`), never written by the application. A card sums the hours
 * of its period (at most 2,208 rows for three months, against ~53,000 cases at a million); a period whose
 * bounds are not whole hours (a time zone such as Asia/Kolkata) counts the cases themselves
 * (docs/indicators.md 'How it stays fast').
 */
export const indicatorHours = pgTable('indicator_hours', {
  hour: timestamp({ withTimezone: true, mode: 'string' }).primaryKey(),
  sent: integer().notNull().default(0),
  sentWithLaboratory: integer().notNull().default(0),
});
