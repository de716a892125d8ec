import type pg from 'pg';
import type { Tx } from '../db/client.js';

/**
 * Counts the queries in flight on a transaction's connection (its `pg` client), from now on:
 * `most` is the highest number sent and not yet answered at once.
 */
export function countInFlight(tx: Tx): { readonly most: number } {
  const client = (tx as unknown as { session: { client: pg.PoolClient } }).session.client;
  const counter = { most: 0, now: 0 };
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
  (client as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = (...args) => {
    counter.now += 1;
    counter.most = Math.max(counter.most, counter.now);
    return query(...args).finally(() => {
      counter.now -= 1;
    });
  };
  return counter;
}
