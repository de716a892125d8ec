import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test-support/db.js';
import type { Database } from './client.js';
import { prefixRange, prefixUpperBound } from './text-prefix.js';

let database: Database;
const table = sql.identifier(`text_prefix_probe_${process.pid}_${Date.now()}`);
const VALUES = ['UY-2026-000123', 'UY-2026-000123-S1', 'UY-2026-000124', 'UY-2026-00012', 'UY-2026-0001', 'UY-2025-000123', 'AR-2026-000123', 'RH-2026-000045', 'UY-2026-000123%', 'UY-2026-000123_'];

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`create table ${table} (v text primary key)`);
  for (const value of VALUES) await database.db.execute(sql`insert into ${table} (v) values (${value})`);
});
afterAll(async () => {
  await database.db.execute(sql`drop table if exists ${table}`);
  await database.close();
});

async function matching(prefix: string): Promise<string[]> {
  const rows = await database.db.execute<{ v: string }>(sql`select v from ${table} where ${prefixRange(sql`v`, prefix)} order by v`);
  return rows.rows.map((row) => row.v);
}

describe('prefixRange', () => {
  it('finds exactly the values that start with the prefix, and takes % and _ literally', async () => {
    for (const prefix of ['UY-2026-000123', 'UY-2026-00012', 'UY-2026-', 'UY', 'RH-2026-0000', 'UY-2026-000123-S', 'UY-2026-000123%', 'ZZ', 'U']) {
      expect(await matching(prefix), prefix).toEqual(VALUES.filter((value) => value.startsWith(prefix)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    }
  });

  it('matches everything with an empty prefix', async () => {
    expect((await matching('')).length).toBe(VALUES.length);
  });

  it('bounds by the next code point, skipping characters that cannot be incremented', () => {
    expect(prefixUpperBound('UY-2026-00012')).toBe('UY-2026-00013');
    expect(prefixUpperBound('A-')).toBe('A.');
    expect(prefixUpperBound('Z\u{10FFFF}')).toBe('[');
    expect(prefixUpperBound('\u{10FFFF}')).toBeNull();
    expect(prefixUpperBound('a\uD7FF')).toBe('a\uE000');
  });
});
