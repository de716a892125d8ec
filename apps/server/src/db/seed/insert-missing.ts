import { getTableName, sql } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { AnyPgColumn, PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../client.js';

/** Rows per INSERT, well under PostgreSQL's 65,535 bind parameters. */
const CHUNK = 500;

/**
 * Inserts the rows that are not there yet (any unique or primary-key conflict keeps the
 * stored row, so an administrator's edits survive the next start).
 */
export async function insertMissing<T extends PgTable>(db: DbOrTx, table: T, rows: PgInsertValue<T>[]): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK) {
    await db
      .insert(table)
      .values(rows.slice(start, start + CHUNK))
      .onConflictDoNothing();
  }
}

/** Moves a serial `id` sequence past the ids inserted explicitly, so later inserts do not collide. */
export async function syncSerial(db: DbOrTx, table: PgTable, column: AnyPgColumn): Promise<void> {
  // The schema is declared with `casing: 'snake_case'`: property metricaId is column metrica_id.
  const columnName = toSnakeCase(column.name);
  await db.execute(
    sql`select setval(pg_get_serial_sequence(${getTableName(table)}, ${columnName}), max(${column})) from ${table} having max(${column}) is not null`,
  );
}

/** id by code, for resolving the seed data's cross references. */
export function idsByCode(rows: { id: number; code: string }[]): Map<string, number> {
  return new Map(rows.map((row) => [row.code, row.id]));
}

/** The id of `code`, or an error naming what the seed data refers to but does not define. */
export function idOf(ids: Map<string, number>, code: string, what: string): number {
  const id = ids.get(code);
  if (id === undefined) throw new Error(`Seed data refers to unknown ${what} '${code}'`);
  return id;
}
