import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test-support/db.js';
import type { Database } from './client.js';
import { executeNamed, preparedByText, runNamed } from './prepared.js';
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

  it('built once per shape: each shape answers its own rows for any values, as the builder itself', async () => {
    const { db } = database;
    const byShape = preparedByText((handle, shape: 'code' | 'name') =>
      handle
        .select({ id: countries.id, code: countries.code })
        .from(countries)
        .where(eq(shape === 'code' ? countries.code : countries.name, sql.placeholder('value'))),
    );
    const direct = (column: typeof countries.code | typeof countries.name, value: string) => db.select({ id: countries.id, code: countries.code }).from(countries).where(eq(column, value));
    const [uruguay] = await direct(countries.code, 'UY');
    expect(uruguay).toBeDefined();
    expect(byShape(db, 'code')).toBe(byShape(db, 'code'));
    expect(await byShape(db, 'code').execute({ value: 'UY' })).toEqual([uruguay]);
    expect(await byShape(db, 'code').execute({ value: 'AR' })).toEqual(await direct(countries.code, 'AR'));
    const [named] = await db.select({ name: countries.name }).from(countries).where(eq(countries.code, 'UY'));
    expect(await byShape(db, 'name').execute({ value: named?.name ?? '' })).toEqual([uruguay]);
    expect(await byShape(db, 'code').execute({ value: 'ZZ' })).toEqual([]);
    // A transaction object gets its own (a statement prepared on it runs on its connection).
    expect(await db.transaction(async (tx) => byShape(tx, 'code').execute({ value: 'UY' }))).toEqual([uruguay]);
  });

  it('inside a transaction', async () => {
    const rows = await database.db.transaction(async (tx) => [...(await executeNamed<{ id: number }>(tx, byCode('UY'))), ...(await executeNamed<{ id: number }>(tx, byCode('AR')))]);
    expect(rows.map((row) => Number(row.id)).sort()).toEqual((await database.db.select({ id: countries.id }).from(countries).where(sql`${countries.code} in ('UY', 'AR')`)).map((row) => row.id).sort());
  });
});
