import { customType, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.js';

/** PostgreSQL bytea; both drivers read it as a Uint8Array (pg: a Buffer) and accept one. */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/**
 * Every uploaded or generated file. Its bytes live in the database so that a file and the
 * record that points to it commit in one transaction. Select `content` only to download.
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
    content: bytea().notNull(),
    createdAt: timestamptz().notNull().defaultNow(),
    createdBy: uuid(),
  },
  (t) => [index().on(t.sha256)],
);
