import {
  AGE_GROUPS,
  ageGroupOf,
  ER_STATUS,
  ER_STATUSES,
  type IndicatorCountry,
  type IndicatorLaboratory,
  type IndicatorSeriesItem,
  type IndicatorValues,
  MSG,
} from '@atalaya/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventMedications, eventPatients, events } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createCase, laboratoryOfProduct, type TestCase } from '../../test-support/cases.js';
import { createProduct, type TestProduct } from '../../test-support/catalog.js';
import { bearer, createUser, login, type TestUser } from '../../test-support/factories.js';
import { periodBounds, periodCounts } from './queries.js';

/**
 * The Indicadores calls (platform spec §2 'Indicators screen', §7 'Indicators';
 * docs/indicators.md): the filters, the four cards and the three series, per role and reach,
 * kept true by the database's triggers as cases and patients change, and refusing bad input.
 * Exact numbers are checked for users whose laboratories are new to this file; the RLF's (a
 * whole country, shared with other files on PostgreSQL) against counts made directly in SQL.
 */

const DAY = 86_400_000;

let t: TestApp;
let productA: TestProduct; // laboratory A, sold in UY and AR
let productB: TestProduct; // laboratory B, sold in UY
let labA: number;
let labB: number;
let creator: TestUser;
const tokens = new Map<string, string>();

async function signIn(name: string, user: TestUser): Promise<void> {
  tokens.set(name, (await login(t.app, user)).accessToken);
}

function get(who: string, url: string) {
  const token = tokens.get(who);
  if (!token) throw new Error(who);
  return t.app.inject({ method: 'GET', url: `/api/${url}`, headers: bearer(token) });
}

async function ok<T>(who: string, url: string): Promise<T> {
  const response = await get(who, url);
  expect(response.statusCode, `${who} ${url}: ${response.body}`).toBe(200);
  return response.json<T>();
}

const totals = (series: IndicatorSeriesItem[]) => Object.fromEntries(series.filter((item) => item.Total > 0).map((item) => [item.ID, item.Total]));

async function addPatient(eventId: string, age: number | null, ageUnit: string | null): Promise<void> {
  await t.database.db.insert(eventPatients).values({ eventId, initials: 'AB', age, ageUnit });
}

beforeAll(async () => {
  t = await createTestApp();
  productA = await createProduct(t.database.db, { countries: ['UY', 'AR'] });
  productB = await createProduct(t.database.db, { countries: ['UY'] });
  labA = await laboratoryOfProduct(t.database.db, productA.id);
  labB = await laboratoryOfProduct(t.database.db, productB.id);
  creator = await createUser(t.database.db, { role: 'RLF' });
  await signIn('qppvA', await createUser(t.database.db, { role: 'QPPV', laboratories: [{ laboratoryId: labA }] }));
  await signIn('clA', await createUser(t.database.db, { role: 'CL', laboratories: [{ laboratoryId: labA }] }));
  await signIn('qppvB', await createUser(t.database.db, { role: 'QPPV', laboratories: [{ laboratoryId: labB }] }));
  await signIn('qppvAB', await createUser(t.database.db, { role: 'QPPV', laboratories: [{ laboratoryId: labA }, { laboratoryId: labB }] }));
  await signIn('rlfUY', await createUser(t.database.db, { role: 'RLF', country: 'UY' }));
  await signIn('admin', await createUser(t.database.db, { role: 'ADMIN' }));
  await signIn('fabricante', await createUser(t.database.db, { role: 'Fabricante', laboratories: [{ laboratoryId: labA }] }));
}, 60_000);

afterAll(async () => {
  await t.close();
});

describe('the charts of a QPPV follow its cases as they are written', () => {
  let cases: TestCase[];

  beforeAll(async () => {
    const by = creator.id;
    cases = [
      await createCase(t.database.db, { createdBy: by, productIds: [productA.id], status: ER_STATUS.EN_REVISION_RLF, subGroupId: 1 }),
      await createCase(t.database.db, { createdBy: by, productIds: [productA.id], status: 3, subGroupId: 2 }),
      await createCase(t.database.db, { createdBy: by, productIds: [productA.id], status: ER_STATUS.ANULADO, subGroupId: 10 }),
      await createCase(t.database.db, { createdBy: by, productIds: [productA.id], status: 3, subGroupId: 20, country: 'AR' }),
      // A draft (Pendiente) is not a report; a deleted case is nobody's.
      await createCase(t.database.db, { createdBy: by, productIds: [productA.id], status: ER_STATUS.PENDIENTE }),
      await createCase(t.database.db, { createdBy: by, productIds: [productA.id], status: 3 }),
      // Laboratory B only.
      await createCase(t.database.db, { createdBy: by, productIds: [productB.id], status: 3, subGroupId: 1 }),
    ];
    const [c0, c1, c2, c3, , c5] = cases;
    if (!c0 || !c1 || !c2 || !c3 || !c5) throw new Error('cases');
    await addPatient(c0.id, 30, 'Años');
    await addPatient(c1.id, 3, 'Meses');
    await addPatient(c2.id, 10, 'Días');
    await addPatient(c3.id, null, null);
    await t.database.db.update(events).set({ deletedAt: new Date(), deletedBy: creator.id }).where(eq(events.id, c5.id));
  });

  it('counts by status (not Pendiente, Anulado among them), by age group and by group and sub-group, within the laboratories', async () => {
    expect(totals(await ok('qppvA', 'getIndicatorsEventsStatus'))).toEqual({ 2: 1, 3: 2, 11: 1 });
    const statuses = await ok<IndicatorSeriesItem[]>('qppvA', 'getIndicatorsEventsStatus');
    expect(statuses.map((item) => item.ID)).toEqual(ER_STATUSES.map((status) => status.Id).filter((id) => id !== ER_STATUS.PENDIENTE));
    expect(statuses.find((item) => item.ID === 11)).toMatchObject({ Name: 'Anulado', MetaData: 's11', SubGrupo: [] });

    const ages = await ok<IndicatorSeriesItem[]>('qppvA', 'getIndicatorsEventsAges');
    expect(ages.map((item) => item.Name)).toEqual([...AGE_GROUPS.map((group) => group.Name), 'Desconocido']);
    expect(totals(ages)).toEqual({ 5: 1, 2: 1, 1: 1, 0: 1 });

    const types = await ok<IndicatorSeriesItem[]>('qppvA', 'getIndicatorsEventsTypeGroup');
    expect(types.map((item) => item.ID)).toEqual([1, 2, 3, 4, 5]);
    expect(totals(types)).toEqual({ 1: 2, 2: 1, 3: 1 });
    expect(types[0]?.SubGrupo.filter((sub) => sub.Total > 0)).toEqual([
      { ID: 1, Name: 'Reacción adversa a medicamento', Total: 1 },
      { ID: 2, Name: 'Interacción medicamentosa', Total: 1 },
    ]);
    // A CL with the same laboratory reads the same; the QPPV of B only its case.
    expect(totals(await ok('clA', 'getIndicatorsEventsStatus'))).toEqual({ 2: 1, 3: 2, 11: 1 });
    expect(totals(await ok('qppvB', 'getIndicatorsEventsStatus'))).toEqual({ 3: 1 });
  });

  it('filters by country and by laboratory', async () => {
    expect(totals(await ok('qppvA', 'getIndicatorsEventsStatus?pais=AR'))).toEqual({ 3: 1 });
    expect(totals(await ok('qppvA', 'getIndicatorsEventsStatus?pais=UY'))).toEqual({ 2: 1, 3: 1, 11: 1 });
    expect(totals(await ok('qppvAB', 'getIndicatorsEventsStatus'))).toEqual({ 2: 1, 3: 3, 11: 1 });
    expect(totals(await ok('qppvAB', `getIndicatorsEventsStatus?laboratorio=${labB}`))).toEqual({ 3: 1 });
    expect(totals(await ok('qppvAB', `getIndicatorsEventsStatus?pais=UY&laboratorio=${labA}`))).toEqual({ 2: 1, 3: 1, 11: 1 });
    expect(totals(await ok('qppvAB', `getIndicatorsEventsAges?pais=AR&laboratorio=${labA}`))).toEqual({ 0: 1 });
    expect(totals(await ok('qppvAB', `getIndicatorsEventsTypeGroup?laboratorio=${labB}`))).toEqual({ 1: 1 });
  });

  it('moves a case when it is annulled, its patient’s age changes, it gains a laboratory, or it is deleted; a case of two laboratories counts once', async () => {
    const [c0, c1] = cases;
    if (!c0 || !c1) throw new Error('cases');
    await t.database.db.update(events).set({ status: ER_STATUS.ANULADO }).where(eq(events.id, c0.id));
    expect(totals(await ok('qppvA', 'getIndicatorsEventsStatus'))).toEqual({ 3: 2, 11: 2 });

    await t.database.db.update(eventPatients).set({ age: 70, ageUnit: 'Años' }).where(eq(eventPatients.eventId, c0.id));
    expect(totals(await ok('qppvA', 'getIndicatorsEventsAges'))).toEqual({ 6: 1, 2: 1, 1: 1, 0: 1 });
    await t.database.db.delete(eventPatients).where(eq(eventPatients.eventId, c1.id));
    expect(totals(await ok('qppvA', 'getIndicatorsEventsAges'))).toEqual({ 6: 1, 1: 1, 0: 2 });

    await t.database.db.insert(eventMedications).values({ eventId: c1.id, productId: productB.id, laboratoryId: labB, createdBy: creator.id });
    expect(totals(await ok('qppvB', 'getIndicatorsEventsStatus'))).toEqual({ 3: 2 });
    expect(totals(await ok('qppvA', 'getIndicatorsEventsStatus'))).toEqual({ 3: 2, 11: 2 });
    expect(totals(await ok('qppvAB', 'getIndicatorsEventsStatus'))).toEqual({ 3: 3, 11: 2 });

    await t.database.db.update(events).set({ deletedAt: new Date(), deletedBy: creator.id }).where(eq(events.id, c1.id));
    expect(totals(await ok('qppvAB', 'getIndicatorsEventsStatus'))).toEqual({ 3: 2, 11: 2 });
    expect(totals(await ok('qppvB', 'getIndicatorsEventsStatus'))).toEqual({ 3: 1 });
  });

  it('lists the countries and laboratories with reports in reach', async () => {
    expect(await ok<IndicatorCountry[]>('qppvA', 'filtercountryindicators')).toEqual([
      { Code: 'AR', Name: 'Argentina' },
      { Code: 'UY', Name: 'Uruguay' },
    ]);
    expect(await ok<IndicatorLaboratory[]>('qppvA', 'filterlabindicators?pais=UY')).toEqual([{ Id: labA, Name: productA.laboratory }]);
    expect(await ok<IndicatorLaboratory[]>('qppvA', 'filterlabindicators?pais=PE')).toEqual([]);
    expect(await ok<IndicatorLaboratory[]>('qppvB', 'filterlabindicators?pais=UY')).toEqual([{ Id: labB, Name: productB.laboratory }]);
    const rlfCountries = await ok<IndicatorCountry[]>('rlfUY', 'filtercountryindicators');
    expect(rlfCountries).toEqual([{ Code: 'UY', Name: 'Uruguay' }]);
    const rlfLabs = await ok<IndicatorLaboratory[]>('rlfUY', 'filterlabindicators?pais=UY');
    expect(rlfLabs.map((lab) => lab.Id)).toEqual(expect.arrayContaining([labA, labB]));
  });
});

describe('the cards', () => {
  it('count the cases created in each period of the user’s country time zone (months from the 1st, weeks from Monday)', async () => {
    const product = await createProduct(t.database.db, { countries: ['UY'] });
    const lab = await laboratoryOfProduct(t.database.db, product.id);
    await signIn('qppvCards', await createUser(t.database.db, { role: 'QPPV', laboratories: [{ laboratoryId: lab }] }));
    const empty = await ok<IndicatorValues>('qppvCards', 'getIndicatorsValuesPanel');
    expect(empty).toMatchObject({ UltimoMes: 0, EsteMes: 0, UltimaSemana: 0, EstaSemana: 0, PenultimoMes: 0, PenultimaSemana: 0, ZonaHoraria: 'America/Montevideo' });
    const p = empty.Periodos;
    const local = (iso: string) =>
      new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Montevideo', weekday: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
    expect(local(p.EsteMes.Desde)).toMatch(/^\w{3} 1, 00:00$/);
    expect(local(p.UltimoMes.Desde)).toMatch(/^\w{3} 1, 00:00$/);
    expect(local(p.EstaSemana.Desde)).toMatch(/^Mon \d+, 00:00$/);
    expect(local(p.UltimaSemana.Desde)).toMatch(/^Mon \d+, 00:00$/);
    expect(p.UltimoMes.Hasta).toBe(p.EsteMes.Desde);
    expect(p.PenultimoMes.Hasta).toBe(p.UltimoMes.Desde);
    expect(p.UltimaSemana.Hasta).toBe(p.EstaSemana.Desde);
    expect(new Date(p.EstaSemana.Desde).getTime() - new Date(p.UltimaSemana.Desde).getTime()).toBeGreaterThanOrEqual(7 * DAY - 3_600_000);

    // Cases at the first and last millisecond of each period, plus drafts and deleted ones that never count.
    const at = (iso: string, ms = 0) => new Date(new Date(iso).getTime() + ms);
    const dates = [
      at(p.PenultimoMes.Desde),
      at(p.UltimoMes.Desde),
      at(p.UltimoMes.Hasta, -1),
      at(p.EsteMes.Desde),
      at(p.PenultimaSemana.Desde),
      at(p.UltimaSemana.Desde),
      at(p.UltimaSemana.Desde, 1000),
      new Date(Math.min(Date.now(), new Date(p.EstaSemana.Hasta).getTime() - 1)),
      at(p.PenultimoMes.Desde, -1),
    ];
    for (const createdAt of dates) await createCase(t.database.db, { createdBy: creator.id, productIds: [product.id], createdAt });
    await createCase(t.database.db, { createdBy: creator.id, productIds: [product.id], status: ER_STATUS.PENDIENTE });
    const gone = await createCase(t.database.db, { createdBy: creator.id, productIds: [product.id] });
    await t.database.db.update(events).set({ deletedAt: new Date(), deletedBy: creator.id }).where(eq(events.id, gone.id));

    const within = (period: { Desde: string; Hasta: string }) =>
      dates.filter((date) => date.getTime() >= new Date(period.Desde).getTime() && date.getTime() < new Date(period.Hasta).getTime()).length;
    const values = await ok<IndicatorValues>('qppvCards', 'getIndicatorsValuesPanel');
    expect(values).toMatchObject({
      PenultimoMes: within(p.PenultimoMes),
      UltimoMes: within(p.UltimoMes),
      EsteMes: within(p.EsteMes),
      PenultimaSemana: within(p.PenultimaSemana),
      UltimaSemana: within(p.UltimaSemana),
      EstaSemana: within(p.EstaSemana),
    });
    expect(values.UltimoMes).toBeGreaterThanOrEqual(2);
    expect(values.EstaSemana).toBeGreaterThanOrEqual(1);
    expect(await ok<IndicatorValues>('qppvCards', 'getIndicatorsValuesPanel?pais=AR')).toMatchObject({ EsteMes: 0, UltimoMes: 0, EstaSemana: 0, UltimaSemana: 0 });
  });

  it("an RLF's cards and charts equal counts made directly in SQL over its country's cases", async () => {
    await signIn('rlfPE', await createUser(t.database.db, { role: 'RLF', country: 'PE' }));
    const product = await createProduct(t.database.db, { countries: ['PE'] });
    for (const [index, status] of [2, 3, 4, 11, 1].entries()) {
      const made = await createCase(t.database.db, { createdBy: creator.id, productIds: [product.id], country: 'PE', status, createdAt: new Date(Date.now() - index * 9 * DAY) });
      await addPatient(made.id, index * 20, 'Años');
    }
    const values = await ok<IndicatorValues>('rlfPE', 'getIndicatorsValuesPanel');
    const statuses = await ok<IndicatorSeriesItem[]>('rlfPE', 'getIndicatorsEventsStatus');
    const count = async (from: string, to: string) => {
      const rows = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from events e join countries c on c.id = e.country_id
        where c.code = 'PE' and e.deleted_at is null and e.status <> 1 and e.created_at >= ${from}::timestamptz and e.created_at < ${to}::timestamptz`);
      return Number(rows.rows[0]?.n);
    };
    expect(values.EsteMes).toBe(await count(values.Periodos.EsteMes.Desde, values.Periodos.EsteMes.Hasta));
    expect(values.UltimoMes).toBe(await count(values.Periodos.UltimoMes.Desde, values.Periodos.UltimoMes.Hasta));
    expect(values.EstaSemana).toBe(await count(values.Periodos.EstaSemana.Desde, values.Periodos.EstaSemana.Hasta));
    expect(values.UltimaSemana).toBe(await count(values.Periodos.UltimaSemana.Desde, values.Periodos.UltimaSemana.Hasta));
    const byStatus = await t.database.db.execute<{ status: number; n: number }>(sql`select e.status, count(*)::int as n from events e join countries c on c.id = e.country_id
      where c.code = 'PE' and e.deleted_at is null and e.status <> 1 group by 1`);
    expect(totals(statuses)).toEqual(Object.fromEntries(byStatus.rows.map((row) => [Number(row.status), Number(row.n)])));
  });
});

describe('a generated data set: the indicators equal counts made directly in SQL', () => {
  it('for a QPPV of several laboratories, with and without filters, after random writes', async () => {
    const made = await Promise.all([createProduct(t.database.db, { countries: ['UY', 'CL'] }), createProduct(t.database.db, { countries: ['CL'] }), createProduct(t.database.db, { countries: ['BO'] })]);
    const labs = await Promise.all(made.map((product) => laboratoryOfProduct(t.database.db, product.id)));
    await signIn('qppvGen', await createUser(t.database.db, { role: 'QPPV', laboratories: labs.map((laboratoryId) => ({ laboratoryId })) }));
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const units = ['Días', 'Semanas', 'Meses', 'Años', null];
    const caseIds: string[] = [];
    for (let i = 0; i < 60; i++) {
      const products = [made[random(3)]?.id ?? 0, ...(random(3) === 0 ? [made[random(3)]?.id ?? 0] : [])];
      const created = await createCase(t.database.db, {
        createdBy: creator.id,
        productIds: products,
        country: ['UY', 'CL', 'BO'][random(3)],
        status: ER_STATUSES[random(ER_STATUSES.length)]?.Id ?? 2,
        subGroupId: [0, 1, 2, 10, 20, 30][random(6)],
        createdAt: new Date(Date.now() - random(90) * DAY),
      });
      caseIds.push(created.id);
      if (random(5) > 0) await addPatient(created.id, random(90), units[random(5)] ?? null);
    }
    for (const id of caseIds.slice(0, 10)) await t.database.db.update(events).set({ status: ER_STATUSES[1 + random(ER_STATUSES.length - 1)]?.Id ?? 3 }).where(eq(events.id, id));
    for (const id of caseIds.slice(10, 14)) await t.database.db.update(events).set({ deletedAt: new Date(), deletedBy: creator.id }).where(eq(events.id, id));
    for (const id of caseIds.slice(14, 20)) await t.database.db.update(eventPatients).set({ age: random(100), ageUnit: 'Años' }).where(eq(eventPatients.eventId, id));

    const labArray = `{${labs.join(',')}}`;
    const direct = async (column: string, filter: string) => {
      const rows = await t.database.db.execute<{ k: number; n: number }>(
        sql.raw(`select ${column} as k, count(*)::int as n from events e left join event_patients p on p.event_id = e.id join countries c on c.id = e.country_id
          where e.deleted_at is null and e.status <> 1 and e.laboratory_ids && '${labArray}'::int[] ${filter} group by 1`),
      );
      return Object.fromEntries(rows.rows.filter((row) => Number(row.n) > 0).map((row) => [Number(row.k), Number(row.n)]));
    };
    for (const [query, filter] of [
      ['', ''],
      ['?pais=CL', "and c.code = 'CL'"],
      [`?laboratorio=${labs[0]}`, `and e.laboratory_ids @> '{${labs[0]}}'`],
      [`?pais=UY&laboratorio=${labs[1]}`, `and c.code = 'UY' and e.laboratory_ids @> '{${labs[1]}}'`],
    ] as const) {
      expect(totals(await ok('qppvGen', `getIndicatorsEventsStatus${query}`)), query).toEqual(await direct('e.status', filter));
      expect(totals(await ok('qppvGen', `getIndicatorsEventsAges${query}`)), query).toEqual(await direct('atalaya_age_group(p.age, p.age_unit)', filter));
      expect(totals(await ok('qppvGen', `getIndicatorsEventsTypeGroup${query}`)), query).toEqual(await direct('e.group_id', filter));
    }
  });

  it('for a QPPV holding every laboratory: the cards and charts count each case with a laboratory, never one without', async () => {
    // A grant with no laboratory, company or country covers every laboratory (docs/roles.md).
    await signIn('qppvAll', await createUser(t.database.db, { role: 'QPPV', laboratories: [{}] }));
    const sent = ER_STATUSES.find((status) => status.Id !== ER_STATUS.PENDIENTE)?.Id ?? 2;
    // A sent case with a medicine of a new laboratory (covered by the grant), and one without
    // medicines: no laboratory, in nobody's laboratories.
    await createCase(t.database.db, { createdBy: creator.id, country: 'CL', status: sent });
    await createCase(t.database.db, { createdBy: creator.id, productIds: [], country: 'UY', status: sent });
    const values = await ok<IndicatorValues>('qppvAll', 'getIndicatorsValuesPanel');
    const count = async (from: string, to: string) => {
      const rows = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from events where deleted_at is null and status <> ${ER_STATUS.PENDIENTE}
        and duplicate_of_event_id is null and laboratory_ids <> '{}' and created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz`);
      return Number(rows.rows[0]?.n);
    };
    const periods = values.Periodos;
    expect({ EsteMes: values.EsteMes, UltimoMes: values.UltimoMes, PenultimoMes: values.PenultimoMes, EstaSemana: values.EstaSemana }).toEqual({
      EsteMes: await count(periods.EsteMes.Desde, periods.EsteMes.Hasta),
      UltimoMes: await count(periods.UltimoMes.Desde, periods.UltimoMes.Hasta),
      PenultimoMes: await count(periods.PenultimoMes.Desde, periods.PenultimoMes.Hasta),
      EstaSemana: await count(periods.EstaSemana.Desde, periods.EstaSemana.Hasta),
    });
    expect(values.EsteMes + values.UltimoMes + values.PenultimoMes).toBeGreaterThan(0);
    const direct = await t.database.db.execute<{ k: number; n: number }>(
      sql`select status as k, count(*)::int as n from events where deleted_at is null and duplicate_of_event_id is null and status <> ${ER_STATUS.PENDIENTE} and laboratory_ids <> '{}' group by 1`,
    );
    expect(totals(await ok('qppvAll', 'getIndicatorsEventsStatus'))).toEqual(Object.fromEntries(direct.rows.map((row) => [Number(row.k), Number(row.n)])));
  });

  it('the stored counts equal a count of every case, by country and over every country, in one snapshot', async () => {
    const rows = await t.database.db.execute<{ n: number }>(sql`with stored as (
        select country_id, laboratory_ids, 1 as dim, i as idx, by_status[i] as n from indicator_counts, generate_subscripts(by_status, 1) i where by_status[i] > 0
        union all select country_id, laboratory_ids, 2, i, by_age[i] from indicator_counts, generate_subscripts(by_age, 1) i where by_age[i] > 0
        union all select country_id, laboratory_ids, 3, i, by_sub_group[i] from indicator_counts, generate_subscripts(by_sub_group, 1) i where by_sub_group[i] > 0),
      c as (select e.country_id, e.laboratory_ids, e.status::int as status, atalaya_age_group(p.age, p.age_unit)::int as age_group, e.sub_group_id
        from events e left join event_patients p on p.event_id = e.id where e.deleted_at is null),
      -- Each case once under its country and once under country 0, every country (migration 0042).
      k as (select * from c union all select 0, laboratory_ids, status, age_group, sub_group_id from c),
      direct as (
        select country_id, laboratory_ids, 1 as dim, status as idx, count(*)::int as n from k group by 1, 2, 4
        union all select country_id, laboratory_ids, 2, age_group + 1, count(*)::int from k where status <> 1 group by 1, 2, 4
        union all select country_id, laboratory_ids, 3, sub_group_id + 1, count(*)::int from k where status <> 1 group by 1, 2, 4)
      select count(*)::int as n from ((select * from stored except all select * from direct) union all (select * from direct except all select * from stored)) d`);
    expect(Number(rows.rows[0]?.n)).toBe(0);
  });

  it('the hours the cards over every country read follow sends, deletions, duplicates and laboratories, and equal the cases counted directly, in any time zone', async () => {
    const made = await createProduct(t.database.db, { countries: ['UY'] });
    const HOUR = 3_600_000;
    const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * HOUR - 17 * 60_000);
    const pending = await createCase(t.database.db, { createdBy: creator.id, productIds: [], country: 'UY', status: ER_STATUS.PENDIENTE, createdAt: at(30) });
    const sent = await Promise.all(
      [1, 30, 30, 200, 900, 2000].map((hoursAgo, i) =>
        createCase(t.database.db, { createdBy: creator.id, productIds: i % 2 ? [made.id] : [], country: i % 3 ? 'UY' : 'CL', status: ER_STATUS.EN_REVISION_RLF, createdAt: at(hoursAgo) }),
      ),
    );
    const [s0, s1, s2, s3] = sent;
    if (!s0 || !s1 || !s2 || !s3) throw new Error('cases');
    await t.database.db.update(events).set({ status: ER_STATUS.EN_EVALUACION_QPPV }).where(eq(events.id, pending.id)); // sent the first time: counted
    await t.database.db.update(events).set({ status: ER_STATUS.ANULADO }).where(eq(events.id, s3.id)); // still sent: no move
    await t.database.db.update(events).set({ deletedAt: new Date(), deletedBy: creator.id }).where(eq(events.id, s1.id));
    await t.database.db.update(events).set({ duplicateOfEventId: s0.id }).where(eq(events.id, s2.id));
    await t.database.db.insert(eventMedications).values({ eventId: s0.id, productId: made.id, laboratoryId: await laboratoryOfProduct(t.database.db, made.id), createdBy: creator.id });
    await t.database.db.update(events).set({ createdAt: at(5) }).where(eq(events.id, pending.id));

    // One snapshot: every hour kept equals the cases of that hour counted directly.
    const differences = await t.database.db.execute<{ n: number }>(sql`with direct as (
        select date_bin('1 hour', created_at, '2000-01-01 00:00:00+00') as hour, count(*)::int as sent, (count(*) filter (where laboratory_ids <> '{}'))::int as with_lab
        from events where deleted_at is null and duplicate_of_event_id is null and status <> ${ER_STATUS.PENDIENTE} group by 1),
      stored as (select hour, sent, sent_with_laboratory from indicator_hours where sent <> 0 or sent_with_laboratory <> 0)
      select count(*)::int as n from ((select * from stored except all select * from direct) union all (select * from direct except all select * from stored)) d`);
    expect(Number(differences.rows[0]?.n)).toBe(0);

    // The cards of an ADMIN and of a user holding every laboratory, in a time zone of whole hours
    // (read from the hours) and in one of half hours (read from the cases), equal direct counts.
    const count = async (from: Date, to: Date, withLaboratory: boolean) => {
      const rows = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from events where deleted_at is null and status <> ${ER_STATUS.PENDIENTE}
        and duplicate_of_event_id is null and (${!withLaboratory} or laboratory_ids <> '{}') and created_at >= ${from.toISOString()}::timestamptz and created_at < ${to.toISOString()}::timestamptz`);
      return Number(rows.rows[0]?.n);
    };
    const every = await t.database.db.execute<{ id: number }>(sql`select id from laboratories`);
    for (const timeZone of ['America/Montevideo', 'Asia/Kolkata', 'UTC']) {
      const b = await periodBounds(t.database.db, timeZone, new Date());
      for (const [scope, withLaboratory] of [
        [{}, false],
        [{ laboratoryIds: every.rows.map((row) => Number(row.id)), everyLaboratory: true }, true],
      ] as const) {
        const expected = {
          monthBeforeLast: await count(b.monthBeforeLast, b.lastMonth, withLaboratory),
          lastMonth: await count(b.lastMonth, b.thisMonth, withLaboratory),
          thisMonth: await count(b.thisMonth, b.nextMonth, withLaboratory),
          weekBeforeLast: await count(b.weekBeforeLast, b.lastWeek, withLaboratory),
          lastWeek: await count(b.lastWeek, b.thisWeek, withLaboratory),
          thisWeek: await count(b.thisWeek, b.nextWeek, withLaboratory),
        };
        expect(await periodCounts(t.database.db, scope, b), `${timeZone} ${JSON.stringify(scope).slice(0, 20)}`).toEqual(expected);
      }
    }
    const admin = await ok<IndicatorValues>('admin', 'getIndicatorsValuesPanel');
    expect(admin.EsteMes).toBe(await count(new Date(admin.Periodos.EsteMes.Desde), new Date(admin.Periodos.EsteMes.Hasta), false));
    expect(admin.UltimaSemana).toBe(await count(new Date(admin.Periodos.UltimaSemana.Desde), new Date(admin.Periodos.UltimaSemana.Hasta), false));
  });

  it("the database's age group is the domain's ageGroupOf at every band's edges", async () => {
    const samples: [number | null, string | null][] = [[null, null], [5, null], [-1, 'Años'], [5, 'none']];
    for (const unit of ['Días', 'Semanas', 'Meses', 'Años']) for (const age of [0, 1, 3, 4, 11, 12, 17, 18, 23, 24, 27, 28, 64, 65, 104, 730, 731, 4383]) samples.push([age, unit]);
    samples.push([730.5, 'Días'], [730.49, 'Días'], [6574.5, 'Días'], [23740.5, 'Días'], [23740.49, 'Días']);
    for (const [age, unit] of samples) {
      const rows = await t.database.db.execute<{ g: number }>(sql`select atalaya_age_group(${age}::numeric, ${unit}::text) as g`);
      expect(Number(rows.rows[0]?.g), `${age} ${unit}`).toBe(ageGroupOf(age, unit).ID);
    }
  });
});

describe('reach and bad input', () => {
  it('ADMIN reads the whole company’s figures (docs/roles.md): every country and laboratory with reports, and a filter by any of them', async () => {
    const countries = await ok<{ Code: string }[]>('admin', 'filtercountryindicators');
    expect(countries.map((country) => country.Code)).toEqual(expect.arrayContaining(['UY', 'AR']));
    const laboratories = await ok<{ Id: number }[]>('admin', 'filterlabindicators?pais=UY');
    expect(laboratories.map((laboratory) => laboratory.Id)).toEqual(expect.arrayContaining([labA, labB]));
    // Narrowed to a laboratory, ADMIN counts exactly what a QPPV of that laboratory counts.
    for (const [who, lab] of [['qppvA', labA], ['qppvB', labB]] as const) {
      for (const call of ['getIndicatorsEventsStatus', 'getIndicatorsEventsAges', 'getIndicatorsEventsTypeGroup']) {
        expect(totals(await ok('admin', `${call}?laboratorio=${lab}`)), `${call} ${lab}`).toEqual(totals(await ok(who, `${call}?laboratorio=${lab}`)));
      }
      expect(await ok('admin', `getIndicatorsValuesPanel?laboratorio=${lab}`)).toEqual(await ok(who, `getIndicatorsValuesPanel?laboratorio=${lab}`));
    }
    // Unfiltered: at least everything the QPPV of both laboratories counts.
    const all = totals(await ok('admin', 'getIndicatorsEventsStatus'));
    for (const [status, count] of Object.entries(totals(await ok('qppvAB', 'getIndicatorsEventsStatus')))) expect(all[status]).toBeGreaterThanOrEqual(count);
    expect(totals(await ok('admin', 'getIndicatorsEventsStatus?pais=AR'))).toEqual(totals(await ok('qppvAB', 'getIndicatorsEventsStatus?pais=AR')));
  });

  it('refuses Fabricante every call with 403', async () => {
    for (const url of ['filtercountryindicators', 'filterlabindicators?pais=UY', 'getIndicatorsValuesPanel', 'getIndicatorsEventsStatus', 'getIndicatorsEventsAges', 'getIndicatorsEventsTypeGroup']) {
      const response = await get('fabricante', url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toMatchObject({ Message: MSG.errors.forbidden });
    }
  });

  it('answers 400 for an unknown country or laboratory, 403 for one out of reach, 400 for malformed or unknown fields, with a Spanish Message', async () => {
    const cases: [string, string, number, string][] = [
      ['qppvA', 'getIndicatorsEventsStatus?pais=ZZ', 400, MSG.indicators.countryNotFound],
      ['qppvA', 'getIndicatorsValuesPanel?pais=uy', 400, MSG.indicators.countryNotFound],
      ['qppvA', 'getIndicatorsEventsAges?pais=%00Y', 400, MSG.generic.invalidCharacters],
      ['qppvA', 'getIndicatorsEventsAges?pais=UYU', 400, MSG.indicators.countryNotFound],
      ['qppvA', 'getIndicatorsEventsTypeGroup?laboratorio=2147483647', 400, MSG.indicators.laboratoryNotFound],
      ['qppvA', 'getIndicatorsEventsTypeGroup?laboratorio=2147483648', 400, MSG.indicators.laboratoryNotFound],
      ['qppvA', 'getIndicatorsEventsTypeGroup?laboratorio=1%00', 400, MSG.generic.invalidCharacters],
      ['qppvA', 'getIndicatorsEventsTypeGroup?laboratorio=-1', 400, MSG.indicators.laboratoryNotFound],
      ['qppvA', 'getIndicatorsEventsTypeGroup?laboratorio=abc', 400, MSG.indicators.laboratoryNotFound],
      ['qppvA', `getIndicatorsEventsStatus?laboratorio=${labB}`, 403, MSG.indicators.laboratoryOutOfReach],
      ['clA', `getIndicatorsValuesPanel?pais=UY&laboratorio=${labB}`, 403, MSG.indicators.laboratoryOutOfReach],
      ['rlfUY', 'getIndicatorsEventsStatus?pais=AR', 403, MSG.indicators.countryOutOfReach],
      ['rlfUY', 'filterlabindicators?pais=AR', 403, MSG.indicators.countryOutOfReach],
      ['qppvA', 'filterlabindicators?pais=ZZ', 400, MSG.indicators.countryNotFound],
      ['qppvA', 'filterlabindicators', 400, MSG.indicators.countryNotFound],
      ['qppvA', 'getIndicatorsEventsStatus?desde=2026-01-01', 400, MSG.indicators.unknownField],
      ['qppvA', 'filterlabindicators?pais=UY&x=1', 400, MSG.indicators.unknownField],
      ['qppvA', 'filtercountryindicators?pais=UY', 400, MSG.indicators.unknownField],
    ];
    for (const [who, url, status, message] of cases) {
      const response = await get(who, url);
      expect(response.statusCode, `${who} ${url}: ${response.body}`).toBe(status);
      expect(response.json(), url).toMatchObject({ Message: message });
    }
  });

  it('refuses without a session (401)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/getIndicatorsEventsStatus' });
    expect(response.statusCode).toBe(401);
  });
});

