import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test-support/db.js';
import { inTransactionCounted } from '../test-support/pg-connection.js';
import { type Database, openDatabase, readAll, warmConnections } from './client.js';
import { executeNamed } from './prepared.js';
import { countries } from './schema/index.js';

/** The server's sessions (db/client.ts `openPg`) and the statements named by their text (db/prepared.ts). */
describe('PostgreSQL sessions', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('plan without JIT and without parallel workers', async () => {
    const setting = async (name: string) => (await database.db.execute<{ setting: string }>(sql`select current_setting(${name}) as setting`)).rows[0]?.setting;
    expect(await setting('jit')).toBe('off');
    expect(await setting('max_parallel_workers_per_gather')).toBe('0');
  });

  it('keep their idle connections, so what each connection has planned is not lost at every pause', () => {
    // pg closes an idle connection after 10 s unless told otherwise; a new one parses, plans and
    // loads the catalog again (docs/performance-plans.md §9).
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    expect(pool).toBeInstanceOf(pg.Pool);
    expect(pool.options).toMatchObject({ idleTimeoutMillis: 0, allowExitOnIdle: true, keepAlive: true });
  });

  it('are opened before the first request (warmConnections): every connection of the pool, open and idle', async () => {
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    await pool.query('select 1'); // what the test database's set-up left open
    expect(await warmConnections(database)).toBe(10);
    expect({ total: pool.totalCount, idle: pool.idleCount }).toEqual({ total: 10, idle: 10 });
    // Ten reads side by side find their connections open: none is added, none waits on another.
    await Promise.all(Array.from({ length: 10 }, () => database.db.execute(sql`select count(*) from ${countries}`)));
    expect(pool.totalCount).toBe(10);
    const backends = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and backend_type = 'client backend' and application_name = ''`,
    );
    expect(Number(backends.rows[0]?.n)).toBeGreaterThanOrEqual(10);
  });

  it('start all the same when the server refuses some connections: those opened are warmed, the others open on demand', async () => {
    // A role of its own limited to two connections (a superuser is not limited).
    const role = `atalaya_warm_${process.pid}_${Date.now()}`;
    await database.db.execute(sql.raw(`create role ${role} login connection limit 2`));
    const url = new URL(process.env.DATABASE_URL ?? '');
    url.username = role;
    url.password = '';
    const limited = await openDatabase({ databaseUrl: url.toString() });
    try {
      expect(await warmConnections(limited)).toBe(2);
      expect((await limited.db.execute<{ n: number }>(sql`select 1 as n`)).rows[0]?.n).toBe(1);
    } finally {
      await limited.close();
      await database.db.execute(sql.raw(`drop role ${role}`));
    }
  });

  it('prepare a statement named by its text once on the connection, whatever the values', async () => {
    const byCode = (code: string) => sql`select ${countries.id} as id, 'session test' as tag from ${countries} where ${countries.code} = ${code}`;
    const prepared = await database.db.transaction(async (tx) => {
      for (const code of ['UY', 'AR', 'CL']) await executeNamed(tx, byCode(code));
      return (await tx.execute<{ n: number }>(sql`select count(*)::int as n from pg_prepared_statements where statement like ${"%'session test' as tag%"}`)).rows[0]?.n;
    });
    expect(prepared).toBe(1);
  });

  it('never send a query on a transaction’s connection while another runs there (readAll): pg 9 drops the queue', async () => {
    const onPool = (tag: string) => () => database.db.execute<{ tag: string; pid: number }>(sql`select ${tag}::text as tag, pg_backend_pid() as pid, pg_sleep(0.02)`);
    // On the pool the reads run side by side, each on a connection of its own.
    const pooled = await readAll(database.db, [onPool('a'), onPool('b'), onPool('c')]);
    expect(pooled.map((result) => result.rows[0]?.tag)).toEqual(['a', 'b', 'c']);
    expect(new Set(pooled.map((result) => result.rows[0]?.pid)).size).toBe(3);
    // In a transaction, one after another on its one connection, in their order.
    const { most, result: tags } = await inTransactionCounted(database.db, async (tx) => {
      const read = (tag: string) => () => tx.execute<{ tag: string }>(sql`select ${tag}::text as tag, pg_sleep(0.01)`);
      const results = await readAll(tx, [read('a'), read('b'), read('c')]);
      return results.map((result) => result.rows[0]?.tag);
    });
    expect(tags).toEqual(['a', 'b', 'c']);
    expect(most).toBe(1);
  });
});
