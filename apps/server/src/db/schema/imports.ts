import { sql } from 'drizzle-orm';
import { char, check, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.js';
import { users } from './identity.js';

/**
 * Data (products) and MedDRA imports: code_import, meddra_version, user, date_start,
 * date_end, status (E error, D running, C cancelled, S ok, P pending) and percentage.
 */
export const imports = pgTable(
  'imports',
  {
    id: uuid().primaryKey().defaultRandom(),
    codeImport: text().notNull().unique('imports_code_import_unique'),
    kind: text().notNull(),
    meddraVersion: text(),
    fileName: text(),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    dateStart: timestamptz().notNull().defaultNow(),
    dateEnd: timestamptz(),
    status: char({ length: 1 }).notNull().default('P'),
    percentage: integer().notNull().default(0),
    error: text(),
  },
  (t) => [
    index('imports_kind_date_start_idx').on(t.kind, t.dateStart.desc()),
    check('imports_kind', sql`${t.kind} in ('meddra', 'data')`),
    check('imports_status', sql`${t.status} in ('E', 'D', 'C', 'S', 'P')`),
  ],
);

/** Progress of each table of an import (Tables: table, status, date_start, date_end, insterted). */
export const importTables = pgTable(
  'import_tables',
  {
    importId: uuid()
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    tableName: text().notNull(),
    status: char({ length: 1 }).notNull().default('P'),
    dateStart: timestamptz(),
    dateEnd: timestamptz(),
    inserted: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.importId, t.tableName] })],
);
