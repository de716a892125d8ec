// Runs only against the PostgreSQL server (DATABASE_URL): vitest.config.ts leaves *.pg.test.ts out on PGlite.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/app.js';
import type { Tx } from './client.js';

/** Resolves once `count` callers have arrived. */
function barrier(count: number): () => Promise<void> {
  let arrived = 0;
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return async () => {
    arrived += 1;
    if (arrived === count) open();
    await opened;
  };
}

// Two writes that lock the same two rows in opposite orders: PostgreSQL rolls one back with
// deadlock_detected; the transaction runs again and both writes land, as the user expects.
describe('a write that PostgreSQL rolls back to break a deadlock', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await t.database.db.execute(sql`create table deadlock_probe (id int primary key, hits int not null default 0)`);
    await t.database.db.execute(sql`insert into deadlock_probe (id) values (1), (2)`);
  });
  afterAll(async () => {
    await t.close();
  });

  it('runs again and commits, so both writes are kept and neither caller sees an error', async () => {
    const bothHoldOne = barrier(2);
    let runs = 0;
    const write = (first: number, second: number) =>
      t.database.db.transaction(async (tx: Tx) => {
        runs += 1;
        await tx.execute(sql`update deadlock_probe set hits = hits + 1 where id = ${first}`);
        // Only the first runs meet: the one run again finds the other finished or going on.
        if (runs <= 2) await bothHoldOne();
        await tx.execute(sql`update deadlock_probe set hits = hits + 1 where id = ${second}`);
        return first;
      });
    const results = await Promise.all([write(1, 2), write(2, 1)]);
    expect(results).toEqual([1, 2]);
    expect(runs).toBe(3);
    const rows = await t.database.db.execute<{ id: number; hits: number }>(sql`select id, hits from deadlock_probe order by id`);
    expect(rows.rows).toEqual([
      { id: 1, hits: 2 },
      { id: 2, hits: 2 },
    ]);
  });

  it('gives up after its attempts and lets the caller see the error, leaving nothing written', async () => {
    await expect(
      t.database.db.transaction(async (tx: Tx) => {
        await tx.execute(sql`update deadlock_probe set hits = hits + 100 where id = 1`);
        await tx.execute(sql`do $$ begin raise exception using errcode = '40P01', message = 'forced deadlock'; end $$`);
      }),
    ).rejects.toThrow();
    const rows = await t.database.db.execute<{ hits: number }>(sql`select hits from deadlock_probe where id = 1`);
    expect(rows.rows[0]?.hits).toBe(2);
  });
});
