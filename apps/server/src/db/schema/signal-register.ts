import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.js';
import { events } from './events.js';
import { files } from './files.js';
import { users } from './identity.js';

/**
 * Registro de señales (docs/signals.md 'Gestión de señales'): a drug × PT pair opened as a
 * signal. A drug is an active ingredient (`drugKind` 1) or a product (2), as in `signal_counts`.
 * `status` and `responsibleId` are the current state; every change of them is a row of
 * `signal_history` (append-only) and of the audit trail, in the same transaction. A pair has at
 * most one signal that is not 'Cerrada' (the partial unique index).
 */
export const signals = pgTable(
  'signals',
  {
    id: serial().primaryKey(),
    drugKind: smallint().notNull(),
    drugId: integer().notNull(),
    ptCode: integer().notNull(),
    title: text().notNull(),
    status: text().notNull(),
    responsibleId: uuid()
      .notNull()
      .references(() => users.id),
    openedBy: uuid()
      .notNull()
      .references(() => users.id),
    openedAt: timestamptz().notNull().defaultNow(),
    updatedAt: timestamptz().notNull().defaultNow(),
    /** The pair's statistics as the 'Señales' table showed them when opened (a, E, PRR, ROR, IC, EBGM…). */
    statistics: jsonb().notNull(),
    /**
     * The reach the statistics were counted in (docs/signals.md 'Gestión de señales'): the
     * opener's laboratories when they held only some; null when they held every laboratory (the
     * whole count table) — and for the signals opened before this column, so that only a user
     * who sees every case is shown those statistics.
     */
    reachLaboratoryIds: integer().array(),
  },
  (t) => [
    check('signals_drug_kind', sql`${t.drugKind} in (1, 2)`),
    check('signals_status', sql`${t.status} in ('En evaluación', 'Validada', 'Refutada', 'Cerrada')`),
    uniqueIndex('signals_open_pair_idx').on(t.drugKind, t.drugId, t.ptCode).where(sql`${t.status} <> 'Cerrada'`),
    index('signals_opened_idx').on(t.openedAt, t.id),
    index('signals_status_opened_idx').on(t.status, t.openedAt, t.id),
    index('signals_responsible_opened_idx').on(t.responsibleId, t.openedAt, t.id),
  ],
);

/**
 * The append-only history of a signal: its opening, status changes (from → to), assessments,
 * comments, attached documents (`fileId`, stored with modules/files' `storeFile`) and changes of
 * the person responsible. The database refuses UPDATE, DELETE and TRUNCATE (migration 0028).
 */
export const signalHistory = pgTable(
  'signal_history',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    signalId: integer()
      .notNull()
      .references(() => signals.id),
    /** 'apertura', 'estado', 'evaluacion', 'comentario', 'documento', 'responsable'. */
    kind: text().notNull(),
    fromStatus: text(),
    toStatus: text(),
    text: text().notNull(),
    fileId: uuid().references(() => files.id),
    /** A 'responsable' entry: the new responsible person. */
    responsibleId: uuid().references(() => users.id),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    createdAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    check('signal_history_kind', sql`${t.kind} in ('apertura', 'estado', 'evaluacion', 'comentario', 'documento', 'responsable')`),
    check('signal_history_file', sql`(${t.kind} = 'documento') = (${t.fileId} is not null)`),
    index('signal_history_signal_idx').on(t.signalId, t.id),
  ],
);

/**
 * The cases of a signal's pair: those that held it when the signal was opened ('apertura') and
 * each case that came to hold it afterwards ('nuevo'), written by a trigger on
 * `signal_case_cells` in the transaction of the case's write while the signal is 'En
 * evaluación' or 'Validada'. `notifiedAt` is set when the hub told the responsible person.
 */
export const signalCases = pgTable(
  'signal_cases',
  {
    signalId: integer()
      .notNull()
      .references(() => signals.id),
    eventId: uuid()
      .notNull()
      .references(() => events.id),
    source: text().notNull(),
    createdAt: timestamptz().notNull().defaultNow(),
    notifiedAt: timestamptz(),
  },
  (t) => [
    primaryKey({ name: 'signal_cases_pk', columns: [t.signalId, t.eventId] }),
    check('signal_cases_source', sql`${t.source} in ('apertura', 'nuevo')`),
    index('signal_cases_pending_idx').on(t.createdAt).where(sql`${t.source} = 'nuevo' and ${t.notifiedAt} is null`),
  ],
);
