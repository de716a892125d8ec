import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createCase } from '../../test-support/cases.js';
import { createLlt, createProduct, type TestLlt } from '../../test-support/catalog.js';
import { createUser, type TestUser } from '../../test-support/factories.js';

/**
 * The count table of Señales (docs/signals.md 'Count table'): after any sequence of writes to
 * cases, their medicines (and their roles, G.k.1) and ingredients, reactions and patients,
 * `signal_counts` equals a full recount of the cases as they stand (migration 0027's triggers,
 * in the writes' transactions; the concomitant dimension of migration 0031).
 */

let t: TestApp;
let creator: TestUser;
const productIds: number[] = [];
const llts: TestLlt[] = [];

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
const rows = async (query: ReturnType<typeof sql>) => (await t.database.db.execute(query)).rows as Row[];

/** Non-zero cells of the table, as sorted strings. */
async function table(): Promise<string[]> {
  const result = await rows(sql`select drug_kind, drug_id, pt_code, month::text, country_id, serious, sex, age_group, concomitant, cases from signal_counts where cases <> 0`);
  return result.map((r) => JSON.stringify([r.drug_kind, r.drug_id, r.pt_code, r.month, r.country_id, r.serious, r.sex, r.age_group, r.concomitant, Number(r.cases)])).sort();
}

/** The same cells counted from scratch, written independently of the migration's functions. */
async function recount(): Promise<string[]> {
  const result = await rows(sql`
    with c as (
      select e.id, to_char(coalesce(e.received_at, e.created_at) at time zone 'UTC', 'YYYY-MM-01') as month, e.country_id,
        coalesce((select bool_or(r.death or r.life_threatening or r.hospitalization_required or r.persisted_hospitalization or r.transitory_disability
          or r.persistent_disability or r.congenital_anomaly or r.another_condition) from event_rams r where r.event_id = e.id), false) as serious,
        case p.gender when 'M' then 'M' when 'F' then 'F' else 'U' end as sex, atalaya_age_group(p.age, p.age_unit) as age_group
      from events e left join event_patients p on p.event_id = e.id
      where e.deleted_at is null and e.status <> 1 and e.status <> 11
        and not exists (select 1 from events f where f.parent_event_id = e.id and f.deleted_at is null and f.status <> 1)
    ),
    -- A drug counts as concomitant in a case when no suspect (1) or interacting (3) medicine of
    -- the case names it; a medicine not administered (4) names nothing.
    d as (
      select c.id, 0 as kind, 0 as drug, false as conc from c
      union select m.event_id, 1, i.active_ingredient_id, not exists (select 1 from event_medications m2 join event_medication_ingredients i2 on i2.event_medication_id = m2.id
          where m2.event_id = m.event_id and i2.active_ingredient_id = i.active_ingredient_id and m2.drug_role in (1, 3))
        from event_medications m join event_medication_ingredients i on i.event_medication_id = m.id where m.drug_role <> 4
      union select m.event_id, 2, m.product_id, not exists (select 1 from event_medications m2 where m2.event_id = m.event_id and m2.product_id = m.product_id and m2.drug_role in (1, 3))
        from event_medications m where m.product_id is not null and m.drug_role <> 4
    ),
    p as (
      select c.id, 0 as pt from c
      union select r.event_id, l.pt_code from event_rams r join meddra_llt l on l.code = r.llt_code
    )
    select d.kind, d.drug, p.pt, c.month, c.country_id, c.serious, c.sex, c.age_group, d.conc, count(*)::int as cases
    from c join d on d.id = c.id join p on p.id = c.id
    group by 1, 2, 3, 4, 5, 6, 7, 8, 9`);
  return result.map((r) => JSON.stringify([r.kind, r.drug, r.pt, r.month, r.country_id, r.serious, r.sex, r.age_group, r.conc, Number(r.cases)])).sort();
}

/**
 * `signal_country_totals` against `signal_counts` summed over the month, seriousness, sex and age
 * group (migration `signal_country_totals`): the same non-zero counts, row for row, by country
 * and, under country 0, over every country.
 */
async function countryTotals(): Promise<{ kept: string[]; summed: string[] }> {
  const cols = sql.raw('drug_kind, drug_id, pt_code, concomitant');
  const text = (r: Row) => JSON.stringify([r.country_id, r.drug_kind, r.drug_id, r.pt_code, r.concomitant, Number(r.n)]);
  const kept = await rows(sql`select country_id, ${cols}, cases as n from signal_country_totals where cases <> 0`);
  const byCountry = await rows(sql`select country_id, ${cols}, sum(cases) as n from signal_counts group by country_id, ${cols} having sum(cases) <> 0`);
  const everyCountry = await rows(sql`select 0 as country_id, ${cols}, sum(cases) as n from signal_counts group by ${cols} having sum(cases) <> 0`);
  return { kept: kept.map(text).sort(), summed: [...byCountry, ...everyCountry].map(text).sort() };
}

beforeAll(async () => {
  t = await createTestApp();
  creator = await createUser(t.database.db, { role: 'RLF' });
  for (let i = 0; i < 4; i += 1) {
    productIds.push((await createProduct(t.database.db, { countries: ['UY', 'AR'], ingredients: i === 3 ? ['combo x', 'combo y'] : undefined })).id);
  }
  for (let i = 0; i < 4; i += 1) llts.push(await createLlt(t.database.db, { name: `Señal reacción ${i} ${Math.random()}` }));
  // Two LLTs of one PT: a case with both counts the PT once.
  llts.push({ ...(llts[0] as TestLlt), llt_code: (await rows(sql`insert into meddra_llt (code, name, pt_code) select ${2_100_000_000 - Math.floor(Math.random() * 1000)}, 'sinónimo', pt_code from meddra_llt where code = ${llts[0]?.llt_code} returning code`))[0]?.code as number });
});

afterAll(async () => {
  await t?.close();
});

describe('signal_counts stays equal to a full recount', () => {
  it('after 100 random writes of cases, medicines and their roles, ingredients, reactions, patients and follow-ups, counted fields or not', async () => {
    const r = rng(32);
    const db = t.database.db;
    const cases: string[] = [];
    const addMedication = async (eventId: string) => {
      const productId = r.pick(productIds);
      // Suspect most often; concomitant, interacting and not administered too (G.k.1).
      const role = r.pick([1, 1, 2, 2, 3, 4]);
      const [m] = await rows(sql`insert into event_medications (event_id, product_id, laboratory_id, drug_role) select ${eventId}, id, laboratory_id, ${role} from products where id = ${productId} returning id`);
      await db.execute(sql`insert into event_medication_ingredients (event_medication_id, active_ingredient_id) select ${m?.id}, active_ingredient_id from product_ingredients where product_id = ${productId}`);
    };
    const addRam = async (eventId: string) => {
      const serious = r.next() < 0.3;
      await db.execute(sql`insert into event_rams (event_id, llt_code, llt_name, description, another_condition) values (${eventId}, ${r.pick(llts).llt_code}, 'x', 'x', ${serious})`);
    };
    for (let step = 0; step < 100; step += 1) {
      const op = cases.length < 5 ? 0 : r.int(0, 13);
      const eventId = cases.length ? r.pick(cases) : '';
      switch (op) {
        case 0: {
          const c = await createCase(db, {
            createdBy: creator.id,
            status: r.pick([1, 2, 6, 7, 11]),
            country: r.pick(['UY', 'AR']),
            productIds: [],
            receivedAt: new Date(Date.UTC(2026, r.int(0, 3), r.int(1, 28))),
          });
          cases.push(c.id);
          for (let i = r.int(0, 2); i > 0; i -= 1) await addMedication(c.id);
          for (let i = r.int(0, 2); i > 0; i -= 1) await addRam(c.id);
          if (r.next() < 0.7) await db.execute(sql`insert into event_patients (event_id, initials, gender, age, age_unit) values (${c.id}, 'AB', ${r.pick(['M', 'F', null])}, ${r.int(0, 90)}, 'Años')`);
          break;
        }
        case 1:
          await addMedication(eventId);
          break;
        case 2:
          await db.execute(sql`with m as (select id from event_medications where event_id = ${eventId} limit 1), i as (delete from event_medication_ingredients where event_medication_id in (select id from m)) select 1`);
          await db.execute(sql`delete from event_medications where id = (select id from event_medications m where event_id = ${eventId} and not exists (select 1 from event_medication_ingredients i where i.event_medication_id = m.id) limit 1)`);
          break;
        case 3:
          await addRam(eventId);
          break;
        case 4:
          await db.execute(sql`delete from event_rams where id = (select id from event_rams where event_id = ${eventId} order by id limit 1) and not exists (select 1 from event_ram_categories c where c.ram_id = event_rams.id)`);
          break;
        case 5:
          await db.execute(sql`update event_rams set llt_code = ${r.pick(llts).llt_code}, another_condition = not another_condition where event_id = ${eventId}`);
          break;
        case 6:
          await db.execute(sql`update events set status = ${r.pick([1, 2, 3, 6, 7, 9, 11])} where id = ${eventId}`);
          break;
        case 7:
          await db.execute(sql`update events set deleted_at = case when deleted_at is null then now() else null end where id = ${eventId}`);
          break;
        case 8: {
          // A follow-up supersedes the case it follows.
          const f = await createCase(db, { createdBy: creator.id, status: r.pick([1, 2, 6]), productIds: [] });
          await addMedication(f.id);
          await addRam(f.id);
          await db.execute(sql`update events set parent_event_id = ${eventId} where id = ${f.id}`);
          cases.push(f.id);
          break;
        }
        case 9:
          await db.execute(sql`update event_patients set gender = ${r.pick(['M', 'F', null])}, age = ${r.int(0, 90)} where event_id = ${eventId}`);
          break;
        case 10:
          // A medicine changes role: suspect ↔ concomitant ↔ interacting ↔ not administered.
          await db.execute(sql`update event_medications set drug_role = ${r.pick([1, 2, 3, 4])} where id = (select id from event_medications where event_id = ${eventId} order by id offset ${r.int(0, 1)} limit 1)`);
          break;
        case 11:
          // Death toggled: the reaction's is_serious (what the counts read) changes only when no other criterion holds.
          await db.execute(sql`update event_rams set death = not death, description = 'editada' where id = (select id from event_rams where event_id = ${eventId} order by id limit 1)`);
          break;
        case 12:
          // Fields the counts do not read: no refresh (migration 0038), the table stays true.
          await db.execute(sql`update events set additional_information = ${`nota ${step}`} where id = ${eventId}`);
          await db.execute(sql`update event_patients set weight = ${r.int(3, 120)}, initials = 'XY' where event_id = ${eventId}`);
          await db.execute(sql`update event_medications set lot_number = ${`L${step}`} where event_id = ${eventId}`);
          break;
        default:
          await db.execute(sql`update events set received_at = ${new Date(Date.UTC(2026, r.int(0, 11), 2)).toISOString()} where id = ${eventId}`);
      }
      if (step % 20 === 19) {
        expect(await table()).toEqual(await recount());
        const totals = await countryTotals();
        expect(totals.kept).toEqual(totals.summed);
      }
    }
    const final = await table();
    expect(final.length).toBeGreaterThan(10);
    // Both dimensions were exercised: cells of drugs held only as concomitants, and of suspects.
    expect(final.some((cell) => JSON.parse(cell)[8] === true)).toBe(true);
    expect(final.some((cell) => JSON.parse(cell)[8] === false && JSON.parse(cell)[1] !== 0)).toBe(true);
    expect(final).toEqual(await recount());
    const totals = await countryTotals();
    expect(totals.kept.length).toBeGreaterThan(10);
    expect(totals.kept).toEqual(totals.summed);
  });

  it('a drug–PT pair repeated in a case (two LLTs of one PT, two medicines of one product) counts the case once', async () => {
    const db = t.database.db;
    const productId = productIds[0] ?? 0;
    const c = await createCase(db, { createdBy: creator.id, status: 6, productIds: [productId, productId] });
    await db.execute(sql`insert into event_rams (event_id, llt_code, llt_name, description) values (${c.id}, ${llts[0]?.llt_code}, 'a', 'a'), (${c.id}, ${llts[4]?.llt_code}, 'b', 'b')`);
    const cells = await rows(sql`select count(*)::int as n from signal_case_cells where event_id = ${c.id} and drug_kind = 2 and drug_id = ${productId} and pt_code <> 0`);
    expect(cells[0]?.n).toBe(1);
    expect(await table()).toEqual(await recount());
  });

  it('a drug counts as concomitant only while no suspect or interacting medicine of the case names it; not administered, not at all', async () => {
    const db = t.database.db;
    const productId = productIds[1] ?? 0;
    const c = await createCase(db, { createdBy: creator.id, status: 6, productIds: [productId, productId] });
    await db.execute(sql`insert into event_rams (event_id, llt_code, llt_name, description) values (${c.id}, ${llts[1]?.llt_code}, 'a', 'a')`);
    const cell = async () => rows(sql`select concomitant from signal_case_cells where event_id = ${c.id} and drug_kind = 2 and drug_id = ${productId} and pt_code <> 0`);
    const [first, second] = (await rows(sql`select id from event_medications where event_id = ${c.id} order by id`)).map((row) => Number(row.id));
    expect(await cell()).toEqual([{ concomitant: false }]);
    await db.execute(sql`update event_medications set drug_role = 2 where id = ${first}`);
    expect(await cell()).toEqual([{ concomitant: false }]); // the other is still suspect
    await db.execute(sql`update event_medications set drug_role = 2 where id = ${second}`);
    expect(await cell()).toEqual([{ concomitant: true }]);
    await db.execute(sql`update event_medications set drug_role = 3 where id = ${second}`);
    expect(await cell()).toEqual([{ concomitant: false }]); // interacting counts as suspect
    await db.execute(sql`update event_medications set drug_role = 4 where id in (${first}, ${second})`);
    expect(await cell()).toEqual([]);
    expect(await table()).toEqual(await recount());
  });
});

/**
 * A refresh writes only what changed (migration 0038, docs/signals.md 'Count table'): the count
 * tables and the cells are compared row by row, with each row's version (xmin and ctid: a row
 * updated, or deleted and inserted again, gets new ones).
 */
const DIMS = ['month', 'country_id', 'serious', 'sex', 'age_group', 'drug_kind', 'drug_id', 'pt_code', 'concomitant'] as const;
const KEPT: Record<string, readonly string[]> = {
  signal_counts: DIMS,
  signal_laboratory_counts: ['laboratory_set_id', ...DIMS],
  signal_laboratory_totals: ['laboratory_set_id', 'drug_kind', 'drug_id', 'pt_code', 'concomitant'],
  signal_country_totals: ['country_id', 'drug_kind', 'drug_id', 'pt_code', 'concomitant'],
  signal_creator_counts: ['created_by', 'laboratory_set_id', ...DIMS],
  signal_creator_totals: ['created_by', 'laboratory_set_id', 'drug_kind', 'drug_id', 'pt_code', 'concomitant'],
};
const CELL = ['event_id', ...DIMS, 'laboratory_set_id', 'created_by'] as const;
const columns = (cols: readonly string[]) => cols.map((c) => (c === 'month' ? 'month::text as month' : c)).join(', ');

type Versioned = Map<string, { cases: number; version: string }>;

/** Every row of the six count tables and of signal_case_cells: its count and its version. */
async function snapshot(): Promise<Versioned> {
  const out: Versioned = new Map();
  for (const [name, cols] of [...Object.entries(KEPT), ['signal_case_cells', CELL] as const]) {
    const found = await rows(sql.raw(`select ${columns(cols)}, ${name === 'signal_case_cells' ? '1' : 'cases'} as cases, xmin::text || '/' || ctid::text as version from ${name}`));
    for (const r of found) out.set(`${name} ${JSON.stringify(cols.map((c) => r[c]))}`, { cases: Number(r.cases), version: String(r.version) });
  }
  return out;
}

/** A case's cells, as rows of the CELL columns. */
async function cellsOf(eventId: string): Promise<Row[]> {
  const found = await rows(sql.raw(`select ${columns(CELL)} from signal_case_cells where event_id = '${eventId}'`));
  return found.map((r) => Object.fromEntries(CELL.map((c) => [c, r[c]]))).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

/** The count each table's row moves by when the cells `gone` leave and `added` arrive. */
function moves(gone: Row[], added: Row[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const [name, cols] of Object.entries(KEPT)) {
    for (const [cells, delta] of [[gone, -1], [added, 1]] as const) {
      for (const cell of cells) {
        // The country totals move a cell's country and country 0, the sum of every country.
        const sides = name === 'signal_country_totals' ? [cell, { ...cell, country_id: 0 }] : [cell];
        for (const side of sides) {
          const key = `${name} ${JSON.stringify(cols.map((c) => side[c]))}`;
          out.set(key, (out.get(key) ?? 0) + delta);
        }
      }
    }
  }
  for (const [key, n] of out) if (n === 0) out.delete(key);
  return out;
}

/** The refreshes the current transaction called: each takes the shared advisory lock of migration 0027. */
async function refreshLocks(tx: DbOrTx): Promise<number> {
  const found = (await tx.execute(sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and pid = pg_backend_pid() and classid = 1936157035`)).rows as Row[];
  return Number(found[0]?.n);
}

describe('a refresh writes only what changed', () => {
  let caseId = '';
  let seriousRam = 0;
  let otherRam = 0;

  beforeAll(async () => {
    const db = t.database.db;
    const c = await createCase(db, { createdBy: creator.id, status: 6, productIds: [productIds[0] ?? 0, productIds[3] ?? 0], receivedAt: new Date(Date.UTC(2026, 4, 10)) });
    caseId = c.id;
    const inserted = await rows(sql`insert into event_rams (event_id, llt_code, llt_name, description, another_condition) values
      (${c.id}, ${llts[0]?.llt_code}, 'a', 'a', true), (${c.id}, ${llts[1]?.llt_code}, 'b', 'b', false) returning id`);
    [seriousRam, otherRam] = inserted.map((r) => Number(r.id)) as [number, number];
    await db.execute(sql`insert into event_patients (event_id, initials, gender, age, age_unit) values (${c.id}, 'CD', 'M', 40, 'Años')`);
    expect((await cellsOf(caseId)).length).toBeGreaterThan(6);
  });

  it('a write to fields the counts do not read calls no refresh and leaves every row of the count tables and cells as it was', async () => {
    const db = t.database.db;
    const before = await snapshot();
    await db.transaction(async (tx) => {
      await tx.execute(sql`update events set additional_information = 'otra información', updated_at = now() where id = ${caseId}`);
      // death set on a reaction already serious: is_serious stays true.
      await tx.execute(sql`update event_rams set description = 'descripción nueva', death = true where id = ${seriousRam}`);
      await tx.execute(sql`update event_rams set considerations = 'x' where id = ${otherRam}`);
      await tx.execute(sql`update event_patients set initials = 'ZZ', weight = 70 where event_id = ${caseId}`);
      await tx.execute(sql`update event_medications set lot_number = 'L-1', dose = 2 where event_id = ${caseId}`);
      await tx.execute(sql`update event_medication_ingredients set concentration = 5 where event_medication_id in (select id from event_medications where event_id = ${caseId})`);
      expect(await refreshLocks(tx)).toBe(0);
    });
    expect(await snapshot()).toEqual(before);
  });

  it('a write to a counted field that leaves the cells as they were refreshes the case and writes nothing', async () => {
    const db = t.database.db;
    const before = await snapshot();
    await db.transaction(async (tx) => {
      // Another LLT of the same PT, an age in the same group, a date in the same month, suspect to interacting.
      await tx.execute(sql`update event_rams set llt_code = ${llts[4]?.llt_code} where id = ${seriousRam}`);
      await tx.execute(sql`update event_patients set age = 41 where event_id = ${caseId}`);
      await tx.execute(sql`update events set received_at = ${new Date(Date.UTC(2026, 4, 20)).toISOString()} where id = ${caseId}`);
      await tx.execute(sql`update event_medications set drug_role = 3 where event_id = ${caseId}`);
      expect(await refreshLocks(tx)).toBeGreaterThan(0);
    });
    expect(await snapshot()).toEqual(before);
    expect(await table()).toEqual(await recount());
  });

  it('a changed field moves exactly the counts of the cells it changes, and rewrites no other row', async () => {
    const db = t.database.db;
    const pt = async (code: number | undefined) => Number((await rows(sql`select pt_code from meddra_llt where code = ${code}`))[0]?.pt_code);
    const [pt1, pt2] = [await pt(llts[1]?.llt_code), await pt(llts[2]?.llt_code)];
    const changes: { write: ReturnType<typeof sql>; expected: (cell: Row) => Row }[] = [
      // One reaction to another PT: only that PT's cells move.
      { write: sql`update event_rams set llt_code = ${llts[2]?.llt_code} where id = ${otherRam}`, expected: (c) => (c.pt_code === pt1 ? { ...c, pt_code: pt2 } : c) },
      // The patient's sex: every cell of the case moves.
      { write: sql`update event_patients set gender = 'F' where event_id = ${caseId}`, expected: (c) => ({ ...c, sex: 'F' }) },
      // The case becomes non-serious: every cell moves.
      { write: sql`update event_rams set another_condition = false, death = false where id = ${seriousRam}`, expected: (c) => ({ ...c, serious: false }) },
    ];
    for (const { write, expected } of changes) {
      const cellsBefore = await cellsOf(caseId);
      const before = await snapshot();
      await db.execute(write);
      const cellsAfter = await cellsOf(caseId);
      const after = await snapshot();
      const wanted = cellsBefore.map(expected).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
      expect(cellsAfter).toEqual(wanted);
      const text = (cells: Row[]) => new Set(cells.map((c) => JSON.stringify(c)));
      const gone = cellsBefore.filter((c) => !text(cellsAfter).has(JSON.stringify(c)));
      const added = cellsAfter.filter((c) => !text(cellsBefore).has(JSON.stringify(c)));
      expect(gone.length).toBeGreaterThan(0);
      const expectedMoves = moves(gone, added);
      const actualMoves = new Map<string, number>();
      for (const key of new Set([...before.keys(), ...after.keys()])) {
        if (key.startsWith('signal_case_cells ')) continue;
        const n = (after.get(key)?.cases ?? 0) - (before.get(key)?.cases ?? 0);
        if (n !== 0) actualMoves.set(key, n);
      }
      expect(actualMoves).toEqual(expectedMoves);
      // Every other row, and every cell that stays, keeps its version.
      const goneKeys = new Set(gone.map((c) => `signal_case_cells ${JSON.stringify(CELL.map((k) => c[k]))}`));
      for (const [key, row] of before) {
        if (expectedMoves.has(key) || goneKeys.has(key)) continue;
        expect(after.get(key), key).toEqual(row);
      }
    }
    expect(await table()).toEqual(await recount());
  });
});
