import { sql } from 'drizzle-orm';
import { integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';

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
