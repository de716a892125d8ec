import { sql } from 'drizzle-orm';
import { bigserial, check, index, jsonb, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.js';
import { events } from './events.js';
import { homeReports } from './home-reports.js';
import { users } from './identity.js';

/**
 * The decisions on suspected duplicate pairs (docs/duplicates.md): 'duplicate' (the other one
 * is linked to `masterEventId` and leaves the workflow) or 'not-duplicate' (the pair is never
 * proposed again). A pair is a case and another case (`otherEventId`, stored with
 * `eventId` < `otherEventId`) or a case and an incoming report (`homeReportId`). Decided once:
 * the unique indexes refuse a second decision on the same pair. They are also the labelled
 * pairs the threshold's calibration reads (`npm run calibrate-duplicates -w bench`).
 */
export const duplicateDecisions = pgTable(
  'duplicate_decisions',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    eventId: uuid()
      .notNull()
      .references(() => events.id),
    otherEventId: uuid().references(() => events.id),
    homeReportId: uuid().references(() => homeReports.id),
    /** 'duplicate' or 'not-duplicate'. */
    decision: text().notNull(),
    /** The case kept ('duplicate' only): one of the pair's cases. */
    masterEventId: uuid().references(() => events.id),
    /** The score when decided (bits). */
    score: numeric({ mode: 'number' }).notNull(),
    comment: text().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    createdAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    check('duplicate_decisions_decision', sql`${t.decision} in ('duplicate', 'not-duplicate')`),
    check('duplicate_decisions_pair', sql`num_nonnulls(${t.otherEventId}, ${t.homeReportId}) = 1 and (${t.otherEventId} is null or ${t.eventId} < ${t.otherEventId})`),
    check('duplicate_decisions_master', sql`(${t.decision} = 'duplicate') = (${t.masterEventId} is not null)`),
    uniqueIndex('duplicate_decisions_case_pair_idx').on(t.eventId, t.otherEventId).where(sql`${t.otherEventId} is not null`),
    uniqueIndex('duplicate_decisions_report_pair_idx').on(t.eventId, t.homeReportId).where(sql`${t.homeReportId} is not null`),
    index('duplicate_decisions_other_idx').on(t.otherEventId).where(sql`${t.otherEventId} is not null`),
    index('duplicate_decisions_home_report_idx').on(t.homeReportId).where(sql`${t.homeReportId} is not null`),
    index('duplicate_decisions_master_idx').on(t.masterEventId).where(sql`${t.masterEventId} is not null`),
  ],
);

/**
 * The suspected pairs found (docs/duplicates.md 'The stored pairs'): by the whole-database scan
 * (a background job, kind 'duplicates' of `imports`) and whenever a case's candidates are
 * computed (the case view, the wizard's finish, the 'Duplicados' screen's first page). One row
 * per pair of cases (`eventId` < `otherEventId`), at or above the threshold when found, with
 * the score and each field's contribution; `newestAt` (the newer case's creation) orders the
 * QPPV's list. A pair decided, or a case marked duplicate, is left out when listed.
 */
export const duplicatePairs = pgTable(
  'duplicate_pairs',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    eventId: uuid()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    otherEventId: uuid()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** The score (bits) when found. */
    score: numeric({ mode: 'number' }).notNull(),
    /** Each field's contribution when found (`DuplicateContribution[]`). */
    contributions: jsonb().notNull(),
    /** The newer of the two cases' creation: the list's order. */
    newestAt: timestamptz().notNull(),
    foundAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    check('duplicate_pairs_order', sql`${t.eventId} < ${t.otherEventId}`),
    uniqueIndex('duplicate_pairs_pair_idx').on(t.eventId, t.otherEventId),
    index('duplicate_pairs_other_idx').on(t.otherEventId),
    index('duplicate_pairs_newest_idx').on(t.newestAt.desc(), t.id.desc()),
  ],
);
