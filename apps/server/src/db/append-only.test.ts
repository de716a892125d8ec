import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneRowOfEachHistoryTable } from '../test-support/history-rows.js';
import { createTestDatabase } from '../test-support/db.js';
import { inRolledBackTransaction } from '../test-support/tamper.js';
import { APPEND_ONLY_TABLES, type AppendOnlyTable } from './append-only.js';
import type { Database } from './client.js';

/**
 * Issue 15 §4: every history-bearing table is append-only: the database itself refuses
 * UPDATE, DELETE and TRUNCATE, whoever asks (here the tables' owner, with the triggers on).
 */

// Drizzle wraps the database error: its message is in `cause`.
const refused = (table: string) => ({ cause: expect.objectContaining({ message: expect.stringMatching(new RegExp(`^append-only table: ${table} refuses`)) }) });

let database: Database;
let ids: Record<AppendOnlyTable, number>;

beforeAll(async () => {
  database = await createTestDatabase();
  ids = await oneRowOfEachHistoryTable(database.db);
});
afterAll(() => database.close());

async function rowCount(table: string, id: number): Promise<number> {
  const result = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)} where id = ${id}`);
  return Number(result.rows[0]?.n);
}

describe.each(APPEND_ONLY_TABLES)('%s is append-only', (table) => {
  it('refuses UPDATE', async () => {
    await expect(database.db.execute(sql`update ${sql.identifier(table)} set id = id where id = ${ids[table]}`)).rejects.toMatchObject(refused(table));
  });

  it('refuses DELETE', async () => {
    await expect(database.db.execute(sql`delete from ${sql.identifier(table)} where id = ${ids[table]}`)).rejects.toMatchObject(refused(table));
    expect(await rowCount(table, ids[table])).toBe(1);
  });

  it('refuses TRUNCATE', async () => {
    // Rolled back whatever happens: were the trigger missing, other files' rows survive.
    // CASCADE, so a table other tables reference reaches its trigger instead of the foreign key check.
    await expect(inRolledBackTransaction(database.db, (tx) => tx.execute(sql`truncate ${sql.identifier(table)} cascade`))).rejects.toMatchObject({
      cause: expect.objectContaining({ message: expect.stringMatching(/^append-only table: \w+ refuses TRUNCATE/) }),
    });
    expect(await rowCount(table, ids[table])).toBe(1);
  });
});

describe('the list of history tables', () => {
  it('holds every table with an append-only trigger, and each has both triggers enabled', async () => {
    const result = await database.db.execute<{ table: string; trigger: string; enabled: string }>(sql`
      select c.relname as table, t.tgname as trigger, t.tgenabled as enabled
      from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where not t.tgisinternal and (t.tgname like '%\_append\_only' or t.tgname like '%\_no\_truncate')`);
    const expected = APPEND_ONLY_TABLES.flatMap((table) => [`${table}_append_only`, `${table}_no_truncate`]).sort();
    expect(result.rows.map((row) => row.trigger).sort()).toEqual(expected);
    expect(result.rows.every((row) => row.enabled === 'O')).toBe(true);
  });
});
