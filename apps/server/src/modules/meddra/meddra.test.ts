import { MSG } from '@atalaya/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createLlt, type TestLlt } from '../../test-support/catalog.js';

let t: TestApp;
let cefalea: TestLlt;
let tensional: TestLlt;
let cefalico: TestLlt;
let nausea: TestLlt;

// On the PostgreSQL server the test database is shared (and may hold the demo MedDRA sample):
// every name carries a word of this run only, so the searches see only this file's terms.
const run = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
const RUN = run.toUpperCase();

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  // Created in an order that is not the expected answer's.
  cefalico = await createLlt(db, { name: `Dolor ${run}cefálico`, ptName: 'Cefalea' });
  tensional = await createLlt(db, { name: `${run}cefalea tensional`, ptName: 'Cefalea' });
  cefalea = await createLlt(db, { name: `${run}cefalea` });
  await createLlt(db, { name: `${run}cefalalgia (término antiguo)`, current: false });
  nausea = await createLlt(db, { name: `${run}náusea` });
});
afterAll(() => t.close());

function search(term: string) {
  return t.app.inject({ method: 'GET', url: `/api/getMedDRALLT/${encodeURIComponent(term)}` });
}

describe('GET /api/getMedDRALLT/{term}', () => {
  it("finds 'cefalea' by 'cefal', terms that start with it first, without a session", async () => {
    const response = await search(`${run}cefal`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([cefalea, tensional, cefalico]);
  });

  it('ignores case and accents, both in the term and in the names', async () => {
    expect((await search(`${RUN}CÉFAL`)).json()).toEqual([cefalea, tensional, cefalico]);
    expect((await search(`${run}nausea`)).json()).toEqual([nausea]);
    expect((await search(`${RUN}NÁUS`)).json()).toEqual([nausea]);
  });

  it('leaves out terms that are no longer current', async () => {
    expect((await search(`${run}cefalalgia`)).json()).toEqual([]);
  });

  it('answers at most 20 terms', async () => {
    for (let i = 0; i < 21; i += 1) await createLlt(t.database.db, { name: `Prurito ${run}qzxw ${String(i).padStart(2, '0')}` });
    const found = (await search(`${run}qzxw`)).json<TestLlt[]>();
    expect(found).toHaveLength(20);
    expect(found[0]?.llt_name).toBe(`Prurito ${run}qzxw 00`);
  });

  it('refuses a term shorter than 2 characters', async () => {
    for (const term of ['c', ' c ']) {
      const response = await search(term);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ Message: MSG.meddra.termTooShort });
    }
  });

  it('takes regular-expression characters in the term literally', async () => {
    const response = await search(`${run}cef.l`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('finds a term inside the folded names with the trigram index on search_name', async () => {
    const plan = await t.database.db.transaction(async (tx) => {
      // The test tables are tiny: without this the planner rightly prefers reading them whole.
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_indexscan = off`);
      await tx.execute(sql`set local enable_indexonlyscan = off`);
      return tx.execute<{ 'QUERY PLAN': string }>(sql`explain select code from meddra_llt where search_name like '%cefal%'`);
    });
    expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('meddra_llt_search_trgm_idx');
  });
});
