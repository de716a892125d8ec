import type { SignalTable } from '@atalaya/domain';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../http/access-token.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createCase } from '../../test-support/cases.js';
import { createLlt, createProduct, type TestLlt } from '../../test-support/catalog.js';
import { bearer, createUser, login, type TestUser } from '../../test-support/factories.js';
import { caseReach, loadUserLaboratoryIds } from '../reach/index.js';
import { signalSource } from './service.js';

/**
 * The count rows of a reach of some laboratories (docs/signals.md 'Reach'; migration
 * `signal_reach_counts`): `signal_laboratory_counts` of the laboratory sets overlapping the
 * user's, plus `signal_creator_counts` of the cases they created outside them. On a generated
 * registry whose cases hold medicines of several laboratories — and after random writes that move
 * medicines between laboratories, change creators, statuses, follow-ups and duplicates — they
 * equal, cell by cell, the per-case computation they replace (the cells of the cases in
 * `caseReach`, as the table read them before), and the table a restricted user or an RLF gets
 * holds nothing from outside their reach.
 */

let t: TestApp;
/** Five products, each of its own laboratory; `labs[i]` is the laboratory of `products[i]`. */
const products: number[] = [];
const labs: number[] = [];
let shared = 0;
const llts: TestLlt[] = [];
const users = new Map<string, TestUser>();
const tokens = new Map<string, string>();

/** A small deterministic generator (mulberry32), so a failure replays. */
function rng(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
  return { next, int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)), pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T };
}

type Row = Record<string, unknown>;
const rows = async (query: SQL) => (await t.database.db.execute(query)).rows as Row[];
const user = (name: string): TestUser => {
  const found = users.get(name);
  if (!found) throw new Error(`no user ${name}`);
  return found;
};
const authOf = (u: TestUser): AuthUser => ({ id: u.id, role: u.role, countryCode: u.countryCode, email: u.email });

const DIMS = sql.raw('month::text, country_id, serious, sex, age_group, drug_kind, drug_id, pt_code, concomitant');
/** Non-zero sums of a count relation by every dimension, as sorted strings. */
async function cellsOf(relation: SQL, count: SQL): Promise<string[]> {
  const result = await rows(sql`select ${DIMS}, ${count}::int as n from ${relation} group by 1, 2, 3, 4, 5, 6, 7, 8, 9 having ${count} <> 0`);
  return result.map((r) => JSON.stringify([r.month, r.country_id, r.serious, r.sex, r.age_group, r.drug_kind, r.drug_id, r.pt_code, r.concomitant, Number(r.n)])).sort();
}

/** What a restricted user's table read before: the cells of the cases in their case reach, one case each. */
async function perCase(u: TestUser): Promise<string[]> {
  const laboratoryIds = await loadUserLaboratoryIds(t.database.db, u.id);
  return cellsOf(sql`(select c.* from signal_case_cells c join events on events.id = c.event_id where ${caseReach(authOf(u), laboratoryIds)}) as x`, sql`count(*)`);
}

/** What it reads now: the source relation `signalSource` gives (the maintained rows of the reach). */
async function maintained(u: TestUser): Promise<string[]> {
  const source = await signalSource(t.database.db, authOf(u));
  expect(source.laboratoryIds, u.email).not.toBeNull();
  return cellsOf(source.relation, sql`sum(cases)`);
}

const TOTAL_DIMS = sql.raw('drug_kind, drug_id, pt_code, concomitant');
/** The same, by drug, PT and concomitant flag only: the per-case cells, and the totals a plain background reads. */
async function totalsOf(u: TestUser): Promise<{ perCase: string[]; maintained: string[] }> {
  const group = async (relation: SQL, count: SQL) =>
    (await rows(sql`select ${TOTAL_DIMS}, ${count}::int as n from ${relation} group by 1, 2, 3, 4 having ${count} <> 0`))
      .map((r) => JSON.stringify([r.drug_kind, r.drug_id, r.pt_code, r.concomitant, Number(r.n)]))
      .sort();
  const laboratoryIds = await loadUserLaboratoryIds(t.database.db, u.id);
  const source = await signalSource(t.database.db, authOf(u), { totals: true });
  return {
    perCase: await group(sql`(select c.* from signal_case_cells c join events on events.id = c.event_id where ${caseReach(authOf(u), laboratoryIds)}) as x`, sql`count(*)`),
    maintained: await group(source.relation, sql`sum(cases)`),
  };
}

/** Each maintained table equals the cells regrouped by the case's laboratories and creator as they stand. */
async function expectTablesTrue(): Promise<void> {
  const bySet = async (table: 'signal_laboratory_counts' | 'signal_creator_counts') => {
    const creator = table === 'signal_creator_counts' ? sql`t.created_by::text` : sql`''`;
    const result = await rows(
      sql`select ${creator} as who, s.laboratory_ids::text as labs, t.month::text as month, t.country_id, t.serious, t.sex, t.age_group, t.drug_kind, t.drug_id, t.pt_code, t.concomitant, t.cases
        from ${sql.raw(table)} t join signal_laboratory_sets s on s.id = t.laboratory_set_id where t.cases <> 0`,
    );
    return result.map((r) => JSON.stringify([r.who, r.labs, r.month, r.country_id, r.serious, r.sex, r.age_group, r.drug_kind, r.drug_id, r.pt_code, r.concomitant, Number(r.cases)])).sort();
  };
  const recount = async (withCreator: boolean) => {
    const creator = withCreator ? sql`e.created_by::text` : sql`''`;
    const result = await rows(
      sql`select ${creator} as who, e.laboratory_ids::text as labs, c.month::text as month, c.country_id, c.serious, c.sex, c.age_group, c.drug_kind, c.drug_id, c.pt_code, c.concomitant, count(*)::int as cases
        from signal_case_cells c join events e on e.id = c.event_id group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11`,
    );
    return result.map((r) => JSON.stringify([r.who, r.labs, r.month, r.country_id, r.serious, r.sex, r.age_group, r.drug_kind, r.drug_id, r.pt_code, r.concomitant, Number(r.cases)])).sort();
  };
  expect(await bySet('signal_laboratory_counts')).toEqual(await recount(false));
  expect(await bySet('signal_creator_counts')).toEqual(await recount(true));
  // The totals are the counts summed over month, country, seriousness, sex and age group.
  for (const [totals, counts, key] of [
    ['signal_laboratory_totals', 'signal_laboratory_counts', ''],
    ['signal_creator_totals', 'signal_creator_counts', 'created_by, '],
  ] as const) {
    const cols = sql.raw(`${key}laboratory_set_id, drug_kind, drug_id, pt_code, concomitant`);
    const summed = await rows(sql`select ${cols}, sum(cases)::int as n from ${sql.raw(counts)} group by ${cols} having sum(cases) <> 0 order by ${cols}`);
    const kept = await rows(sql`select ${cols}, cases as n from ${sql.raw(totals)} where cases <> 0 order by ${cols}`);
    expect(kept.map((r) => ({ ...r, n: Number(r.n) })), totals).toEqual(summed.map((r) => ({ ...r, n: Number(r.n) })));
  }
}

const RESTRICTED = ['clA', 'qppvB', 'qppvAC', 'fabB', 'clNone'] as const;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  for (let i = 0; i < 5; i += 1) {
    const product = await createProduct(db, { countries: ['UY', 'AR'] });
    products.push(product.id);
    labs.push(Number((await rows(sql`select laboratory_id from products where id = ${product.id}`))[0]?.laboratory_id));
  }
  // One active ingredient in the products of three laboratories: its cases come from several.
  shared = Number((await rows(sql`insert into active_ingredients (code, name) values (${`A-shared-${Date.now()}`}, 'principio compartido') returning id`))[0]?.id);
  for (const productId of products.slice(0, 3)) await db.execute(sql`insert into product_ingredients (product_id, active_ingredient_id) values (${productId}, ${shared})`);
  for (let i = 0; i < 4; i += 1) llts.push(await createLlt(db, { name: `Alcance reacción ${i} ${Math.random()}` }));
  const [l0, l1, l2, l3] = labs as [number, number, number, number, number];
  for (const [name, role, country, grants] of [
    ['clA', 'CL', 'UY', [{ laboratoryId: l0 }, { laboratoryId: l1 }]],
    ['qppvB', 'QPPV', 'UY', [{ laboratoryId: l2 }]],
    ['qppvAC', 'QPPV', 'AR', [{ laboratoryId: l0 }, { laboratoryId: l2 }]],
    ['fabB', 'Fabricante', 'UY', [{ laboratoryId: l3 }]],
    ['clNone', 'CL', 'UY', []],
    ['qppvAll', 'QPPV', 'UY', [{}]],
    ['rlfUY', 'RLF', 'UY', []],
    ['rlfAR', 'RLF', 'AR', []],
  ] as const) {
    const created = await createUser(db, { role, country, laboratories: grants });
    users.set(name, created);
    if (role !== 'Fabricante') tokens.set(name, (await login(t.app, created)).accessToken);
  }
});

afterAll(async () => {
  await t?.close();
});

describe('the counts of a reach of some laboratories', () => {
  it('equal the per-case computation on a generated registry of multi-laboratory cases, after 150 random writes', async () => {
    const r = rng(7);
    const db = t.database.db;
    const creators = ['clA', 'qppvB', 'qppvAC', 'rlfUY', 'rlfAR', 'clNone'].map(user);
    const cases: string[] = [];
    const addMedication = async (eventId: string) => {
      const productId = r.pick(products);
      const role = r.pick([1, 1, 1, 2, 3, 4]);
      const [m] = await rows(sql`insert into event_medications (event_id, product_id, laboratory_id, drug_role) select ${eventId}, id, laboratory_id, ${role} from products where id = ${productId} returning id`);
      await db.execute(sql`insert into event_medication_ingredients (event_medication_id, active_ingredient_id) select ${m?.id}, active_ingredient_id from product_ingredients where product_id = ${productId}`);
    };
    const addRam = async (eventId: string) => {
      await db.execute(sql`insert into event_rams (event_id, llt_code, llt_name, description, another_condition) values (${eventId}, ${r.pick(llts).llt_code}, 'x', 'x', ${r.next() < 0.3})`);
    };
    const newCase = async () => {
      const c = await createCase(db, {
        createdBy: r.pick(creators).id,
        status: r.pick([2, 6, 7, 7, 7, 11, 1]),
        country: r.pick(['UY', 'AR']),
        productIds: [],
        receivedAt: new Date(Date.UTC(2026, r.int(0, 5), r.int(1, 28))),
      });
      cases.push(c.id);
      // One to three medicines: most cases with more than one laboratory.
      for (let i = r.int(1, 3); i > 0; i -= 1) await addMedication(c.id);
      for (let i = r.int(1, 2); i > 0; i -= 1) await addRam(c.id);
      if (r.next() < 0.8) await db.execute(sql`insert into event_patients (event_id, initials, gender, age, age_unit) values (${c.id}, 'AB', ${r.pick(['M', 'F', null])}, ${r.int(0, 90)}, 'Años')`);
    };
    for (let i = 0; i < 40; i += 1) await newCase();
    const multiLab = await rows(sql`select count(*)::int as n from events where cardinality(laboratory_ids) > 1`);
    expect(Number(multiLab[0]?.n)).toBeGreaterThan(10);

    for (let step = 0; step < 150; step += 1) {
      const eventId = r.pick(cases);
      switch (r.int(0, 11)) {
        case 0:
          await newCase();
          break;
        case 1:
          await addMedication(eventId);
          break;
        case 2:
          await db.execute(sql`with m as (select id from event_medications where event_id = ${eventId} order by id limit 1), i as (delete from event_medication_ingredients where event_medication_id in (select id from m)) select 1`);
          await db.execute(sql`delete from event_medications where id = (select id from event_medications m where event_id = ${eventId} and not exists (select 1 from event_medication_ingredients i where i.event_medication_id = m.id) limit 1)`);
          break;
        case 3: {
          // A medicine's laboratory changes (the case's laboratory set with it).
          await db.execute(sql`update event_medications set laboratory_id = ${r.pick(labs)} where id = (select id from event_medications where event_id = ${eventId} order by id offset ${r.int(0, 1)} limit 1)`);
          break;
        }
        case 4:
          await addRam(eventId);
          break;
        case 5:
          await db.execute(sql`update event_rams set llt_code = ${r.pick(llts).llt_code}, another_condition = not another_condition where event_id = ${eventId}`);
          break;
        case 6:
          await db.execute(sql`update events set status = ${r.pick([1, 2, 6, 7, 11])} where id = ${eventId}`);
          break;
        case 7:
          await db.execute(sql`update events set deleted_at = case when deleted_at is null then now() else null end where id = ${eventId}`);
          break;
        case 8:
          // Another creator (a case moved to another user).
          await db.execute(sql`update events set created_by = ${r.pick(creators).id} where id = ${eventId}`);
          break;
        case 9: {
          // A follow-up (of another creator and laboratories) supersedes the case it follows.
          const f = await createCase(db, { createdBy: r.pick(creators).id, status: 7, productIds: [] });
          await addMedication(f.id);
          await addRam(f.id);
          await db.execute(sql`update events set parent_event_id = ${eventId} where id = ${f.id}`);
          cases.push(f.id);
          break;
        }
        case 10: {
          const other = r.pick(cases);
          if (other !== eventId) await db.execute(sql`update events set duplicate_of_event_id = case when duplicate_of_event_id is null then ${other}::uuid else null end where id = ${eventId}`);
          break;
        }
        default:
          await db.execute(sql`update event_medications set drug_role = ${r.pick([1, 2, 3, 4])} where id = (select id from event_medications where event_id = ${eventId} order by id limit 1)`);
      }
      if (step === 74) {
        await expectTablesTrue();
        for (const name of RESTRICTED) {
          expect(await maintained(user(name)), name).toEqual(await perCase(user(name)));
          const totals = await totalsOf(user(name));
          expect(totals.maintained, name).toEqual(totals.perCase);
        }
      }
    }
    // The registry ends with cases in and out of every reach, including cases a restricted user
    // created outside their laboratories (counted through signal_creator_counts).
    const createdOutside = await rows(
      sql`select count(*)::int as n from events e where e.created_by = ${user('clA').id} and not e.laboratory_ids && ${sql.param([labs[0], labs[1]])}::int[] and exists (select 1 from signal_case_cells c where c.event_id = e.id)`,
    );
    expect(Number(createdOutside[0]?.n)).toBeGreaterThan(0);
    for (const name of RESTRICTED) {
      const now = await maintained(user(name));
      expect(now.length, name).toBeGreaterThan(name === 'clNone' ? 0 : 10);
      expect(now, name).toEqual(await perCase(user(name)));
      const totals = await totalsOf(user(name));
      expect(totals.maintained, name).toEqual(totals.perCase);
    }
    // ~25 s alone on PGlite; the whole suite in parallel on a loaded machine takes longer.
  }, 120_000);

  it('the table a restricted user gets is the per-case table, and a case of two of their laboratories counts once', async () => {
    const get = async (who: string, query = '') => {
      const response = await t.app.inject({ method: 'GET', url: `/api/signals?limite=500&orden=farmaco&dir=asc${query}`, headers: bearer(tokens.get(who) ?? '') });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<SignalTable>();
    };
    /** a, b, c, d of every pair (suspect or interacting; by ingredient or product), summed from per-case cells. */
    const expected = (cells: string[], kind: 1 | 2) => {
      let n = 0;
      const drugs = new Map<number, number>();
      const pts = new Map<number, number>();
      const pairs = new Map<string, number>();
      for (const cell of cells) {
        const [, , , , , drugKind, drugId, ptCode, concomitant, cases] = JSON.parse(cell) as [string, number, boolean, string, number, number, number, number, boolean, number];
        if (concomitant) continue;
        if (drugKind === 0 && ptCode === 0) n += cases;
        else if (drugKind === 0) pts.set(ptCode, (pts.get(ptCode) ?? 0) + cases);
        else if (drugKind === kind && ptCode === 0) drugs.set(drugId, (drugs.get(drugId) ?? 0) + cases);
        else if (drugKind === kind) pairs.set(`${drugId}:${ptCode}`, (pairs.get(`${drugId}:${ptCode}`) ?? 0) + cases);
      }
      const table = new Map<string, number[]>();
      for (const [key, a] of pairs) {
        if (a === 0) continue;
        const [drugId, ptCode] = key.split(':').map(Number) as [number, number];
        const nd = drugs.get(drugId) ?? 0;
        const ne = pts.get(ptCode) ?? 0;
        table.set(key, [a, nd - a, ne - a, n - nd - ne + a]);
      }
      return { n, table };
    };
    const got = (result: SignalTable) => new Map(result.Filas.map((row) => [`${row.FarmacoId}:${row.PtCodigo}`, [row.A, row.B, row.C, row.D]]));
    for (const who of ['clA', 'qppvB', 'qppvAC']) {
      const cells = await perCase(user(who));
      for (const [kind, query] of [
        [1, ''],
        [2, '&farmaco=producto'],
        // A period (every month here) and strata: read from the tables with every dimension.
        [1, '&desde=2000-01&hasta=2099-12&estratos=sexo,edad'],
      ] as const) {
        const want = expected(cells, kind);
        const result = await get(who, query);
        expect(result.Casos, who).toBe(want.n);
        expect(got(result), `${who}${query}`).toEqual(want.table);
      }
    }

    // A new sent case with medicines of clA's two laboratories and of a third: N and the pair go up by one.
    const db = t.database.db;
    const before = await get('clA');
    const outsideBefore = await get('qppvB');
    const [p0, p1, , , p4] = products as [number, number, number, number, number];
    const c = await createCase(db, { createdBy: user('rlfUY').id, status: 7, productIds: [p0, p1, p4] });
    await db.execute(sql`insert into event_medication_ingredients (event_medication_id, active_ingredient_id) select id, ${shared} from event_medications where event_id = ${c.id} and product_id = ${p0}`);
    await db.execute(sql`insert into event_rams (event_id, llt_code, llt_name, description) values (${c.id}, ${llts[0]?.llt_code}, 'x', 'x')`);
    const after = await get('clA');
    expect(after.Casos).toBe(before.Casos + 1);
    const ptCode = Number((await rows(sql`select pt_code from meddra_llt where code = ${llts[0]?.llt_code}`))[0]?.pt_code);
    const pairA = (result: SignalTable) => result.Filas.find((row) => row.FarmacoId === shared && row.PtCodigo === ptCode)?.A ?? 0;
    expect(pairA(after)).toBe(pairA(before) + 1);
    // Nothing of it reaches a user of none of its laboratories.
    expect(await get('qppvB')).toEqual(outsideBefore);
    expect(await maintained(user('clA'))).toEqual(await perCase(user('clA')));
  });

  it('an RLF counts its own country only, whoever created the case and whatever its laboratories', async () => {
    const get = async (who: string) => {
      const response = await t.app.inject({ method: 'GET', url: '/api/signals?limite=500&orden=farmaco&dir=asc', headers: bearer(tokens.get(who) ?? '') });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<SignalTable>();
    };
    const db = t.database.db;
    for (const [who, code] of [
      ['rlfUY', 'UY'],
      ['rlfAR', 'AR'],
    ] as const) {
      const [row] = await rows(sql`select count(*)::int as n from signal_case_cells c join countries k on k.id = c.country_id where k.code = ${code} and c.drug_kind = 0 and c.pt_code = 0`);
      expect((await get(who)).Casos, who).toBe(Number(row?.n));
    }
    // A case the RLF of UY creates in AR is in its case reach, but not in its country's table.
    const before = await get('rlfUY');
    const c = await createCase(db, { createdBy: user('rlfUY').id, status: 7, country: 'AR', productIds: [products[2] as number] });
    await db.execute(sql`insert into event_rams (event_id, llt_code, llt_name, description) values (${c.id}, ${llts[1]?.llt_code}, 'x', 'x')`);
    expect(await get('rlfUY')).toEqual(before);
  });
});
