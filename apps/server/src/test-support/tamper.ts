import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';

class RolledBack extends Error {}

/**
 * Runs `work` in a transaction that is always rolled back, and answers what it answered: a
 * test plays an attacker with the tables' owner rights (triggers disabled, rows edited) on
 * a database other test files share, and leaves nothing behind.
 */
export async function inRolledBackTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  let result: { value: T } | null = null;
  try {
    await db.transaction(async (tx) => {
      result = { value: await work(tx) };
      throw new RolledBack();
    });
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
  }
  if (!result) throw new Error('The rolled-back work did not finish');
  return (result as { value: T }).value;
}

/** As the owner would: switches off the append-only trigger of a table, in this transaction. */
export async function disableAppendOnly(tx: Tx, table: string): Promise<void> {
  await tx.execute(sql.raw(`alter table ${table} disable trigger ${table}_append_only`));
}
