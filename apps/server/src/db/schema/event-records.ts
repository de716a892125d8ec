import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  char,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { countries } from './catalog.js';
import { stamps, timestamptz } from './columns.js';
import { events } from './events.js';
import { files } from './files.js';
import { users } from './identity.js';
import {
  heightUnits,
  noteFileTypes,
  originCountries,
  previousMedicationTypes,
  relationships,
  reportOrigins,
  reportReceivers,
  reportTypes,
  residences,
  weightUnits,
} from './reference-lists.js';

const eventId = () =>
  uuid()
    .notNull()
    .references(() => events.id);

/** Paciente of an event (one per event). */
export const eventPatients = pgTable(
  'event_patients',
  {
    eventId: eventId().primaryKey(),
    /** Initials: alias, at most 3 characters. */
    initials: text().notNull(),
    age: numeric({ mode: 'number' }),
    /** Escala: Días, Semanas, Meses, Años. */
    ageUnit: text(),
    height: numeric({ mode: 'number' }),
    heightUnitId: integer().references(() => heightUnits.id),
    weight: numeric({ mode: 'number' }),
    weightUnitId: integer().references(() => weightUnits.id),
    /** Genere: 'M' or 'F'. */
    gender: char({ length: 1 }),
    pregnancy: boolean(),
    /** Gestation weeks, 1 to 40. */
    gestation: smallint(),
    lactation: boolean(),
    countryId: integer().references(() => countries.id),
    state: text(),
    residenceId: integer().references(() => residences.id),
    medicalInstitution: text(),
    medicalConditions: text(),
    allergies: text(),
    contactAllow: boolean(),
    relationshipId: integer().references(() => relationships.id),
    phone: text(),
    email: text(),
    ...stamps(),
  },
  // Duplicate candidates' blocking keys (docs/duplicates.md, migration 0026): sex and age in
  // years ± 1; a trigram match on the initials or the e-mail (pg_trgm).
  (t) => [
    index('event_patients_gender_age_idx').on(t.gender, t.age).where(sql`${t.ageUnit} = 'Años'`),
    // The duplicates' patient key: initials within one edit (equalities), same sex, age ± 1 (migration 0033).
    index('event_patients_initials_gender_age_idx').on(sql`upper(${t.initials})`, t.gender, t.age),
    index('event_patients_initials_trgm_idx').using('gin', sql`upper(${t.initials}) gin_trgm_ops`),
    index('event_patients_email_trgm_idx').using('gin', sql`lower(${t.email}) gin_trgm_ops`),
  ],
);

/** OrigenReporte (one per event). */
export const eventOrigins = pgTable('event_origins', {
  eventId: eventId().primaryKey(),
  /** Have: the origin document exists; NotHave: the reason when it does not. */
  have: boolean().notNull().default(false),
  notHave: text(),
  originId: integer().references(() => reportOrigins.id),
  receiverId: integer().references(() => reportReceivers.id),
  typeId: integer().references(() => reportTypes.id),
  fromLiterature: boolean().notNull().default(false),
  bibliographicReference: text(),
  originCountryId: integer().references(() => originCountries.id),
  studyName: text(),
  studyType: text(),
  studyRegistrationNumber: text(),
  sponsorNumber: text(),
  fileId: uuid().references(() => files.id),
  ...stamps(),
});

/** MedicamentoAnterior: previous and other medicines. */
export const previousMedications = pgTable(
  'previous_medications',
  {
    id: serial().primaryKey(),
    eventId: eventId(),
    medication: text().notNull(),
    typeId: integer().references(() => previousMedicationTypes.id),
    dateStart: date({ mode: 'string' }),
    dateEnd: date({ mode: 'string' }),
    ...stamps(),
  },
  (t) => [index().on(t.eventId)],
);

/** ContactoMedico of an event. */
export const medicalContacts = pgTable(
  'medical_contacts',
  {
    id: serial().primaryKey(),
    eventId: eventId().unique('medical_contacts_event_id_unique'),
    /** SeContacto. */
    contacted: boolean().notNull().default(false),
    contactDate: date({ mode: 'string' }),
    doctorName: text(),
    profession: text(),
    doctorEmail: text(),
    doctorPhone: text(),
    intervention: text(),
    fileId: uuid().references(() => files.id),
    ...stamps(),
  },
  (t) => [index('medical_contacts_doctor_email_trgm_idx').using('gin', sql`lower(${t.doctorEmail}) gin_trgm_ops`)],
);

/** Documents and notes of an event; a deleted one keeps its row (deletedAt). */
export const eventDocuments = pgTable(
  'event_documents',
  {
    id: serial().primaryKey(),
    eventId: eventId(),
    typeId: integer().references(() => noteFileTypes.id),
    /** At most 2000 characters. */
    note: text().notNull(),
    fileId: uuid().references(() => files.id),
    deletedAt: timestamptz(),
    deletedBy: uuid().references(() => users.id),
    ...stamps(),
  },
  (t) => [index().on(t.eventId, t.createdAt.desc()).where(sql`${t.deletedAt} is null`)],
);

/** Seguimiento: follow-up reports of an event, referenced `{NumeroReferencia}-S{n}`. Append-only. */
export const followUpReports = pgTable(
  'follow_up_reports',
  {
    id: serial().primaryKey(),
    eventId: eventId(),
    sequence: integer().notNull(),
    referenceNumber: text().notNull().unique('follow_up_reports_reference_number_unique'),
    fileId: uuid().references(() => files.id),
    /** The follow-up event (EventType 3) holding the report's patient, origin, medications and RAMs. */
    followUpEventId: uuid().references(() => events.id),
    createdAt: timestamptz().notNull().defaultNow(),
    createdBy: uuid()
      .notNull()
      .references(() => users.id),
  },
  (t) => [unique('follow_up_reports_event_id_sequence_unique').on(t.eventId, t.sequence)],
);

/** The comment given with each workflow action (the comments modal). Append-only. */
export const eventComments = pgTable(
  'event_comments',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    eventId: eventId(),
    action: text().notNull(),
    fromStatus: smallint(),
    toStatus: smallint(),
    comment: text().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    createdAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [index().on(t.eventId, t.createdAt.desc())],
);
