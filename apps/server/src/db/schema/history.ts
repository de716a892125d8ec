import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, char, check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.js';
import { events } from './events.js';
import { files } from './files.js';
import { users } from './identity.js';

/**
 * Operation history of an event: one entry per write (I Creado, U Actualizado, D Borrado),
 * written in the same transaction as the change. Append-only (drizzle/0005).
 */
export const operationHistory = pgTable(
  'operation_history',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    eventId: uuid()
      .notNull()
      .references(() => events.id),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    /** DateUTC. */
    createdAt: timestamptz().notNull().defaultNow(),
    description: text().notNull(),
    operationType: char({ length: 1 }).notNull(),
    comment: text(),
  },
  (t) => [
    index('operation_history_event_created_at_idx').on(t.eventId, t.createdAt.desc()),
    check('operation_history_operation_type', sql`${t.operationType} in ('I', 'U', 'D')`),
  ],
);

/** The changed fields of an entry: old and new value (a file: its name). Append-only. */
export const operationHistoryLines = pgTable(
  'operation_history_lines',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    entryId: bigint({ mode: 'number' })
      .notNull()
      .references(() => operationHistory.id),
    description: text().notNull(),
    oldValue: text(),
    newValue: text(),
    isFile: boolean().notNull().default(false),
    comment: text(),
  },
  (t) => [index().on(t.entryId)],
);

/** Every PDF generated for an event (Historial de PDFs); the bytes are in `files`. Append-only. */
export const pdfHistory = pgTable(
  'pdf_history',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    eventId: uuid()
      .notNull()
      .references(() => events.id),
    fileName: text().notNull(),
    fileId: uuid()
      .notNull()
      .references(() => files.id),
    /**
     * SHA-256 of what the PDF shows of the case (and of the layout version): a later request
     * for the PDF of an unchanged case gets this one back instead of storing another (issue 15).
     * Null on rows stored before it existed (never reused).
     */
    fingerprint: text(),
    createdAt: timestamptz().notNull().defaultNow(),
    createdBy: uuid()
      .notNull()
      .references(() => users.id),
  },
  (t) => [index('pdf_history_event_created_at_idx').on(t.eventId, t.createdAt.desc())],
);

/**
 * Electronic signatures (21 CFR Part 11 style): who signed (the printed name as it was at
 * signing), when, what the signature means (the action: 'Eliminar evento', 'Eliminar
 * documento'…) and the signer's comment, linked to the case and to the signed record.
 * Written in the transaction of the signed action. Append-only (drizzle/0005).
 */
export const electronicSignatures = pgTable(
  'electronic_signatures',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    eventId: uuid()
      .notNull()
      .references(() => events.id),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    printedName: text().notNull(),
    signedAt: timestamptz().notNull().defaultNow(),
    meaning: text().notNull(),
    comment: text().notNull(),
    /** The signed record: 'ER' (the case) or 'Documento'. */
    recordType: text().notNull(),
    recordId: text().notNull(),
    /**
     * What was signed, as canonical JSON: the signature's manifest (signer, meaning, comment,
     * time) and the signed record's identity and state at signing (`signedContentOf` in
     * modules/cases). Null on signatures stored before it existed.
     */
    signedContent: jsonb(),
    /** SHA-256 (hex) of the canonical JSON of `signedContent`. */
    contentHash: text(),
  },
  (t) => [index('electronic_signatures_event_signed_at_idx').on(t.eventId, t.signedAt.desc())],
);
