import { sql } from 'drizzle-orm';
import { char, check, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.js';
import { files } from './files.js';
import { users } from './identity.js';

/**
 * Data (products) and MedDRA imports: code_import, meddra_version, user, date_start,
 * date_end, status (E error, D running, C cancelled, S ok, P pending) and percentage.
 *
 * An import is also its own job (docs/adr/0014-import-jobs.md): the uploaded file waits in
 * `files` (`fileId`, removed when the import ends), a runner claims it (`runToken`, `attempts`)
 * and keeps `heartbeatAt` fresh while it works; a D import whose heartbeat is stale belongs to
 * a process that died and is taken again. At most one import of a kind is P or D at a time
 * (`imports_one_active_per_kind`).
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
    /** The Spanish reason of an E import. */
    error: text(),
    /** The uploaded file while the import is P or D; null once it ended (the file is removed). */
    fileId: uuid().references(() => files.id, { onDelete: 'set null' }),
    /**
     * The zip's password (MedDRA), encrypted with the server's key (AES-256-GCM, the import's
     * id as associated data) while the import may still run; null when none or once it ended.
     */
    passwordEnc: text(),
    /** The entry of `Tables` being loaded now (null when none). */
    currentTable: text(),
    /** How many times a runner took it (a resumed import counts again; a clean shutdown gives its turn back). */
    attempts: integer().notNull().default(0),
    /** The claim of the runner that works it now: its writes count only while this is theirs. */
    runToken: uuid(),
    /** Last sign of life of the runner working it (null: nobody, or given back at shutdown). */
    heartbeatAt: timestamptz(),
    /** An ADMIN asked to cancel it while it ran (the runner stops it and ends it C). */
    cancelRequestedAt: timestamptz(),
    cancelledBy: uuid().references(() => users.id),
    /** How many row errors its validation found (at most `IMPORT_ERRORS_STORED` are kept in `import_errors`). */
    errorCount: integer().notNull().default(0),
  },
  (t) => [
    index('imports_kind_date_start_idx').on(t.kind, t.dateStart.desc()),
    // One import of a kind pending or running at a time: a concurrent upload fails here (409).
    uniqueIndex('imports_one_active_per_kind').on(t.kind).where(sql`${t.status} in ('P', 'D')`),
    // The runner's queue: the pending and running imports, oldest first.
    index('imports_active_idx').on(t.dateStart).where(sql`${t.status} in ('P', 'D')`),
    check('imports_kind', sql`${t.kind} in ('meddra', 'data', 'e2b', 'duplicates')`),
    check('imports_status', sql`${t.status} in ('E', 'D', 'C', 'S', 'P')`),
    check('imports_percentage', sql`${t.percentage} between 0 and 100`),
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
    /** Order of the entry, as the handler declared it (0, 1, 2…). */
    position: integer().notNull().default(0),
    status: char({ length: 1 }).notNull().default('P'),
    dateStart: timestamptz(),
    dateEnd: timestamptz(),
    inserted: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.importId, t.tableName] })],
);

/** The row errors of a rejected import (the downloadable report), at most `IMPORT_ERRORS_STORED` an import. */
export const importErrors = pgTable(
  'import_errors',
  {
    importId: uuid()
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    seq: integer().notNull(),
    sheet: text().notNull(),
    row: integer().notNull(),
    column: text().notNull(),
    message: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.seq] })],
);
