import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, pgTable, serial, text, unique, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.js';
import { events } from './events.js';
import { users } from './identity.js';

/**
 * E2B(R3) submissions of a case: each export as generated, with its XML and SHA-256, the receiver and
 * the version (1 the initial report, then each follow-up). Append-only: a status change is a new row
 * of `e2b_submission_statuses`, never an update.
 */
export const e2bSubmissions = pgTable(
  'e2b_submissions',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    eventId: uuid()
      .notNull()
      .references(() => events.id),
    /** The receiver's code of Configuración (EVHUMAN, ZZFDA…), N.1.4. */
    receiver: text().notNull(),
    /** N.1.2 of the batch that carried it. */
    batchNumber: text().notNull(),
    /** N.2.r.1 = C.1.1. */
    messageId: text().notNull(),
    /** C.1.8.1: the same for every version of the case. */
    worldwideCaseId: text().notNull(),
    /** 1 for the initial report, then one more per follow-up (or nullification) to the same receiver. */
    version: integer().notNull(),
    /** 'initial', 'follow-up' or 'nullification'. */
    kind: text().notNull(),
    xml: text().notNull(),
    sha256: text().notNull(),
    /** Whether the official XSD validated it (false: no schema configured, only the ICH rules ran). */
    schemaChecked: boolean().notNull(),
    /** E.i.2.1a written in the file; null for the submissions stored before it was recorded. */
    meddraVersion: text(),
    /** Where it came from: 'import' (the MedDRA release loaded) or 'setting' (the fallback of Configuración). */
    meddraVersionSource: text(),
    /** The receiver's warnings (the FDA's, for ZZFDA): they did not refuse the export and are shown with it. */
    warnings: text().array().notNull().default(sql`'{}'::text[]`),
    createdBy: uuid()
      .notNull()
      .references(() => users.id),
    createdAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [index().on(t.eventId, t.createdAt), index().on(t.batchNumber), unique('e2b_submissions_event_receiver_version_unique').on(t.eventId, t.receiver, t.version)],
);

/** The status changes of a submission after 'generated': 'sent', 'ack-accepted', 'ack-rejected'. Append-only. */
export const e2bSubmissionStatuses = pgTable(
  'e2b_submission_statuses',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    submissionId: bigint({ mode: 'number' })
      .notNull()
      .references(() => e2bSubmissions.id),
    status: text().notNull(),
    /** The receiver's acknowledgement code (AA, AE, AR / CA, CR) and message, for an ACK. */
    ackCode: text(),
    ackMessage: text(),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    createdAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [index().on(t.submissionId, t.createdAt)],
);

/**
 * The receivers of E2B exports, kept in Configuración (N.1.4 / N.2.r.3). Submissions name their
 * receiver by code: a receiver with submissions keeps its code and is not removed.
 */
export const e2bReceivers = pgTable('e2b_receivers', {
  id: serial().primaryKey(),
  code: text().notNull().unique(),
  name: text().notNull(),
  updatedBy: uuid().references(() => users.id),
  updatedAt: timestamptz().notNull().defaultNow(),
});
