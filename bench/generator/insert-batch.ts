import { sql } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../apps/server/src/db/client.js';
import {
  eventComments,
  eventMedicationIngredients,
  eventMedications,
  eventOrigins,
  eventPatients,
  eventRamCategories,
  eventRams,
  events,
  operationHistory,
  operationHistoryLines,
} from '../../apps/server/src/db/schema/index.js';
import type { BatchRows } from './batch-rows.js';

/** Rows per INSERT statement: at most ~30 columns × 1,000 stays under 65,535 parameters. */
const ROWS_PER_STATEMENT = 1_000;

async function insertAll<T extends PgTable>(db: DbOrTx, table: T, rows: PgInsertValue<T>[]): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    await db.insert(table).values(rows.slice(start, start + ROWS_PER_STATEMENT));
  }
}

/** Inserts a batch parents first. */
export async function insertBatch(db: DbOrTx, batch: BatchRows): Promise<void> {
  await insertAll(db, events, batch.events);
  await insertAll(db, eventPatients, batch.patients);
  await insertAll(db, eventOrigins, batch.origins);
  await insertAll(db, eventMedications, batch.medications);
  await insertAll(db, eventMedicationIngredients, batch.ingredients);
  await insertAll(db, eventRams, batch.rams);
  await insertAll(db, eventRamCategories, batch.ramCategories);
  await insertAll(db, operationHistory, batch.history);
  await insertAll(db, operationHistoryLines, batch.historyLines);
  await insertAll(db, eventComments, batch.comments);
}

/** Reserves `count` values of a table's serial sequence (no other writer can get them). */
export async function reserveIds(db: DbOrTx, table: string, count: number): Promise<number[]> {
  if (count === 0) return [];
  const result = await db.execute<{ id: string | number }>(
    sql`select nextval(pg_get_serial_sequence(${table}, 'id')) as id from generate_series(1, ${count})`,
  );
  return result.rows.map((row) => Number(row.id));
}
