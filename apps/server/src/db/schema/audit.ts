import { sql } from 'drizzle-orm';
import { bigint, bigserial, char, check, index, jsonb, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.js';
import { users } from './identity.js';

/**
 * What an audit row records, one name per kind of write, with the spec's Instance and
 * OperationType it implies. Every writer names its kind (`writeAudit` in modules/audit);
 * the column keeps the name, so the audit trail can be filtered by it.
 */
export const AUDIT_KINDS = {
  /** A case was created (the wizard, an incoming report entered, a follow-up). */
  'case.created': { instance: 'ER', operationType: 'I' },
  /** A record of a case was added (a medication, a document…). */
  'case.record-added': { instance: 'ER', operationType: 'I' },
  /** A record of a case was changed (the patient, the origin…). */
  'case.record-changed': { instance: 'ER', operationType: 'U' },
  /** A record of a case was removed (a medication, a document…). */
  'case.record-removed': { instance: 'ER', operationType: 'D' },
  /** The wizard was finished: the case entered the workflow (insertER). */
  'case.sent': { instance: 'ER', operationType: 'U' },
  /** A workflow action moved the case (sendAccion). */
  'case.action-taken': { instance: 'ER', operationType: 'U' },
  /** The case was annulled (anularER). */
  'case.annulled': { instance: 'ER', operationType: 'U' },
  /** The case was deleted with an electronic signature (delER). */
  'case.deleted': { instance: 'ER', operationType: 'D' },
  /** The case's PDF was generated. */
  'case.pdf-generated': { instance: 'ER', operationType: 'I' },
  /** An E2B(R3) export of the case was generated, or its status changed (sent, ACK). */
  'case.e2b-exported': { instance: 'ER', operationType: 'I' },
  'case.e2b-status': { instance: 'ER', operationType: 'U' },
  /** The case's CIOMS I form was generated (getERCIOMS; not stored). */
  'case.cioms-generated': { instance: 'ER', operationType: 'I' },
  /** A suspected duplicate pair was decided: 'Es duplicado' or 'No es duplicado' (docs/duplicates.md). */
  'case.duplicate-decided': { instance: 'ER', operationType: 'U' },
  /** An incoming report was triaged (Descartar, Revisar, Ingresar). */
  'home-report.triaged': { instance: 'ER', operationType: 'U' },
  /** A user account was created. */
  'user.created': { instance: 'Usuarios', operationType: 'I' },
  /** A user's details (names, country, speciality, role) were changed. */
  'user.updated': { instance: 'Usuarios', operationType: 'U' },
  /** A user was disabled (they lose access at once). */
  'user.disabled': { instance: 'Usuarios', operationType: 'U' },
  /** A disabled user was enabled again. */
  'user.enabled': { instance: 'Usuarios', operationType: 'U' },
  /** A user's laboratory grants were changed (setLaboratoryUser, deleteLaboratoryUser). */
  'user.laboratories-changed': { instance: 'Usuarios', operationType: 'U' },
  /** A notification-time metric's time option or active flag was changed (Metricas). */
  'metric.changed': { instance: 'Configuracion', operationType: 'U' },
  /** A row was added to a reference list (Parametros; tableName = the spec's table name). */
  'parameters.row-created': { instance: 'Parametros', operationType: 'I' },
  /** Columns of a reference-list row were changed. */
  'parameters.row-changed': { instance: 'Parametros', operationType: 'U' },
  /** A reference-list row was disabled or enabled (Eliminado toggled; never deleted). */
  'parameters.row-toggled': { instance: 'Parametros', operationType: 'U' },
  /** A setting's value was changed on the 'Configuración' screen (settingUpdate); one row per setting. */
  'settings.changed': { instance: 'Configuracion', operationType: 'U' },
  /** An E2B receiver of Configuración was added, changed or removed (docs/e2b.md). */
  'settings.e2b-receiver-added': { instance: 'Configuracion', operationType: 'I' },
  'settings.e2b-receiver-changed': { instance: 'Configuracion', operationType: 'U' },
  'settings.e2b-receiver-removed': { instance: 'Configuracion', operationType: 'D' },
  /**
   * An audit file was downloaded (downloadAuditFile): its panel, filters, row count, name and
   * SHA-256. Listed in the Configuración panel (docs/audit-trail.md).
   */
  'audit.file-downloaded': { instance: 'Configuracion', operationType: 'I' },
  /** An ADMIN uploaded a MedDRA release or a product catalogue: the import was queued (docs/adr/0014-import-jobs.md). */
  'import.started': { instance: 'Configuracion', operationType: 'I' },
  /** An ADMIN cancelled an import (pending: at once; running: the runner stops it). */
  'import.cancelled': { instance: 'Configuracion', operationType: 'U' },
  /**
   * A product catalogue import changed the catalogue (docs/imports.md): one row per import, PKId
   * the import's code, the new values the counts of each sheet (nuevos, modificados, quitados).
   */
  'catalog.imported': { instance: 'Configuracion', operationType: 'U' },
  /** An E2B(R3) import was confirmed: its reports stored as incoming reports or historic cases (docs/e2b-import.md). */
  'e2b.imported': { instance: 'Configuracion', operationType: 'I' },
  /**
   * Registro de señales (docs/signals.md 'Gestión de señales'): a signal opened, its status
   * changed, an assessment or comment added, a document attached, its responsible changed.
   * PKId the signal's id; instance 'Senales' (the audit trail's Señales panel shows it, docs/audit-trail.md).
   */
  'signal.opened': { instance: 'Senales', operationType: 'I' },
  'signal.status-changed': { instance: 'Senales', operationType: 'U' },
  'signal.note-added': { instance: 'Senales', operationType: 'I' },
  'signal.document-added': { instance: 'Senales', operationType: 'I' },
  'signal.reassigned': { instance: 'Senales', operationType: 'U' },
} as const satisfies Record<string, { instance: 'ER' | 'Usuarios' | 'Configuracion' | 'Parametros' | 'Senales'; operationType: 'I' | 'U' | 'D' }>;
export type AuditKind = keyof typeof AUDIT_KINDS;

/**
 * The audit trail: OperationType, PKId, ReferenceNumber, Metadata, Instance (ER, Usuarios,
 * Configuracion, Parametros), User, DateUTC, Description and the old and new values.
 * Each row also keeps its kind and where the call came from (address and user agent).
 * Append-only: the database refuses UPDATE, DELETE and TRUNCATE (drizzle/0005).
 *
 * Hash chain (docs/adr/0006-tamper-evident-record.md): a BEFORE INSERT trigger gives each row
 * its position in the chain, the previous row's hash and its own hash,
 * SHA-256(prevHash || canonical content), under the lock of `audit_chain_head`; the writer
 * never sets them. `npm run verify-audit` walks the chain.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    operationType: char({ length: 1 }).notNull(),
    pkId: text(),
    referenceNumber: text(),
    metadata: text(),
    instance: text().notNull(),
    /** For Parametros: the reference list (spec table name); for others null. */
    tableName: text(),
    userId: uuid().references(() => users.id),
    dateUtc: timestamptz().notNull().defaultNow(),
    description: text().notNull(),
    oldValues: jsonb(),
    newValues: jsonb(),
    /** What was done (`AUDIT_KINDS`); null on rows written before kinds existed. */
    kind: text().$type<AuditKind>(),
    /** The caller's address (behind a trusted proxy, the forwarded one); null without a request. */
    ipAddress: text(),
    /** The caller's User-Agent header; null without a request. */
    userAgent: text(),
    /** Position in the hash chain (1, 2, 3…), set by the database. */
    chainSeq: bigint({ mode: 'number' }),
    /** The previous row's hash (64 zeros for the first row), set by the database. */
    prevHash: text(),
    /** SHA-256 (hex) of prevHash || the row's canonical content, set by the database. */
    hash: text(),
  },
  (t) => [
    uniqueIndex('audit_log_chain_seq_idx').on(t.chainSeq),
    // The audit trail's panels, newest first with the id as tiebreak (keyset paging, 0015):
    // a plain btree on (…, date_utc, id) serves both directions.
    index('audit_log_instance_date_id_idx').on(t.instance, t.dateUtc, t.id),
    index('audit_log_reference_number_idx').on(t.referenceNumber, t.dateUtc.desc()),
    index('audit_log_instance_table_date_id_idx').on(t.instance, t.tableName, t.dateUtc, t.id),
    index('audit_log_instance_pk_date_id_idx').on(t.instance, t.pkId, t.dateUtc, t.id),
    check('audit_log_operation_type', sql`${t.operationType} in ('I', 'U', 'D')`),
    check('audit_log_instance', sql`${t.instance} in ('ER', 'Usuarios', 'Configuracion', 'Parametros', 'Senales')`),
  ],
);

/**
 * The head of the audit hash chain: one row (id 1) with the last position and hash. The
 * audit trigger locks it (FOR UPDATE) to chain each new row, so concurrent writers are
 * serialised on both databases; `npm run verify-audit` compares the last row with it, so
 * deleting the newest rows shows too. Only the trigger (SECURITY DEFINER) writes it.
 */
export const auditChainHead = pgTable(
  'audit_chain_head',
  {
    id: smallint().primaryKey(),
    lastSeq: bigint({ mode: 'number' }).notNull(),
    lastHash: text().notNull(),
  },
  (t) => [check('audit_chain_head_single_row', sql`${t.id} = 1`)],
);
