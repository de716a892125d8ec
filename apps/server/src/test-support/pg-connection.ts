import type pg from 'pg';
import type { Db, Tx } from '../db/client.js';

type Query = (...args: unknown[]) => Promise<unknown>;

/**
 * Runs `work` in a transaction of `db` (the `pg` driver) and counts the queries in flight on the
 * transaction's connection: `most` is the highest number sent and not yet answered at once, `sent`
 * how many were sent in all. The connection's `query` is given back before it returns to the pool.
 */
export async function inTransactionCounted<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<{ most: number; sent: number; result: T }> {
  return db.transaction(async (tx) => {
    const client = (tx as unknown as { session: { client: pg.PoolClient } }).session.client as unknown as { query: Query };
    const original = client.query;
    const query = original.bind(client);
    let now = 0;
    let most = 0;
    let sent = 0;
    client.query = (...args) => {
      now += 1;
      sent += 1;
      most = Math.max(most, now);
      return query(...args).finally(() => {
        now -= 1;
      });
    };
    try {
      const result = await work(tx);
      return { most, sent, result };
    } finally {
      client.query = original;
    }
  });
}
