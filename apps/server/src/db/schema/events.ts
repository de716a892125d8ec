import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { countries } from './catalog.js';
import { timestamptz } from './columns.js';
import { homeReports } from './home-reports.js';
import { users } from './identity.js';
import { groups, statuses, subGroups } from './reference-lists.js';

/** A case not deleted: the rows the list indexes hold (every list's reach excludes deleted cases). */
const live = (t: { deletedAt: AnyPgColumn }) => sql`${t.deletedAt} is null`;

/**
 * Reportable events (ER). `meta` is the public, unguessable identifier used in URLs;
 * `referenceNumber` (NumeroReferencia) the human one, `UY-2026-000123`.
 * A follow-up event points to the event it follows (`parentEventId`).
 */
export const events = pgTable(
  'events',
  {
    id: uuid().primaryKey().defaultRandom(),
    meta: text().notNull().unique(),
    referenceNumber: text().notNull().unique('events_reference_number_unique'),
    status: smallint()
      .notNull()
      .references(() => statuses.id),
    groupId: integer()
      .notNull()
      .references(() => groups.id),
    subGroupId: integer()
      .notNull()
      .references(() => subGroups.id),
    countryId: integer()
      .notNull()
      .references(() => countries.id),
    isRam: boolean().notNull().default(false),
    /** IdEventoHome: the incoming report this event was entered from. */
    homeReportId: uuid().references((): AnyPgColumn => homeReports.id),
    /** NumeroReferenciaHome. */
    homeReferenceNumber: text(),
    additionalInformation: text(),
    administeredMedicationsTextA: text(),
    administeredMedicationsTextB: text(),
    /** MedicalContact: 'Se realizó consulta médica?'. */
    medicalContact: boolean(),
    parentEventId: uuid(),
    isHistoric: boolean().notNull().default(false),
    /** Day zero of the notification deadlines: the first receipt of the report. */
    receivedAt: timestamptz().notNull().defaultNow(),
    /** When the creator finished the wizard (status 1 → 2). */
    sentAt: timestamptz(),
    createdAt: timestamptz().notNull().defaultNow(),
    createdBy: uuid()
      .notNull()
      .references(() => users.id),
    updatedAt: timestamptz().notNull().defaultNow(),
    updatedBy: uuid().references(() => users.id),
    /** Deleted with an electronic signature (delER): kept, hidden from every list and read. */
    deletedAt: timestamptz(),
    deletedBy: uuid().references(() => users.id),
    /**
     * The laboratories of the case's related medications (`event_medications.laboratory_id`),
     * distinct and sorted: what QPPV, CL and Fabricante reach tests (`laboratory_ids && …`).
     * Kept by the database itself, in the same transaction as the medications (statement-level
     * triggers on event_medications, migration 0009); never written by the application.
     */
    laboratoryIds: integer().array().notNull().default(sql`'{}'::integer[]`),
    /**
     * The products of the case's related medications (`event_medications.product_id`), distinct
     * and sorted: what the search's product and active-ingredient filters test
     * (`product_ids @> '{p}'`, `product_ids && '{p1,p2}'`), on the row read in order from a list
     * index or from the GIN index `events_product_ids_idx`. Kept like `laboratoryIds`, by the same
     * triggers (migration 0030); never written by the application.
     */
    productIds: integer().array().notNull().default(sql`'{}'::integer[]`),
    /**
     * Marked 'Es duplicado' of this case (docs/duplicates.md): the case left the workflow
     * (status Anulado), is excluded from counts, and its view links to the master.
     */
    duplicateOfEventId: uuid().references((): AnyPgColumn => events.id),
  },
  (t) => [
    foreignKey({ columns: [t.parentEventId], foreignColumns: [t.id] }),
    // Keyset paging of the case lists and the search (bench/README.md lists the query shapes):
    // every order is (column, id), read forwards for the first page and backwards for the last.
    // The indexes that also count the lists (`boundedTotal`: up to 10,001 rows) hold only the
    // cases not deleted (every list's reach excludes them) and carry, as INCLUDE columns that
    // Drizzle does not model (migration 0012 writes them), what reach and the filters test:
    // the count is then an index-only scan, never a heap visit per row (docs/adr/0009).
    index('events_updated_at_id_idx').on(t.updatedAt, t.id).where(live(t)), // INCLUDE (status, country_id, created_by, laboratory_ids)
    index('events_created_at_id_idx').on(t.createdAt, t.id).where(live(t)), // INCLUDE (status, country_id, created_by, laboratory_ids)
    index('events_reference_number_id_idx').on(t.referenceNumber, t.id).where(live(t)), // INCLUDE (status, country_id, created_by, laboratory_ids)
    // INCLUDE (country_id, sub_group_id, group_id, created_by, laboratory_ids):
    index('events_status_updated_at_id_idx').on(t.status, t.updatedAt, t.id).where(live(t)),
    index('events_status_created_at_id_idx').on(t.status, t.createdAt, t.id).where(live(t)),
    index('events_status_id_idx').on(t.status, t.id).where(live(t)), // INCLUDE (country_id, created_by, laboratory_ids)
    // INCLUDE (sub_group_id, group_id, created_by):
    index('events_country_status_updated_at_id_idx').on(t.countryId, t.status, t.updatedAt, t.id).where(live(t)),
    index('events_country_status_created_at_id_idx').on(t.countryId, t.status, t.createdAt, t.id).where(live(t)),
    index('events_country_updated_at_id_idx').on(t.countryId, t.updatedAt, t.id).where(live(t)), // INCLUDE (status, created_by)
    index('events_country_created_at_id_idx').on(t.countryId, t.createdAt, t.id).where(live(t)), // INCLUDE (status, created_by)
    // Pais order: countries by name, then each country's cases by id (a lateral join per country).
    index('events_country_id_idx').on(t.countryId, t.id).where(live(t)), // INCLUDE (status, created_by, laboratory_ids)
    // …and per status of a list (`countryOrderIds`): INCLUDE (sub_group_id, group_id, created_by, laboratory_ids).
    index('events_country_status_id_idx').on(t.countryId, t.status, t.id).where(live(t)),
    index('events_sub_group_updated_at_id_idx').on(t.subGroupId, t.updatedAt, t.id).where(live(t)), // INCLUDE (status, country_id, created_by, laboratory_ids)
    // Reach by laboratory when the user has few laboratories (a Fabricante): a bitmap of the cases.
    index('events_laboratory_ids_idx').using('gin', t.laboratoryIds),
    // The search by product or active ingredient when few cases match: a bitmap of the cases.
    index('events_product_ids_idx').using('gin', t.productIds),
    // A user's own cases (reach's creator rule; an RLF's cases of other countries), counted from
    // the index: INCLUDE (updated_at, created_at, sub_group_id, group_id).
    index('events_created_by_status_idx').on(t.createdBy, t.status, t.countryId, t.id).where(live(t)),
    // Migration 0014 adds, by hand, `events_indicator_cards_country_idx (country_id, created_at) INCLUDE
    // (laboratory_ids) WHERE deleted_at IS NULL AND status <> 1`: the Indicadores cards of one country.
    index('events_parent_idx').on(t.parentEventId).where(sql`${t.parentEventId} is not null`),
    index('events_home_report_idx').on(t.homeReportId).where(sql`${t.homeReportId} is not null`),
    // The search's event identifier: a prefix of the incoming report's RH number, as an index range.
    index('events_duplicate_of_idx').on(t.duplicateOfEventId).where(sql`${t.duplicateOfEventId} is not null`),
    index('events_home_reference_number_idx').on(t.homeReferenceNumber).where(sql`${t.homeReferenceNumber} is not null`),
  ],
);

/**
 * Counters behind the reference numbers, one row per prefix and year ('UY', 2026) →
 * UY-2026-000123; increment with `insert … on conflict do update … returning` in the
 * transaction that creates the record.
 */
export const referenceSequences = pgTable(
  'reference_sequences',
  {
    prefix: text().notNull(),
    year: integer().notNull(),
    lastValue: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.prefix, t.year] })],
);

/**
 * The idempotency keys of `createER` (header `Idempotency-Key`, one per opening of the
 * 'Crear Evento Reportable' dialog): a repeated request with the same key from the same user
 * answers the case the first one created. The key is claimed (`insert … on conflict do
 * nothing`) before the case is created, in the same transaction, so concurrent requests wait
 * for the first and then find its case. `countryCode` and `subGroupId` are what the first
 * request asked for: the same key with another body is refused (409).
 */
export const caseCreationKeys = pgTable(
  'case_creation_keys',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id),
    idempotencyKey: text().notNull(),
    countryCode: text().notNull(),
    subGroupId: integer().notNull(),
    /** Null only inside the creating transaction, between the claim and the case's insert. */
    eventId: uuid().references(() => events.id),
    createdAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.idempotencyKey] })],
);
