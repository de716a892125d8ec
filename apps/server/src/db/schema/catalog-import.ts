import { integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { imports } from './imports.js';

/**
 * The rows of a product catalogue import, staged once the whole file has validated
 * (docs/imports.md 'The product catalogue'): one per row of a sheet, its cells already checked
 * and normalised (`data`, keyed by the sheet's column names). They are loaded in short batches
 * while the live catalogue is untouched, then switched in by one transaction of set-based
 * upserts, and removed with it (or when the import fails or is cancelled).
 */
export const catalogImportRows = pgTable(
  'catalog_import_rows',
  {
    importId: uuid()
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    /** The sheet (Paises … ProductoPrincipios). */
    sheet: text().notNull(),
    /** The row number as the spreadsheet shows it (the header is row 1). */
    rowNo: integer().notNull(),
    data: jsonb().notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.sheet, t.rowNo] })],
);
