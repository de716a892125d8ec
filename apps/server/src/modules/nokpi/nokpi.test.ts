import { ER_STATUS, MSG, type NoKpiCountry, type NoKpiPage, type NoKpiResponse } from '@atalaya/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createCase, laboratoryOfProduct, type TestCase } from '../../test-support/cases.js';
import { createProduct } from '../../test-support/catalog.js';
import { bearer, createUser, login, type TestUser } from '../../test-support/factories.js';
import { refreshCaseDeadlines } from '../deadlines/index.js';
import { noKpiMetrics } from './service.js';

/**
 * 'Eventos que no cumplen KPI's' (platform spec §2, §3, §7; docs/kpi.md): the card, the
 * country dropdown and the list, per role and reach, paged, and bad input. Countries CO and MX
 * and fresh laboratories keep this file's cases apart from the other files' on a shared
 * PostgreSQL database.
 */

const HOUR = 3_600_000;
let t: TestApp;
let coProduct: number;
let labProduct: number;
let rlfCo: TestUser;
let rlfMx: TestUser;
let qppv: TestUser;
let otherQppv: TestUser;
const tokens = new Map<TestUser, string>();

beforeAll(async () => {
  t = await createTestApp();
  coProduct = (await createProduct(t.database.db, { countries: ['CO'] })).id;
  labProduct = (await createProduct(t.database.db, { countries: ['CO'] })).id;
  rlfCo = await createUser(t.database.db, { role: 'RLF', country: 'CO' });
  rlfMx = await createUser(t.database.db, { role: 'RLF', country: 'MX' });
  qppv = await createUser(t.database.db, { role: 'QPPV', laboratories: [{ laboratoryId: await laboratoryOfProduct(t.database.db, labProduct) }] });
  const elsewhere = (await createProduct(t.database.db, { countries: ['MX'] })).id;
  otherQppv = await createUser(t.database.db, { role: 'QPPV', laboratories: [{ laboratoryId: await laboratoryOfProduct(t.database.db, elsewhere) }] });
}, 60_000);

afterAll(async () => {
  await t.close();
});

async function tokenOf(user: TestUser): Promise<string> {
  let token = tokens.get(user);
  if (!token) {
    token = (await login(t.app, user)).accessToken;
    tokens.set(user, token);
  }
  return token;
}

async function post(user: TestUser, payload: unknown) {
  return t.app.inject({ method: 'POST', url: '/api/getNoKpiMetrics', headers: bearer(await tokenOf(user)), payload: payload as object });
}

async function get(user: TestUser, url: string) {
  return t.app.inject({ method: 'GET', url: `/api/${url}`, headers: bearer(await tokenOf(user)) });
}

/** A case in review whose 72 h 'Revisión RLF' expired `minutesAgo` minutes ago (overdue now). */
function overdueCase(productId: number, minutesAgo: number, status: number = ER_STATUS.EN_REVISION_RLF): Promise<TestCase> {
  const sentAt = new Date(Date.now() - 72 * HOUR - minutesAgo * 60_000);
  return createCase(t.database.db, { status, createdBy: rlfCo.id, country: 'CO', productIds: [productId], sentAt, receivedAt: new Date(), createdAt: new Date() });
}

const metas = (page: { list: { Meta: string }[] }) => page.list.map((row) => row.Meta);

describe('the list and the card through the API', () => {
  it('shows a QPPV the overdue case of its laboratory with the first missed metric, status and date; the card counts it this month', async () => {
    const testCase = await overdueCase(labProduct, 1, ER_STATUS.EN_EVALUACION_QPPV);
    const onTime = await createCase(t.database.db, { status: 2, createdBy: rlfCo.id, country: 'CO', productIds: [labProduct] });
    const response = await post(qppv, { pais: null });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<NoKpiResponse>();
    expect(metas(body)).toEqual([testCase.meta]);
    expect(metas(body)).not.toContain(onTime.meta);
    const [row] = body.list;
    expect(row).toMatchObject({ NumeroReferencia: testCase.referenceNumber, Estado: ER_STATUS.EN_EVALUACION_QPPV, FechaSolicitudDesc: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}/) });
    expect(row?.MetricsAlerts[0]).toMatchObject({ Nombre: 'Revisión RLF', TiempoNombre: '72 h', Estado: 'overdue' });
    expect(body).toMatchObject({ cantReport: 1, porcentaje: 0, PageBack: false, PageNext: false });

    // Another laboratory's QPPV sees nothing of it.
    const other = (await post(otherQppv, { pais: null })).json<NoKpiResponse>();
    expect(metas(other)).not.toContain(testCase.meta);
    expect(other.cantReport).toBe(0);
  });

  it("never shows an RLF another country's case, even when they pick that country", async () => {
    const colombian = await overdueCase(coProduct, 2);
    const co = (await post(rlfCo, { firstselect: 'CO' })).json<NoKpiResponse>();
    expect(metas(co)).toContain(colombian.meta);
    for (const payload of [{ pais: null }, { firstselect: 'CO' }, { firstselect: 'mx' }]) {
      const response = await post(rlfMx, payload);
      expect(response.statusCode, response.body).toBe(200);
      expect(metas(response.json<NoKpiResponse>())).not.toContain(colombian.meta);
    }
    const listed = await get(rlfMx, 'getEventsNoKpi?pais=CO');
    expect(listed.statusCode).toBe(200);
    expect(metas(listed.json<NoKpiPage>())).toEqual([]);
  });

  it('filters by country: a QPPV picking MX does not see its Colombian case', async () => {
    const testCase = await overdueCase(labProduct, 3);
    expect(metas((await post(qppv, { firstselect: 'CO' })).json<NoKpiResponse>())).toContain(testCase.meta);
    expect(metas((await post(qppv, { firstselect: 'MX' })).json<NoKpiResponse>())).not.toContain(testCase.meta);
  });

  it('gives ADMIN the whole company’s cases that miss a KPI (not drafts nor deleted ones) and refuses CL and Fabricante with 403', async () => {
    const admin = await createUser(t.database.db, { role: 'ADMIN' });
    const ofCountry = await overdueCase(coProduct, 0);
    const ofLaboratory = await overdueCase(labProduct, 0);
    const draft = await overdueCase(labProduct, 0, ER_STATUS.PENDIENTE);
    const response = await post(admin, { firstselect: 'CO' });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<NoKpiResponse>();
    expect(metas(body)).toEqual(expect.arrayContaining([ofCountry.meta, ofLaboratory.meta]));
    expect(metas(body)).not.toContain(draft.meta);
    expect(body.cantReport).toBeGreaterThanOrEqual(2);
    expect(metas((await get(admin, 'getEventsNoKpi?pais=CO')).json<NoKpiPage>())).toEqual(expect.arrayContaining([ofCountry.meta, ofLaboratory.meta]));
    expect((await get(admin, 'getNoKpiCountries')).json<NoKpiCountry[]>()).toEqual(expect.arrayContaining([{ Code: 'CO', Name: 'Colombia' }]));
    for (const role of ['CL', 'Fabricante'] as const) {
      const user = await createUser(t.database.db, { role });
      for (const response of [await post(user, { pais: null }), await get(user, 'getEventsNoKpi'), await get(user, 'getNoKpiCountries')]) {
        expect(response.statusCode).toBe(403);
        expect(response.json<{ Message: string }>().Message).toEqual(expect.any(String));
      }
    }
  });

  it('lists the countries as Code and Name: every country in use for a QPPV, their own for an RLF', async () => {
    const all = (await get(qppv, 'getNoKpiCountries')).json<NoKpiCountry[]>();
    expect(all).toEqual(expect.arrayContaining([{ Code: 'UY', Name: 'Uruguay' }, { Code: 'CO', Name: 'Colombia' }]));
    expect((await get(rlfMx, 'getNoKpiCountries')).json<NoKpiCountry[]>()).toEqual([{ Code: 'MX', Name: 'México' }]);
  });

  it('pages 16 cases as 15 + 1 with the keys, newest first missed first, and back', async () => {
    const product = (await createProduct(t.database.db, { countries: ['CO'] })).id;
    const pager = await createUser(t.database.db, { role: 'QPPV', laboratories: [{ laboratoryId: await laboratoryOfProduct(t.database.db, product) }] });
    const created: TestCase[] = [];
    for (let index = 0; index < 16; index += 1) created.push(await overdueCase(product, 10 + index));
    const first = (await post(pager, { pais: null })).json<NoKpiResponse>();
    expect(metas(first)).toEqual(created.slice(0, 15).map((testCase) => testCase.meta));
    expect(first).toMatchObject({ PageBack: false, PageNext: true, cantReport: 16 });
    const second = await get(pager, `getEventsNoKpi?page=2&pageKey=after:${first.LastKey}`);
    expect(second.statusCode, second.body).toBe(200);
    const secondPage = second.json<NoKpiPage>();
    expect(metas(secondPage)).toEqual([created[15]?.meta]);
    expect(secondPage).toMatchObject({ PageBack: true, PageNext: false });
    const back = (await get(pager, `getEventsNoKpi?page=1&pageKey=before:${secondPage.FirstKey}`)).json<NoKpiPage>();
    expect(metas(back)).toEqual(metas(first));
    // By page number without a key (a bounded offset).
    expect(metas((await get(pager, 'getEventsNoKpi?page=2')).json<NoKpiPage>())).toEqual([created[15]?.meta]);
  });
});

describe('bad input: 400 with a Spanish Message, nothing else', () => {
  const cases: [string, () => Promise<{ statusCode: number; json: <T>() => T }>, string][] = [
    ['an unknown country', () => post(qppv, { firstselect: 'ZZ' }), MSG.noKpi.unknownCountry],
    ['a country that is not a code', () => post(qppv, { pais: 'Uruguay;--' }), MSG.noKpi.unknownCountry],
    ['an unknown country in the list', () => get(qppv, 'getEventsNoKpi?pais=QQ'), MSG.noKpi.unknownCountry],
    ['a huge page number', () => get(qppv, 'getEventsNoKpi?page=99999999'), MSG.lists.pageTooFar],
    ['a page far from the start without a key', () => post(qppv, { pais: null, page: 22 }), MSG.lists.pageTooFar],
    ['page 0', () => get(qppv, 'getEventsNoKpi?page=0'), MSG.lists.invalidPage],
    ['a forged key', () => get(qppv, `getEventsNoKpi?pageKey=after:${Buffer.from('x|y').toString('base64url')}`), MSG.lists.invalidPageKey],
    ['a position that is no key', () => post(qppv, { pais: null, pageKey: 'sideways' }), MSG.lists.invalidPageKey],
  ];
  for (const [what, call, message] of cases) {
    it(`refuses ${what}`, async () => {
      const response = await call();
      expect(response.statusCode).toBe(400);
      expect(response.json<{ Message: string }>().Message).toBe(message);
    });
  }

  it('refuses unknown fields, a wrong type, NUL and a malformed body', async () => {
    const extra = await post(qppv, { pais: null, extra: 1 });
    expect(extra.statusCode).toBe(400);
    expect(extra.json<{ Message: string }>().Message).toBe(MSG.noKpi.unknownField);
    for (const payload of [{ pais: 5 }, { firstselect: 'U\u0000Y' }]) {
      const response = await post(qppv, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ Message: string }>().Message).toEqual(expect.any(String));
    }
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/getNoKpiMetrics',
      headers: { ...bearer(await tokenOf(qppv)), 'content-type': 'application/json' },
      payload: '{"pais":',
    });
    expect(malformed.statusCode).toBe(400);
    expect((await get(qppv, 'getEventsNoKpi?unknown=1')).statusCode).toBe(400);
  });
});

describe('the card: this calendar month against the previous one (docs/kpi.md)', () => {
  it('counts each case once in the month its limit expired, in the user’s time zone, with the change in percent', async () => {
    const product = (await createProduct(t.database.db, { countries: ['CO'] })).id;
    const user = await createUser(t.database.db, { role: 'QPPV', laboratories: [{ laboratoryId: await laboratoryOfProduct(t.database.db, product) }] });
    const sent = (iso: string) =>
      createCase(t.database.db, { status: 2, createdBy: rlfCo.id, country: 'CO', productIds: [product], sentAt: new Date(iso), receivedAt: new Date(iso), createdAt: new Date(iso) });
    // Review due 4 February; provider due 16 February: February.
    const february = await sent('2020-02-01T12:00:00Z');
    // Due 4 and 16 March: March, twice.
    const march = [await sent('2020-03-01T12:00:00Z'), await sent('2020-03-01T15:00:00Z')];
    const now = new Date('2020-03-20T12:00:00Z');
    await refreshCaseDeadlines(t.database.db, { eventIds: [february.id, ...march.map((testCase) => testCase.id)] }, now);
    const auth = { id: user.id, role: 'QPPV' as const, countryCode: 'UY' };
    const card = await noKpiMetrics(t.database.db, auth as Parameters<typeof noKpiMetrics>[1], { country: null, page: 1, pageKey: undefined }, now);
    expect(card).toMatchObject({ cantReport: 2, porcentaje: 100 });
    const april = await noKpiMetrics(t.database.db, auth as Parameters<typeof noKpiMetrics>[1], { country: null, page: 1, pageKey: undefined }, new Date('2020-04-10T12:00:00Z'));
    expect(april).toMatchObject({ cantReport: 0, porcentaje: -100 });
  });
});
