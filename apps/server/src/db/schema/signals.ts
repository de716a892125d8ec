import { sql } from 'drizzle-orm';
import { boolean, char, date, index, integer, pgTable, primaryKey, serial, smallint, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Señales (docs/signals.md 'Count table'): the number of cases of each cell, kept by the database
 * in the same transaction as every write to a case, its medicines, their active ingredients,
 * its reactions or its patient (statement triggers of migration 0027), never by the application.
 *
 * One row per month of receipt × country × seriousness × sex × age group × drug × PT; a drug is an
 * active ingredient (`drugKind` 1) or a product (2). `drugId` 0 and `ptCode` 0 stand for 'any':
 * (0, 0) the cases of the cell, (drug, 0) the cases with the drug, (0, pt) with the PT, (drug, pt)
 * with both — a, the margins and N of the 2×2 tables, each counting a case once. Counted: cases
 * not deleted, neither a draft (1) nor annulled (11), not superseded by a follow-up.
 */
export const signalCounts = pgTable(
  'signal_counts',
  {
    month: date({ mode: 'string' }).notNull(),
    countryId: integer().notNull(),
    serious: boolean().notNull(),
    /** 'M', 'F' or 'U' (unknown). */
    sex: char({ length: 1 }).notNull(),
    /** atalaya_age_group (0 'Desconocido' … 6 'Anciano'). */
    ageGroup: smallint().notNull(),
    drugKind: smallint().notNull(),
    drugId: integer().notNull(),
    ptCode: integer().notNull(),
    /**
     * The case holds the drug only as a concomitant (G.k.1 = 2; migration 0031): false for a
     * suspect or interacting drug and for the (0, …) cells. The default table sums the false
     * rows; 'Incluir concomitantes' sums both. A case counts once per drug either way.
     */
    concomitant: boolean().notNull().default(false),
    cases: integer().notNull(),
  },
  (t) => [
    primaryKey({
      name: 'signal_counts_pk',
      columns: [t.drugKind, t.drugId, t.ptCode, t.month, t.countryId, t.serious, t.sex, t.ageGroup, t.concomitant],
    }),
    index('signal_counts_pt_idx').on(t.ptCode, t.drugKind, t.drugId),
    /**
     * The margin rows (a drug's, PT 0; a PT's, drug kind 0) by country: an RLF's options lists
     * by a loose index scan (docs/performance-plans.md 'Señales options'). Only key columns:
     * a change of `cases` stays a HOT update.
     */
    index('signal_counts_margin_country_idx')
      .on(t.countryId, t.drugKind, t.drugId, t.ptCode)
      .where(sql`${t.ptCode} = 0 or ${t.drugKind} = 0`),
  ],
);

/** The cells each counted case adds one to (what a refresh takes away before adding anew). */
export const signalCaseCells = pgTable(
  'signal_case_cells',
  {
    eventId: uuid().notNull(),
    month: date({ mode: 'string' }).notNull(),
    countryId: integer().notNull(),
    serious: boolean().notNull(),
    sex: char({ length: 1 }).notNull(),
    ageGroup: smallint().notNull(),
    drugKind: smallint().notNull(),
    drugId: integer().notNull(),
    ptCode: integer().notNull(),
    /** As `signal_counts.concomitant`: the case holds the drug only as a concomitant. */
    concomitant: boolean().notNull().default(false),
    /**
     * The case's laboratory set when the cell was counted (`signal_laboratory_sets` of
     * `events.laboratory_ids`), and its creator: what the refresh takes away from
     * `signal_laboratory_counts` and `signal_creator_counts` (migration `signal_reach_counts`).
     */
    laboratorySetId: integer().notNull(),
    createdBy: uuid().notNull(),
  },
  (t) => [primaryKey({ name: 'signal_case_cells_pk', columns: [t.eventId, t.drugKind, t.drugId, t.ptCode] })],
);

/**
 * The distinct laboratory sets of cases (`events.laboratory_ids`: the sorted, distinct
 * laboratories of a case's medicines, what laboratory reach reads), each with a small id, so the
 * count tables below carry an integer (docs/signals.md 'Reach'). Rows are added by the refresh
 * when a counted case has a set not seen before; never removed.
 */
export const signalLaboratorySets = pgTable(
  'signal_laboratory_sets',
  {
    id: serial().primaryKey(),
    laboratoryIds: integer().array().notNull(),
  },
  (t) => [uniqueIndex('signal_laboratory_sets_ids_idx').on(t.laboratoryIds)],
);

/** The columns of a count row (`signal_counts`' dimensions and its number of cases). */
const countColumns = () => ({
  month: date({ mode: 'string' }).notNull(),
  countryId: integer().notNull(),
  serious: boolean().notNull(),
  sex: char({ length: 1 }).notNull(),
  ageGroup: smallint().notNull(),
  drugKind: smallint().notNull(),
  drugId: integer().notNull(),
  ptCode: integer().notNull(),
  concomitant: boolean().notNull().default(false),
  cases: integer().notNull(),
});

/**
 * `signal_counts` by the case's laboratory set (docs/signals.md 'Reach'): each counted case adds
 * one to the cells of its own set, so a user whose reach is 'a medicine of one of my
 * laboratories' sums the rows of the sets that overlap their laboratories — each case once,
 * whatever the number of its laboratories. Kept by the same refresh as `signal_counts`.
 */
export const signalLaboratoryCounts = pgTable(
  'signal_laboratory_counts',
  {
    laboratorySetId: integer().notNull(),
    ...countColumns(),
  },
  (t) => [
    primaryKey({
      name: 'signal_laboratory_counts_pk',
      columns: [t.laboratorySetId, t.drugKind, t.drugId, t.ptCode, t.month, t.countryId, t.serious, t.sex, t.ageGroup, t.concomitant],
    }),
  ],
);

/**
 * `signal_counts` by the case's creator and laboratory set: the creator of a case sees it
 * (caseReach), so a restricted user adds the rows they created whose set is outside their
 * laboratories (docs/signals.md 'Reach'). Kept by the same refresh.
 */
export const signalCreatorCounts = pgTable(
  'signal_creator_counts',
  {
    createdBy: uuid().notNull(),
    laboratorySetId: integer().notNull(),
    ...countColumns(),
  },
  (t) => [
    primaryKey({
      name: 'signal_creator_counts_pk',
      columns: [t.createdBy, t.laboratorySetId, t.drugKind, t.drugId, t.ptCode, t.month, t.countryId, t.serious, t.sex, t.ageGroup, t.concomitant],
    }),
  ],
);

/** The columns of a total row: a count row without the month, country, seriousness, sex and age group. */
const totalColumns = () => ({
  drugKind: smallint().notNull(),
  drugId: integer().notNull(),
  ptCode: integer().notNull(),
  concomitant: boolean().notNull().default(false),
  cases: integer().notNull(),
});

/**
 * `signal_laboratory_counts` summed over the month, country, seriousness, sex and age group: what a
 * background without a period, country, seriousness or strata reads (the whole table, a drug or
 * SOC filter, the options), a few rows per laboratory set and pair instead of one per case cell
 * (docs/signals.md 'Reach'). Kept by the same refresh.
 */
export const signalLaboratoryTotals = pgTable(
  'signal_laboratory_totals',
  {
    laboratorySetId: integer().notNull(),
    ...totalColumns(),
  },
  (t) => [primaryKey({ name: 'signal_laboratory_totals_pk', columns: [t.laboratorySetId, t.drugKind, t.drugId, t.ptCode, t.concomitant] })],
);

/** `signal_creator_counts` summed likewise (the creator branch of the same backgrounds). */
export const signalCreatorTotals = pgTable(
  'signal_creator_totals',
  {
    createdBy: uuid().notNull(),
    laboratorySetId: integer().notNull(),
    ...totalColumns(),
  },
  (t) => [primaryKey({ name: 'signal_creator_totals_pk', columns: [t.createdBy, t.laboratorySetId, t.drugKind, t.drugId, t.ptCode, t.concomitant] })],
);

/**
 * `signal_counts` summed over the month, seriousness, sex and age group, by country (migration
 * `signal_country_totals`, docs/signals.md 'Count table'): what a background of the whole registry
 * or of one country without a period, seriousness or strata other than the country reads (the
 * default table, a drug or SOC filter; an RLF's, whose country is a condition), a row per country
 * and pair instead of one per month × seriousness × sex × age group. Country 0 (no country's id)
 * holds the sum of every country, a row per pair: the whole registry's table reads its rows alone.
 * Kept by the same refresh.
 */
export const signalCountryTotals = pgTable(
  'signal_country_totals',
  {
    countryId: integer().notNull(),
    ...totalColumns(),
  },
  (t) => [primaryKey({ name: 'signal_country_totals_pk', columns: [t.countryId, t.drugKind, t.drugId, t.ptCode, t.concomitant] })],
);
