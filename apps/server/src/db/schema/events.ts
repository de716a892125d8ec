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
  },
  (t) => [
    foreignKey({ columns: [t.parentEventId], foreignColumns: [t.id] }),
    index('events_status_created_at_idx').on(t.status, t.createdAt.desc()),
    index('events_country_status_created_at_idx').on(t.countryId, t.status, t.createdAt.desc()),
    index('events_country_created_at_idx').on(t.countryId, t.createdAt.desc()),
    index('events_sub_group_idx').on(t.subGroupId, t.createdAt.desc()),
    index('events_created_at_idx').on(t.createdAt.desc()),
    index('events_updated_at_idx').on(t.updatedAt.desc()),
    index('events_created_by_status_idx').on(t.createdBy, t.status),
    index('events_parent_idx').on(t.parentEventId).where(sql`${t.parentEventId} is not null`),
    index('events_home_report_idx').on(t.homeReportId).where(sql`${t.homeReportId} is not null`),
    // The search's event identifier: a prefix of the incoming report's RH number, as an index range.
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
