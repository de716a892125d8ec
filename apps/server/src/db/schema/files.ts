import { customType, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.js';

/** PostgreSQL bytea; both drivers read it as a Uint8Array (pg: a Buffer) and accept one. */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/**
 * Every uploaded or generated file. Its bytes live in the database so that a file and the
 * record that points to it commit in one transaction: in `file_chunks` (pieces of at most
 * `FILE_CHUNK_BYTES`, written one by one, so a 20 MB upload never needs 20 MB of memory in the
 * server nor in PGlite), or, for files stored before issue 15, whole in `content` (null for
 * chunked files). Read them with `loadFile`.
 */
export const files = pgTable(
  'files',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    extension: text().notNull(),
    mimeType: text().notNull(),
    size: integer().notNull(),
    sha256: text().notNull(),
    /** The whole file (files stored before issue 15); null when its bytes are in `file_chunks`. */
    content: bytea(),
    createdAt: timestamptz().notNull().defaultNow(),
    createdBy: uuid(),
  },
  (t) => [index().on(t.sha256)],
);

/** The bytes of a chunked file: piece `seq` (0, 1, 2…) of `files.id`. */
export const fileChunks = pgTable(
  'file_chunks',
  {
    fileId: uuid()
      .notNull()
      .references(() => files.id),
    seq: integer().notNull(),
    data: bytea().notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.seq] })],
);
