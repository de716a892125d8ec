import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, bigserial, boolean, char, index, integer, jsonb, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { countries } from './catalog.js';
import { timestamptz } from './columns.js';
import { events } from './events.js';
import { users } from './identity.js';
import { homeReportStatuses, subGroups } from './reference-lists.js';

/**
 * Incoming reports from the public form (home events). `data` is the whole payload as
 * received; the columns beside it are normalised copies for the inbox list and filters.
 */
export const homeReports = pgTable(
  'home_reports',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** RH-2026-000123. */
    reference: text().notNull().unique(),
    status: smallint()
      .notNull()
      .default(1)
      .references(() => homeReportStatuses.id),
    isMedic: boolean().notNull(),
    countryId: integer()
      .notNull()
      .references(() => countries.id),
    subGroupId: integer()
      .notNull()
      .references(() => subGroups.id),
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    /** Paciente.Sexo: 'M' or 'F'. */
    patientSex: char({ length: 1 }),
    /** Some RAM has Grave = SI. */
    isSerious: boolean().notNull().default(false),
    /** InformacionContacto.AceptaContacto = SI. */
    acceptsContact: boolean().notNull().default(false),
    /** The signed-in user who posted it (postreporthomeusuario); null from the public site. */
    reporterUserId: uuid().references(() => users.id),
    /** The reportable event created from it (Ingresar); it then leaves the inbox. */
    enteredEventId: uuid().references((): AnyPgColumn => events.id),
    createdAt: timestamptz().notNull().defaultNow(),
    updatedAt: timestamptz().notNull().defaultNow(),
    updatedBy: uuid().references(() => users.id),
  },
  (t) => [
    index('home_reports_status_created_at_idx').on(t.status, t.createdAt.desc()),
    index('home_reports_country_status_created_at_idx').on(t.countryId, t.status, t.createdAt.desc()),
    // The inbox lists (getReportHome, getWFReportHome): reports not yet entered, keyset paged by
    // (created_at, id) in either direction (plain ascending btrees, read backwards for newest
    // first); QPPV reads every country, RLF its own. They count the lists too, from the index
    // alone: INCLUDE (status, country_id, is_medic) / INCLUDE (status, is_medic), which Drizzle
    // does not model (migration 0012 writes them).
    index('home_reports_inbox_idx').on(t.createdAt, t.id).where(sql`${t.enteredEventId} is null`),
    index('home_reports_inbox_country_idx').on(t.countryId, t.createdAt, t.id).where(sql`${t.enteredEventId} is null`),
  ],
);

/**
 * Incoming reports stored but not yet numbered (docs/adr/0010-intake-numbering.md): the public
 * form's transaction writes here and commits without taking an RH number; a second short
 * transaction then numbers every waiting report of the year at once, in `seq` order, moving
 * it into `home_reports` (with its first status-history row). So `home_reports` only ever
 * holds numbered reports, and the year's sequence row is locked only for that move.
 * Same columns and foreign keys as `home_reports`, so the move cannot fail on a constraint.
 */
export const homeReportIntake = pgTable(
  'home_report_intake',
  {
    /** The id the report keeps in `home_reports` (answered to the reporter). */
    id: uuid().primaryKey().defaultRandom(),
    /** Arrival order: the order numbers are given in. */
    seq: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    /** The UTC year of `createdAt`: the RH-{year} sequence it is numbered from. */
    year: integer().notNull(),
    isMedic: boolean().notNull(),
    countryId: integer()
      .notNull()
      .references(() => countries.id),
    subGroupId: integer()
      .notNull()
      .references(() => subGroups.id),
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    patientSex: char({ length: 1 }),
    isSerious: boolean().notNull().default(false),
    acceptsContact: boolean().notNull().default(false),
    reporterUserId: uuid().references(() => users.id),
    createdAt: timestamptz().notNull(),
  },
  (t) => [index('home_report_intake_year_seq_idx').on(t.year, t.seq)],
);

/** Every status change of an incoming report, with its comment (append-only). */
export const homeReportStatusHistory = pgTable(
  'home_report_status_history',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    homeReportId: uuid()
      .notNull()
      .references(() => homeReports.id),
    fromStatus: smallint(),
    toStatus: smallint().notNull(),
    comment: text(),
    userId: uuid().references(() => users.id),
    createdAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [index().on(t.homeReportId, t.createdAt)],
);
