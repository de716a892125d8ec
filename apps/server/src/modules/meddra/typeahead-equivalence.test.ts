import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { MEDDRA_FOLD_FROM, MEDDRA_FOLD_TO, meddraLlt, meddraPt, meddraSoc } from '../../db/schema/index.js';
import { createTestDatabase } from '../../test-support/db.js';
import { currentLltsMatching, searchCurrentLlts } from './queries.js';
import { accentInsensitivePattern, foldAccents } from './search-pattern.js';

/*
 * The typeahead's function (atalaya_llt_typeahead) answers what the regular-expression query it
 * replaced answers (currentLltsMatching: the set, names that start with the term first, then by
 * name and code), for every kind of term, on a dictionary with accents, upper case, LLTs not
 * current and LLTs an import has not switched in yet. A small `cap` (the most matches the index
 * read sorts) sends common terms to the third part, the name order, on a dictionary of 900 names,
 * as more than 2,000 matches do on the real one.
 */

let database: Database;

/** A small deterministic generator (the test must be reproducible). */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const WORDS = [
  'Dolor', 'dolor', 'Cefalea', 'cefálico', 'Náusea', 'náuseas', 'Vómito', 'Úlcera', 'úlcera', 'Erupción', 'Eritema', 'Hígado',
  'hepático', 'Prurito', 'Artritis', 'Gastritis', 'Anemia', 'Leucemia', 'Mialgia', 'Artralgia', 'Cardíaco', 'Cardiopatía',
  'Hipertensión', 'Hipotensión', 'Abdominal', 'Ñandú', 'Cigüeñal', 'Pingüino', 'Zumbido', 'Edema', 'Acné', 'Ácido', 'agudo',
  'crónico', 'leve', 'grave', 'de', 'la', 'en', '(término)', '50%', 'x_y', 'a.b', 'CÉFALEA', 'ÑOÑO', 'qzx',
];

const TERMS = [
  'do', 'dolor', 'DOLOR', 'dólor', 'ce', 'cef', 'cefal', 'céfal', 'CÉFAL', 'naus', 'náusea', 'nausea', 'vo', 'vómito', 'ulc', 'úlcera',
  'itis', 'emia', 'algia', 'tension', 'tensión', 'card', 'cardi', 'abdom', 'nan', 'ñan', 'ñ', 'gu', 'güe', 'gue', 'zu', 'zum', 'ed',
  'acn', 'aci', 'ácido', 'ag', 'ud', 'de', 'la', 'a l', 'r a', 'dolor  agudo', ' dolor ', 'ia', 'xz', 'qz', 'qzx', 'zx', 'zzxq', '(t',
  'término)', '50%', '%', '0%', 'x_y', '_y', 'a.b', '.b', 'a.', 'ono', 'ÑOÑ', 'noño', 'e', 'ee', 'le', 'ca',
];

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const random = generator(33);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const base = 900_000_000 + Math.floor(Math.random() * 90_000_000);
  await db.insert(meddraSoc).values({ code: base, name: 'SOC de prueba', abbrev: 'Test' });
  await db.insert(meddraPt).values([
    { code: base + 1, name: 'PT de prueba', primarySocCode: base },
    { code: base + 2, name: 'PT sin SOC', primarySocCode: null },
  ]);
  const names = new Set<string>();
  while (names.size < 900) {
    const length = 1 + Math.floor(random() * 4);
    names.add(Array.from({ length }, () => pick(WORDS)).join(' '));
  }
  // Repeated names (different codes) test the order by code.
  const rows = [...names, 'Dolor agudo', 'Dolor agudo', 'úlcera leve', 'úlcera leve'].map((name, index) => ({
    code: base + 10 + index,
    name,
    ptCode: random() < 0.9 ? base + 1 : base + 2,
    current: random() < 0.85,
    // Some codes of an import not switched in yet (no meddra_versions row): never offered.
    introducedBy: random() < 0.05 ? randomUUID() : null,
  }));
  for (let start = 0; start < rows.length; start += 300) await db.insert(meddraLlt).values(rows.slice(start, start + 300));
});
afterAll(() => database.close());

describe('the MedDRA typeahead function', () => {
  it('folds names as the search folds terms', async () => {
    // search_name is lower(name) with MEDDRA_FOLD_FROM replaced: the same letters foldAccents removes the accents of.
    expect([...MEDDRA_FOLD_FROM].map((char) => foldAccents(char)).join('')).toBe(MEDDRA_FOLD_TO);
    expect([...MEDDRA_FOLD_FROM].map((char) => accentInsensitivePattern(foldAccents(char)).includes(char)).every(Boolean)).toBe(true);
    const [row] = (await database.db.execute<{ search_name: string }>(sql`select search_name from ${meddraLlt} where ${meddraLlt.name} = 'Dolor agudo' limit 1`)).rows;
    expect(row?.search_name).toBe('dolor agudo');
  });

  it.each([
    ['the real cap (2,000 matches: every answer from the first two parts)', undefined],
    ['a cap of 40 matches (the third part for common terms)', 40],
    ['a cap of 1 match', 1],
    ['a cap of 0 (every term past the prefixes in name order)', 0],
  ])('answers the same LLTs in the same order as the regular expression, %s', async (_label, cap) => {
    for (const term of TERMS) {
      for (const limit of [20, 3]) {
        // One snapshot for both reads: other test files may write LLTs on a shared server.
        const [expected, actual] = await database.db.transaction(
          async (tx) => [await currentLltsMatching(tx, accentInsensitivePattern(term), limit), await searchCurrentLlts(tx, term, limit, { cap })],
          { isolationLevel: 'repeatable read' },
        );
        expect({ term, limit, rows: actual }).toEqual({ term, limit, rows: expected });
      }
    }
  });

  it('finds rare names inside the name with a term of three letters and one of two, by the index read and by the name order', async () => {
    for (const [term, cap] of [['qzx', undefined], ['zx', undefined], ['qzx', 0], ['zx', 0]] as const) {
      const rows = await searchCurrentLlts(database.db, term, 20, cap === undefined ? {} : { cap });
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((row) => foldAccents(row.llt_name).includes(term))).toBe(true);
    }
  });
});
