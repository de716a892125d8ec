import type { ImportEntry, ImportKind, ImportStatus, ImportTable } from '@atalaya/domain';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { importErrors, imports, importTables, users } from '../../db/schema/index.js';

/** How many imports a panel lists (the newest first). */
export const IMPORT_LIST_LIMIT = 50;

/** The user as the other screens show one: first and last name, or the e-mail when both are blank. */
const userDisplay = sql<string>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.email})`;

const entryColumns = {
  id: imports.id,
  kind: imports.kind,
  codeImport: imports.codeImport,
  meddraVersion: imports.meddraVersion,
  user: userDisplay,
  fileName: imports.fileName,
  dateStart: imports.dateStart,
  dateEnd: imports.dateEnd,
  status: imports.status,
  percentage: imports.percentage,
  currentTable: imports.currentTable,
  error: imports.error,
  errorCount: imports.errorCount,
};

type EntryRow = { id: string } & Omit<ImportEntry, 'Tables'>;

function entryOf(row: {
  id: string;
  codeImport: string;
  meddraVersion: string | null;
  user: string;
  fileName: string | null;
  dateStart: Date;
  dateEnd: Date | null;
  status: string;
  percentage: number;
  currentTable: string | null;
  error: string | null;
  errorCount: number;
}): EntryRow {
  return {
    id: row.id,
    code_import: row.codeImport,
    meddra_version: row.meddraVersion,
    Usuario: row.user,
    FileName: row.fileName,
    date_start: row.dateStart.toISOString(),
    date_end: row.dateEnd?.toISOString() ?? null,
    status: row.status as ImportStatus,
    percentage: row.percentage,
    table: row.currentTable,
    error: row.error,
    errors: row.errorCount,
  };
}

/** The `Tables` of each import, in the order their handler declared them: one query for them all. */
async function tablesOf(db: DbOrTx, importIds: readonly string[]): Promise<Map<string, ImportTable[]>> {
  const byImport = new Map<string, ImportTable[]>(importIds.map((id) => [id, []]));
  if (importIds.length === 0) return byImport;
  const rows = await db
    .select()
    .from(importTables)
    .where(inArray(importTables.importId, [...importIds]))
    .orderBy(asc(importTables.importId), asc(importTables.position), asc(importTables.tableName));
  for (const row of rows) {
    byImport.get(row.importId)?.push({
      table: row.tableName,
      status: row.status as ImportStatus,
      date_start: row.dateStart?.toISOString() ?? null,
      date_end: row.dateEnd?.toISOString() ?? null,
      insterted: row.inserted,
    });
  }
  return byImport;
}

function withTables(rows: EntryRow[], tables: Map<string, ImportTable[]>): ImportEntry[] {
  return rows.map(({ id, ...entry }) => ({ ...entry, Tables: tables.get(id) ?? [] }));
}

/** The newest imports of a kind (index `imports_kind_date_start_idx`), with their tables. */
export async function listImports(db: DbOrTx, kind: ImportKind, limit = IMPORT_LIST_LIMIT): Promise<ImportEntry[]> {
  const rows = await db
    .select(entryColumns)
    .from(imports)
    .innerJoin(users, eq(users.id, imports.userId))
    .where(eq(imports.kind, kind))
    .orderBy(desc(imports.dateStart), desc(imports.codeImport))
    .limit(limit);
  const entries = rows.map(entryOf);
  return withTables(entries, await tablesOf(db, entries.map((entry) => entry.id)));
}

/** One import by its code (of the given kind when told), with its tables; null when none. */
export async function importEntryByCode(db: DbOrTx, code: string, kind?: ImportKind): Promise<ImportEntry | null> {
  const [row] = await db
    .select(entryColumns)
    .from(imports)
    .innerJoin(users, eq(users.id, imports.userId))
    .where(and(eq(imports.codeImport, code), kind ? eq(imports.kind, kind) : undefined));
  if (!row) return null;
  const entry = entryOf(row);
  return withTables([entry], await tablesOf(db, [entry.id]))[0] ?? null;
}

/** What the routes need of an import found by its code. */
export async function findImport(db: DbOrTx, code: string) {
  const [row] = await db
    .select({ id: imports.id, kind: imports.kind, status: imports.status, codeImport: imports.codeImport, heartbeatAt: imports.heartbeatAt, error: imports.error, errorCount: imports.errorCount })
    .from(imports)
    .where(eq(imports.codeImport, code));
  return row ? { ...row, kind: row.kind as ImportKind, status: row.status as ImportStatus } : null;
}

/** Whether an import of this kind is pending or running (index `imports_one_active_per_kind`). */
export async function hasActiveImport(db: DbOrTx, kind: ImportKind): Promise<boolean> {
  const [row] = await db
    .select({ id: imports.id })
    .from(imports)
    .where(and(eq(imports.kind, kind), inArray(imports.status, ['P', 'D'])))
    .limit(1);
  return row !== undefined;
}

/** The stored row errors of an import, in the order they were found. */
export function importErrorRows(db: DbOrTx, importId: string) {
  return db
    .select({ sheet: importErrors.sheet, row: importErrors.row, column: importErrors.column, message: importErrors.message })
    .from(importErrors)
    .where(eq(importErrors.importId, importId))
    .orderBy(asc(importErrors.seq));
}
