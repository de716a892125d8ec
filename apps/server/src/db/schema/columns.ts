import { boolean, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A `timestamptz` column read and written as a JS Date (UTC). */
export const timestamptz = (name?: string) =>
  name ? timestamp(name, { withTimezone: true, mode: 'date' }) : timestamp({ withTimezone: true, mode: 'date' });

/** Creation and last-update stamps shared by editable records. */
export const stamps = () => ({
  createdAt: timestamptz().notNull().defaultNow(),
  updatedAt: timestamptz().notNull().defaultNow(),
  createdBy: uuid(),
  updatedBy: uuid(),
});

/**
 * The columns every reference list (codiguera) shares: a stable code (`value`), the
 * soft-disable flag the admin screen toggles and the code of the row in an import.
 */
export const codigueraColumns = () => ({
  id: serial().primaryKey(),
  value: text().notNull().unique(),
  eliminado: boolean().notNull().default(false),
  importCodigo: text(),
});
