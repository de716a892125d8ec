import { MSG } from '@atalaya/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createLlt, type TestLlt } from '../../test-support/catalog.js';
import { currentLltsMatching } from './queries.js';
import { accentInsensitivePattern } from './search-pattern.js';

let t: TestApp;
let cefalea: TestLlt;
let tensional: TestLlt;
let cefalico: TestLlt;
let nausea: TestLlt;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  // Created in an order that is not the expected answer's.
  cefalico = await createLlt(db, { name: 'Dolor cefálico', ptName: 'Cefalea' });
  tensional = await createLlt(db, { name: 'Cefalea tensional', ptName: 'Cefalea' });
  cefalea = await createLlt(db, { name: 'Cefalea' });
  await createLlt(db, { name: 'Cefalalgia (término antiguo)', current: false });
  nausea = await createLlt(db, { name: 'Náusea' });
});
afterAll(() => t.close());

function search(term: string) {
  return t.app.inject({ method: 'GET', url: `/api/getMedDRALLT/${encodeURIComponent(term)}` });
}

describe('GET /api/getMedDRALLT/{term}', () => {
  it("finds 'cefalea' by 'cefal', terms that start with it first, without a session", async () => {
    const response = await search('cefal');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([cefalea, tensional, cefalico]);
  });

  it('ignores case and accents, both in the term and in the names', async () => {
    expect((await search('CÉFAL')).json()).toEqual([cefalea, tensional, cefalico]);
    expect((await search('nausea')).json()).toEqual([nausea]);
    expect((await search('NÁUS')).json()).toEqual([nausea]);
  });

  it('leaves out terms that are no longer current', async () => {
    expect((await search('cefalalgia')).json()).toEqual([]);
  });

  it('answers at most 20 terms', async () => {
    for (let i = 0; i < 21; i += 1) await createLlt(t.database.db, { name: `Prurito qzxw ${String(i).padStart(2, '0')}` });
    const found = (await search('qzxw')).json<TestLlt[]>();
    expect(found).toHaveLength(20);
    expect(found[0]?.llt_name).toBe('Prurito qzxw 00');
  });

  it('refuses a term shorter than 2 characters', async () => {
    for (const term of ['c', ' c ']) {
      const response = await search(term);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ Message: MSG.meddra.termTooShort });
    }
  });

  it('takes regular-expression characters in the term literally', async () => {
    const response = await search('cef.l');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('is served by the trigram index on lower(name)', async () => {
    const plan = await t.database.db.transaction(async (tx) => {
      // The test tables are tiny: without this the planner rightly prefers reading them whole.
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_indexscan = off`);
      const query = currentLltsMatching(tx, accentInsensitivePattern('cefal'), 20);
      return tx.execute<{ 'QUERY PLAN': string }>(sql`explain ${query}`);
    });
    expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('meddra_llt_name_trgm_idx');
  });
});
