import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { stamps } from './columns.js';
import { events } from './events.js';
import { files } from './files.js';
import {
  communicationChannels,
  medicationActions,
  medicationUnits,
  medicationUseUnits,
  ramCategories,
  ramTypes,
} from './reference-lists.js';

/**
 * Adverse reactions (RAM) of an event, coded with a MedDRA LLT. The term is kept as coded
 * (code and name, no foreign key) so that a new MedDRA version never alters a case.
 */
export const eventRams = pgTable(
  'event_rams',
  {
    id: serial().primaryKey(),
    eventId: uuid()
      .notNull()
      .references(() => events.id),
    lltCode: integer(),
    lltName: text(),
    description: text().notNull(),
    /** Outcome: -1 recovered, 0 recovering, 2 not recovered, 3 with sequelae, 4 fatal, 5 unknown. */
    evolution: smallint(),
    /** AccMed. */
    medicationActionId: integer().references(() => medicationActions.id),
    isExpected: boolean(),
    isRam: boolean().notNull().default(true),
    /** TypeRAM: Tipo I–IV. */
    ramTypeId: integer().references(() => ramTypes.id),
    dateStart: date({ mode: 'string' }),
    dateEnd: date({ mode: 'string' }),
    doseReduction: boolean(),
    considerations: text(),
    concentration: numeric({ mode: 'number' }),
    unitId: integer().references(() => medicationUnits.id),
    /** FrecId: hours. */
    frequencyHours: numeric({ mode: 'number' }),
    /** Cant. */
    quantity: numeric({ mode: 'number' }),
    useUnitId: integer().references(() => medicationUseUnits.id),
    qualityClaim: boolean().notNull().default(false),
    death: boolean().notNull().default(false),
    lifeThreatening: boolean().notNull().default(false),
    hospitalizationRequired: boolean().notNull().default(false),
    hospitalizationDateStart: date({ mode: 'string' }),
    hospitalizationDateEnd: date({ mode: 'string' }),
    persistedHospitalization: boolean().notNull().default(false),
    transitoryDisability: boolean().notNull().default(false),
    persistentDisability: boolean().notNull().default(false),
    congenitalAnomaly: boolean().notNull().default(false),
    anotherCondition: boolean().notNull().default(false),
    /** Any seriousness criterion (grave). */
    isSerious: boolean()
      .notNull()
      .generatedAlwaysAs(
        sql`death or life_threatening or hospitalization_required or persisted_hospitalization or transitory_disability or persistent_disability or congenital_anomaly or another_condition`,
      ),
    ...stamps(),
  },
  (t) => [
    index().on(t.eventId),
    index('event_rams_type_event_idx').on(t.ramTypeId, t.eventId),
    index().on(t.lltCode),
    // Duplicate candidates: the reactions that started within 30 days (docs/duplicates.md).
    index('event_rams_date_start_idx').on(t.dateStart, t.eventId).where(sql`${t.dateStart} is not null`),
    // The duplicates' reaction key: a shared PT (its LLTs) with an onset ± 30 days (migration 0033).
    index('event_rams_llt_date_idx').on(t.lltCode, t.dateStart, t.eventId).where(sql`${t.dateStart} is not null`),
  ],
);

/** CategoryRAM: RAMId ↔ RAMCategoryId. */
export const eventRamCategories = pgTable(
  'event_ram_categories',
  {
    ramId: integer()
      .notNull()
      .references(() => eventRams.id, { onDelete: 'cascade' }),
    ramCategoryId: integer()
      .notNull()
      .references(() => ramCategories.id),
  },
  (t) => [primaryKey({ columns: [t.ramId, t.ramCategoryId] })],
);

/**
 * LocalSanitaryNotificaction (kind 'local') and ProviderNotification (kind 'provider') of a
 * RAM: when and how it was notified, with the proof.
 */
export const ramNotifications = pgTable(
  'ram_notifications',
  {
    id: serial().primaryKey(),
    ramId: integer()
      .notNull()
      .references(() => eventRams.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    date: date({ mode: 'string' }),
    /** Via: a ViaDeComunicacion. */
    channelId: integer().references(() => communicationChannels.id),
    fileId: uuid().references(() => files.id),
    ...stamps(),
  },
  (t) => [unique('ram_notifications_ram_id_kind_unique').on(t.ramId, t.kind), check('ram_notifications_kind', sql`${t.kind} in ('local', 'provider')`)],
);
