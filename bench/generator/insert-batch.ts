import { getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { eventComments, eventMedicationIngredients, eventMedications, eventOrigins, eventPatients, eventRamCategories, eventRams, events, homeReports, operationHistory, operationHistoryLines } from '../../apps/server/src/faces/bench.js';
import type { BatchRows } from './batch-rows.js';
import { type BulkLoader, encodeRows } from './copy.js';

async function copyAll(loader: BulkLoader, table: PgTable, rows: readonly Record<string, unknown>[]): Promise<void> {
  if (rows.length === 0) return;
  const { columns, data } = encodeRows(table, rows);
  await loader.copy(getTableName(table), columns, data);
}

/** Inserts a batch parents first, one COPY per table. */
export async function insertBatch(loader: BulkLoader, batch: BatchRows): Promise<void> {
  await copyAll(loader, events, batch.events);
  await copyAll(loader, eventPatients, batch.patients);
  await copyAll(loader, eventOrigins, batch.origins);
  await copyAll(loader, eventMedications, batch.medications);
  await copyAll(loader, eventMedicationIngredients, batch.ingredients);
  await copyAll(loader, eventRams, batch.rams);
  await copyAll(loader, eventRamCategories, batch.ramCategories);
  await copyAll(loader, operationHistory, batch.history);
  await copyAll(loader, operationHistoryLines, batch.historyLines);
  await copyAll(loader, eventComments, batch.comments);
  await copyAll(loader, homeReports, batch.homeReports);
}

/** Reserves `count` values of a table's serial sequence (no other writer can get them). */
export async function reserveIds(loader: BulkLoader, table: string, count: number): Promise<number[]> {
  if (count === 0) return [];
  const rows = await loader.query<{ id: string | number }>(
    'select nextval(pg_get_serial_sequence($1, $2)) as id from generate_series(1, $3::int)',
    [table, 'id', count],
  );
  return rows.map((row) => Number(row.id));
}
