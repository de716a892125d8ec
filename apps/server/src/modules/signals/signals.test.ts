import { readFileSync } from 'node:fs';
import { countPairs, scorePair, SIGNAL_MSG, type SignalTable } from '@atalaya/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { bearer, createUser, login } from '../../test-support/factories.js';
import { referencePath } from '../../test-support/reference.js';
import { loadSignalCsv, parseSignalCsv } from './load-csv.js';

/**
 * `GET /api/signals` (docs/signals.md): pvda's tiny simulated set loaded as cases the way
 * `npm run signals:load` does, then the whole table the call answers compared with the domain's
 * statistics computed straight from the CSV; reach (QPPV, CL all; RLF its country) and refusals.
 */

let t: TestApp;
const tokens = new Map<string, string>();
const csvRows = parseSignalCsv(readFileSync(referencePath('signals', 'pvda_tiny_dataset.csv'), 'utf8'));

async function get(who: string, query = '') {
  return t.app.inject({ method: 'GET', url: `/api/signals${query}`, headers: bearer(tokens.get(who) ?? '') });
}

async function all(who: string, query: string): Promise<SignalTable['Filas']> {
  const rows: SignalTable['Filas'] = [];
  let cursor: string | null = null;
  do {
    const response = await get(who, `?${query}&limite=7${cursor ? `&cursor=${cursor}` : ''}`);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<SignalTable>();
    rows.push(...page.Filas);
    cursor = page.Siguiente;
  } while (cursor);
  return rows;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const [name, role, country] of [
    ['qppv', 'QPPV', 'UY'],
    ['cl', 'CL', 'UY'],
    ['rlfUY', 'RLF', 'UY'],
    ['rlfAR', 'RLF', 'AR'],
    ['admin', 'ADMIN', 'UY'],
  ] as const) {
    // Every laboratory: QPPV and CL read the whole count table (docs/signals.md 'Reach').
    tokens.set(name, (await login(t.app, await createUser(t.database.db, { role, country, laboratories: [{}] }))).accessToken);
  }
  // No laboratory at all: nothing in reach.
  tokens.set('clNone', (await login(t.app, await createUser(t.database.db, { role: 'CL', country: 'UY' }))).accessToken);
  await loadSignalCsv(t.database.db, csvRows);
});

afterAll(async () => {
  await t?.close();
});

describe('the Señales table on pvda tiny (110 reports loaded as cases)', () => {
  it('equals, pair by pair, the counts and measures computed from the CSV, across keyset pages', async () => {
    const expected = countPairs(csvRows);
    const first = await get('qppv', '?limite=500');
    const body = first.json<SignalTable>();
    expect(body.Casos).toBe(110);
    expect(body.Total).toBe(expected.length);
    const rows = await all('qppv', 'orden=ic&dir=desc');
    expect(rows).toHaveLength(expected.length);
    // Sorted by IC, descending.
    for (let i = 1; i < rows.length; i += 1) expect((rows[i - 1]?.IC ?? 0) >= (rows[i]?.IC ?? 0)).toBe(true);
    for (const pair of expected) {
      const row = rows.find((r) => r.Farmaco === pair.drug && r.Pt === pair.event);
      expect(row, `${pair.drug} × ${pair.event}`).toBeDefined();
      expect([row?.A, row?.B, row?.C, row?.D]).toEqual([pair.a, pair.b, pair.c, pair.d]);
      expect(row?.E).toBeCloseTo(pair.expected, 9);
      const s = scorePair(pair, null);
      expect(row?.PRR).toBeCloseTo(s.prr.value, 9);
      expect(row?.RORInf).toBeCloseTo(s.ror.lower, 9);
      expect(row?.IC025).toBeCloseTo(s.ic.lower, 9);
      expect(row?.Haldane).toBe(s.prr.haldane);
      expect(row?.Evans).toBe(s.flags.evans);
    }
  });

  it('stratified by sex, E is summed over the strata', async () => {
    const expected = countPairs(csvRows, { stratified: true });
    const rows = await all('qppv', 'estratos=sexo');
    for (const pair of expected) {
      const row = rows.find((r) => r.Farmaco === pair.drug && r.Pt === pair.event);
      expect(row?.E).toBeCloseTo(pair.expected, 9);
    }
  });

  it('a background read from the totals by country answers as the same background read from every cell', async () => {
    // A period from before any case names the same cases but reads signal_counts (docs/signals.md
    // 'The totals by country'): the whole registry (country 0), one country, the country stratum,
    // concomitants, a drug filter; the QPPV and an RLF alike.
    for (const [who, query] of [
      ['qppv', ''],
      ['qppv', 'pais=UY'],
      ['qppv', 'estratos=pais'],
      ['qppv', 'concomitantes=si&farmaco=producto'],
      ['qppv', 'pais=UY&estratos=pais'],
      ['rlfUY', ''],
      ['rlfUY', 'soc=99000000'],
    ] as const) {
      const totals = await all(who, query);
      expect(totals.length, `${who} ${query}`).toBeGreaterThan(0);
      expect(totals, `${who} ${query}`).toEqual(await all(who, `${query}&desde=1900-01`));
    }
  });

  it('a table asked again after a write shows the write: a name changed, a case no longer counted', async () => {
    const { sql } = await import('drizzle-orm');
    const db = t.database.db;
    const before = await all('qppv', 'orden=a');
    expect(await all('qppv', 'orden=a')).toEqual(before);
    const top = before[0];
    await db.execute(sql`update meddra_pt set name = ${`${top?.Pt} (renombrado)`} where code = ${top?.PtCodigo}`);
    const renamed = await all('qppv', 'orden=a');
    expect(renamed.filter((r) => r.PtCodigo === top?.PtCodigo).every((r) => r.Pt === `${top?.Pt} (renombrado)`)).toBe(true);
    await db.execute(sql`update meddra_pt set name = ${top?.Pt ?? ''} where code = ${top?.PtCodigo}`);
    // One case of the top pair annulled (status 11): its a falls by one.
    const [one] = (
      await db.execute<{ id: string }>(sql`select e.id from events e join signal_case_cells c on c.event_id = e.id
        where c.drug_kind = 1 and c.drug_id = ${top?.FarmacoId} and c.pt_code = ${top?.PtCodigo} and not c.concomitant limit 1`)
    ).rows;
    const status = (await db.execute<{ status: number }>(sql`select status from events where id = ${one?.id}`)).rows[0]?.status;
    await db.execute(sql`update events set status = 11 where id = ${one?.id}`);
    try {
      const after = await all('qppv', 'orden=a');
      expect(after.find((r) => r.FarmacoId === top?.FarmacoId && r.PtCodigo === top?.PtCodigo)?.A).toBe((top?.A ?? 0) - 1);
    } finally {
      await db.execute(sql`update events set status = ${status} where id = ${one?.id}`);
    }
    expect(await all('qppv', 'orden=a')).toEqual(before);
  });

  it('a row filter keeps the background: one drug shows only its rows, with the same numbers', async () => {
    const whole = await all('qppv', 'orden=farmaco&dir=asc');
    const one = whole[0];
    const ingredient = await t.database.db.execute<{ id: number }>(
      (await import('drizzle-orm')).sql`select id from active_ingredients where name = ${one?.Farmaco ?? ''}`,
    );
    const rows = await all('qppv', `principio=${ingredient.rows[0]?.id}`);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.Farmaco === one?.Farmaco)).toBe(true);
    expect(rows.find((r) => r.PtCodigo === one?.PtCodigo)).toEqual(one);
  });
});

describe('reach and refusals', () => {
  it('QPPV and CL holding every laboratory see every case, without a laboratory none; an RLF its own country; ADMIN is refused', async () => {
    expect((await get('cl')).json<SignalTable>().Casos).toBe(110);
    expect((await get('clNone')).json<SignalTable>()).toMatchObject({ Casos: 0, Total: 0 });
    expect((await get('rlfUY')).json<SignalTable>().Casos).toBe(110);
    expect((await get('rlfAR')).json<SignalTable>()).toMatchObject({ Casos: 0, Total: 0 });
    const other = await get('rlfAR', '?pais=UY');
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ Message: SIGNAL_MSG.countryOutOfReach });
    expect((await get('admin')).statusCode).toBe(403);
  });

  it('bad input is a 400 with a Spanish message', async () => {
    for (const [query, message] of [
      ['?desde=2026-13', SIGNAL_MSG.badMonth],
      ['?desde=2026-05&hasta=2026-01', SIGNAL_MSG.badPeriod],
      ['?limite=0', SIGNAL_MSG.badLimit],
      ['?cursor=xyz', SIGNAL_MSG.badCursor],
      ['?pais=ZZ', SIGNAL_MSG.countryNotFound],
      ['?estratos=talla', SIGNAL_MSG.badChoice],
      ['?otro=1', SIGNAL_MSG.unknownField],
    ] as const) {
      const response = await get('qppv', query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject({ Message: message });
    }
  });
});

describe('the totals by country on a registry with pairs in two countries and under both flags', () => {
  // Its own database: the fits are kept per database and reused while N moves by less than 1 %
  // (docs/signals.md 'EBGM fit'), so the other tests' fits must not score this registry.
  let u: TestApp;
  let token = '';
  beforeAll(async () => {
    u = await createTestApp();
    token = (await login(u.app, await createUser(u.database.db, { role: 'QPPV', country: 'UY', laboratories: [{}] }))).accessToken;
    await loadSignalCsv(u.database.db, csvRows);
    // Every third case moved to Argentina, every seventh medicine made a concomitant.
    const { sql } = await import('drizzle-orm');
    const db = u.database.db;
    const moved = (await db.execute<{ id: string }>(sql`select id from events order by reference_number`)).rows.map((row) => row.id).filter((_, i) => i % 3 === 0);
    const concomitant = (await db.execute<{ id: number }>(sql`select id from event_medications order by id`)).rows.map((row) => Number(row.id)).filter((_, i) => i % 7 === 0);
    await db.execute(sql`update events set country_id = (select id from countries where code = 'AR') where id = any(${sql.param(moved)}::uuid[])`);
    await db.execute(sql`update event_medications set drug_role = 2 where id = any(${sql.param(concomitant)}::int[])`);
  }, 60_000);
  afterAll(async () => {
    await u?.close();
  });

  it('answers every background read from the totals as the same background read from every cell', async () => {
    // The totals of one country, or of every country, without concomitants hold a row per pair
    // and are read as they are; with concomitants or the country stratum over both countries,
    // grouped.
    const everything = async (query: string) => {
      const rows: SignalTable['Filas'] = [];
      let cursor: string | null = null;
      do {
        const response: Awaited<ReturnType<typeof u.app.inject>> = await u.app.inject({
          method: 'GET',
          url: `/api/signals?${query}&limite=50${cursor ? `&cursor=${cursor}` : ''}`,
          headers: bearer(token),
        });
        expect(response.statusCode, response.body).toBe(200);
        const page: SignalTable = response.json<SignalTable>();
        rows.push(...page.Filas);
        cursor = page.Siguiente;
      } while (cursor);
      return rows;
    };
    for (const query of ['', 'pais=UY', 'pais=AR&estratos=pais', 'estratos=pais', 'concomitantes=si', 'pais=AR&concomitantes=si&farmaco=producto']) {
      const totals = await everything(query);
      expect(totals.length, query).toBeGreaterThan(0);
      expect(totals, query).toEqual(await everything(`${query}&desde=1900-01`));
    }
    // Both flags and both countries are there to be told apart.
    const concomitants = await everything('concomitantes=si');
    expect(concomitants.reduce((sum, row) => sum + row.A, 0)).toBeGreaterThan((await everything('')).reduce((sum, row) => sum + row.A, 0));
  });
});
