import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test-support/db.js';
import type { Database } from './client.js';
import { prefixRange, prefixUpperBound } from './text-prefix.js';

const MAX = String.fromCodePoint(0x10ffff);

/** Edge cases of the reference-prefix range (`prefixRange`, shared by the case lists, the inbox and the search). */
describe('prefixUpperBound edge cases', () => {
  it('raises the last character to the next code point', () => {
    expect(prefixUpperBound('UY-2025-0001')).toBe('UY-2025-0002');
    expect(prefixUpperBound('a%')).toBe('a&');
    expect(prefixUpperBound('a_')).toBe('a`');
    expect(prefixUpperBound('RH-Ñ')).toBe('RH-Ò');
    expect(prefixUpperBound('x😀')).toBe('x😁');
  });

  it('skips the surrogates, drops trailing highest characters, and has no bound for an empty or all-highest prefix', () => {
    expect(prefixUpperBound('a\ud7ff')).toBe('a\ue000');
    expect(prefixUpperBound(`ab${MAX}`)).toBe('ac');
    expect(prefixUpperBound(`a${MAX}${MAX}`)).toBe('b');
    expect(prefixUpperBound(MAX)).toBeNull();
    expect(prefixUpperBound('')).toBeNull();
  });
});

describe('prefixRange on the database: edge cases', () => {
  let database: Database;
  const table = sql.identifier(`text_prefix_edges_${process.pid}_${Date.now()}`);
  const VALUES = [
    '',
    'UY-2025-0001',
    'UY-2025-00010',
    'UY-2025-0001-S1',
    'UY-2025-0002',
    'UY-2025-0000',
    'UY-2025-000',
    'uy-2025-0001',
    'A%B',
    'AXB',
    'A_B',
    'A\\B',
    'Ñandú',
    'Ñu',
    'Ö',
    'N',
    `z${MAX}`,
    `z${MAX}a`,
    `z${MAX}${MAX}`,
    'z',
    '{',
    '😀x',
    '😁',
  ];

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.execute(sql`create table ${table} (value text not null)`);
    for (const value of VALUES) await database.db.execute(sql`insert into ${table} values (${value})`);
  });
  afterAll(async () => {
    await database.db.execute(sql`drop table if exists ${table}`);
    await database.close();
  });

  async function matching(condition: SQL): Promise<string[]> {
    const rows = await database.db.execute<{ value: string }>(sql`select value from ${table} where ${condition}`);
    return rows.rows.map((row) => row.value).sort();
  }

  it.each([
    ['a reference', 'UY-2025-0001'],
    ['the empty prefix (everything)', ''],
    ['% literally', 'A%'],
    ['_ literally', 'A_'],
    ['a backslash literally', 'A\\'],
    ['a non-ASCII character', 'Ñ'],
    ['an astral character', '😀'],
    ['a prefix ending in the highest character', `z${MAX}`],
    ['a prefix of only highest characters', MAX],
    ['a prefix matching nothing', 'ZZZ'],
  ])('matches exactly the values that start with %s', async (_name, prefix) => {
    const expected = VALUES.filter((value) => value.startsWith(prefix)).sort();
    expect(await matching(prefixRange(sql.raw('value'), prefix))).toEqual(expected);
  });

  it('is case-sensitive: callers upper-case both sides', async () => {
    expect(await matching(prefixRange(sql.raw('value'), 'uy-'))).toEqual(['uy-2025-0001']);
  });
});
