import { sql } from 'drizzle-orm';
import { boolean, char, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { countries } from './catalog.js';
import { timestamptz } from './columns.js';
import { events } from './events.js';
import { homeReports } from './home-reports.js';
import { users } from './identity.js';
import { imports } from './imports.js';

/** An element of a report the mapping did not read, kept verbatim (docs/e2b-import.md). */
export type StoredUnmappedElement = { path: string; line: number; xml: string };

/**
 * An E2B(R3) import beyond its job row (docs/e2b-import.md): the batch's N.1 header as read, the
 * preview's facts, and after the confirmation the mode, who confirmed it, and our ACK
 * (MCCI_IN200101UV01) for the sender.
 */
export const e2bImports = pgTable('e2b_imports', {
  importId: uuid()
    .primaryKey()
    .references(() => imports.id, { onDelete: 'cascade' }),
  /** N.1 as read (`IcsrBatchHeader`). */
  batch: jsonb().$type<{ batchNumber: string; senderId: string; receiverId: string; transmissionDate: string }>().notNull(),
  /** N.1 elements not mapped, verbatim. */
  headerUnmapped: jsonb().$type<StoredUnmappedElement[]>().notNull(),
  schemaChecked: boolean().notNull(),
  /** 'inbox' or 'historic', null until confirmed. */
  mode: text(),
  countryId: integer().references(() => countries.id),
  confirmedAt: timestamptz(),
  confirmedBy: uuid().references(() => users.id),
  ackXml: text(),
  ackCode: char({ length: 2 }),
});

/**
 * Each report of an imported batch: the parsed ICSR (what the preview shows and the
 * confirmation stores), the elements not mapped, verbatim, and what it became (an incoming
 * report or a historic case), so that nothing of the file is lost with the record.
 */
export const e2bImportReports = pgTable(
  'e2b_import_reports',
  {
    importId: uuid()
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    /** Its position in the batch (1-based). */
    position: integer().notNull(),
    line: integer().notNull(),
    /** N.2.r.1 and N.2.r.4. */
    messageId: text().notNull(),
    messageCreationDate: text().notNull(),
    /** C.1.1 and C.1.8.1. */
    safetyReportId: text().notNull(),
    worldwideCaseId: text().notNull(),
    /** The `Icsr` as read. */
    icsr: jsonb().$type<Record<string, unknown>>().notNull(),
    /** Mandatory elements missing (Spanish). */
    problems: jsonb().$type<string[]>().notNull(),
    /** MedDRA codes the dictionary lacked when read: { element, code }. */
    unknownMeddra: jsonb().$type<{ element: string; code: string }[]>().notNull(),
    /** LLT code → name of the codes the dictionary had. */
    meddraNames: jsonb().$type<Record<string, string>>().notNull(),
    /** Elements not mapped, verbatim (FDA's regional elements among them). */
    unmapped: jsonb().$type<StoredUnmappedElement[]>().notNull(),
    homeReportId: uuid().references(() => homeReports.id),
    eventId: uuid().references(() => events.id),
    /** The incoming report's RH number or the case's reference. */
    reference: text(),
    /** The suspect drugs' catalogue products as stored. */
    products: jsonb().$type<(string | null)[]>(),
    /** Why the report was not stored (Spanish). */
    refusal: text(),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.position] }),
    // A report imported again (same C.1.1 and N.2.r.1) is refused: looked up here.
    index('e2b_import_reports_stored_idx').on(t.safetyReportId, t.messageId).where(sql`${t.reference} is not null`),
    index('e2b_import_reports_event_idx').on(t.eventId).where(sql`${t.eventId} is not null`),
    index('e2b_import_reports_home_report_idx').on(t.homeReportId).where(sql`${t.homeReportId} is not null`),
  ],
);
