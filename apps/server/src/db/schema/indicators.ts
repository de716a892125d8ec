import { index, integer, pgTable, primaryKey, smallint } from 'drizzle-orm/pg-core';

/**
 * The Indicadores' charts (getIndicatorsEventsStatus, …Ages, …TypeGroup) as counts: how many
 * cases not deleted there are per country × set of laboratories (the case's
 * `events.laboratory_ids`, so a case with two laboratories is one row, never counted twice) ×
 * status × age group (`atalaya_age_group`, the domain's `ageGroupOf`) × group × sub-group.
 * Kept by the database itself in the same transaction as the cases and patients (statement
 * triggers of migration 0015 on `events` and `event_patients`), never written by the
 * application. A chart sums the rows its reach and filters select: a few thousand rows at a
 * million cases (docs/adr/0015-indicator-counts.md, docs/indicators.md).
 */
export const indicatorCounts = pgTable(
  'indicator_counts',
  {
    countryId: integer().notNull(),
    laboratoryIds: integer().array().notNull(),
    status: smallint().notNull(),
    ageGroup: smallint().notNull(),
    groupId: integer().notNull(),
    subGroupId: integer().notNull(),
    total: integer().notNull(),
  },
  (t) => [
    primaryKey({ name: 'indicator_counts_pk', columns: [t.countryId, t.laboratoryIds, t.status, t.ageGroup, t.groupId, t.subGroupId] }),
    // A QPPV's, CL's or a Fabricante's reach: the rows whose laboratories overlap theirs.
    index('indicator_counts_laboratory_ids_idx').using('gin', t.laboratoryIds),
  ],
);
