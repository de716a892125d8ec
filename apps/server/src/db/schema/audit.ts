import { sql } from 'drizzle-orm';
import { bigserial, char, check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.js';
import { users } from './identity.js';

/**
 * The audit trail: OperationType, PKId, ReferenceNumber, Metadata, Instance (ER, Usuarios,
 * Configuracion, Parametros), User, DateUTC, Description and the old and new values.
 * Append-only: the database refuses UPDATE and DELETE (src/db/sql).
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
  },
  (t) => [
    index('audit_log_instance_date_idx').on(t.instance, t.dateUtc.desc()),
    index('audit_log_reference_number_idx').on(t.referenceNumber, t.dateUtc.desc()),
    index('audit_log_instance_table_date_idx').on(t.instance, t.tableName, t.dateUtc.desc()),
    check('audit_log_operation_type', sql`${t.operationType} in ('I', 'U', 'D')`),
    check('audit_log_instance', sql`${t.instance} in ('ER', 'Usuarios', 'Configuracion', 'Parametros')`),
  ],
);
