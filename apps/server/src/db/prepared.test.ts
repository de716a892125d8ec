import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test-support/db.js';
import type { Database } from './client.js';
import { executeNamed, runNamed } from './prepared.js';
import { countries } from './schema/index.js';

/**
 * Statements named by their text (db/prepared.ts): the same rows as Drizzle answers them
 * unnamed, alone and in a transaction (on the server, session.pg.test.ts: one statement a text).
 */
describe('statements named by their text', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const byCode = (code: string) => sql`select ${countries.id} as id, ${countries.name} as name, now() as at from ${countries} where ${countries.code} = ${code}`;

  it('answer the rows db.execute answers, and a builder its mapped rows', async () => {
    const { db } = database;
    const named = await executeNamed<{ id: number; name: string; at: unknown }>(db, byCode('UY'));
    const plain = (await db.execute<{ id: number; name: string; at: unknown }>(byCode('UY'))).rows;
    expect(named.map(({ id, name }) => ({ id, name }))).toEqual(plain.map(({ id, name }) => ({ id, name })));
    expect(named).toHaveLength(1);
    // The same driver settings: a timestamp comes back as db.execute gives it.
    expect(typeof named[0]?.at).toBe(typeof plain[0]?.at);
    expect(await executeNamed(db, byCode('ZZ'))).toEqual([]);
    const query = () => db.select({ id: countries.id, code: countries.code }).from(countries).where(eq(countries.code, 'AR'));
    expect(await runNamed(query())).toEqual(await query());
  });

  it('inside a transaction', async () => {
    const rows = await database.db.transaction(async (tx) => [...(await executeNamed<{ id: number }>(tx, byCode('UY'))), ...(await executeNamed<{ id: number }>(tx, byCode('AR')))]);
    expect(rows.map((row) => Number(row.id)).sort()).toEqual((await database.db.select({ id: countries.id }).from(countries).where(sql`${countries.code} in ('UY', 'AR')`)).map((row) => row.id).sort());
  });
});
