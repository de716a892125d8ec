import { type HomeReportRow, MSG, type PagedResult, type PageRequest } from '@atalaya/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { countryId, createProduct, type TestProduct } from '../../test-support/catalog.js';
import { patientReport, professionalReport } from '../../test-support/public-reports.js';
import { insertReport, postPublicReport, postUserReport, referenceBatch, type SignedIn, signIn, triageOk } from '../../test-support/home-reports.js';
import { pageKeyQuery, walkPages } from '../../test-support/paging.js';

let t: TestApp;
let uyProduct: TestProduct;
let arProduct: TestProduct;
let rlfUy: SignedIn;
let rlfAr: SignedIn;
let qppv: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  uyProduct = await createProduct(t.database.db, { countries: ['UY'] });
  arProduct = await createProduct(t.database.db, { countries: ['AR'] });
  [rlfUy, rlfAr, qppv] = await Promise.all([signIn(t, 'RLF', 'UY'), signIn(t, 'RLF', 'AR'), signIn(t, 'QPPV', 'UY')]);
});
afterAll(() => t.close());

interface ReportHomeFilters {
  page?: number | string;
  size?: number | string;
  orderBy?: string;
  id?: string;
  isMedic?: string;
  status?: string;
  country?: string;
  from?: string;
  to?: string;
}

function reportHome(who: SignedIn, filters: ReportHomeFilters) {
  const { page = 1, size = 15, orderBy = 'FechaCreacion DESC', id = 'null', isMedic = 'null', status = 'null', country = 'null', from = 'null', to = 'null' } = filters;
  const segments = [page, size, orderBy, id, isMedic, status, country, from, to].map((value) => encodeURIComponent(String(value)));
  return t.app.inject({ method: 'GET', url: `/api/getReportHome/${segments.join('/')}`, headers: who.headers });
}

async function reportHomeOk(who: SignedIn, filters: ReportHomeFilters): Promise<PagedResult<HomeReportRow>> {
  const response = await reportHome(who, filters);
  if (response.statusCode !== 200) throw new Error(`getReportHome: ${response.statusCode} ${response.body}`);
  return response.json();
}

function inbox(who: SignedIn, page: number | string = 1, orderBy = 'FechaCreacion DESC', size: number | string = 15) {
  return t.app.inject({ method: 'GET', url: `/api/getWFReportHome/${page}/${size}/${encodeURIComponent(orderBy)}`, headers: who.headers });
}

/** Every id of the Tasks screen's inbox for the user, walking all its pages. */
async function inboxIds(who: SignedIn): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page += 1) {
    const response = await inbox(who, page);
    expect(response.statusCode).toBe(200);
    const body = response.json<PagedResult<HomeReportRow>>();
    ids.push(...body.Result.map((row) => row.Id));
    if (!body.PageNext) return ids;
  }
}

describe('GET /api/getReportHome', () => {
  it('answers the inbox row of a report: only the row’s fields of the stored document', async () => {
    const { Id, Reference } = await postPublicReport(t, patientReport(uyProduct));
    const body = await reportHomeOk(rlfUy, { id: Reference });
    expect(body).toEqual({
      Total: 1,
      PageCount: 1,
      PageNumber: 1,
      PageBack: false,
      PageNext: false,
      TotalIsEstimate: false,
      FirstKey: expect.any(String),
      LastKey: expect.any(String),
      Result: [expect.any(Object)],
    });
    expect(body.Result[0]).toEqual({
      Id,
      Reference,
      Status: 1,
      StatusName: 'Nuevo',
      Date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      IsMedic: false,
      Pais: 'UY',
      Data: {
        Paciente: { Iniciales: 'JPG', Sexo: 'F', Lactancia: 'NO', Embarazo: 'SI' },
        InformacionContacto: { AceptaContacto: 'SI' },
        RAM: [{ Grave: 'NO' }],
        Tipo: { SubGroup: 0, SubGroupName: 'Sin clasificar (reporte de la web)' },
      },
    });
  });

  it('shows a professional’s type of occurrence and each reaction’s seriousness; finds by a lower-case prefix', async () => {
    const { Reference } = await postUserReport(t, qppv, professionalReport(uyProduct, 'UY', 'ESAVI'));
    const body = await reportHomeOk(qppv, { id: Reference.toLowerCase() });
    expect(body.Result[0]).toMatchObject({
      Reference,
      IsMedic: true,
      Data: { RAM: [{ Grave: 'SI' }, { Grave: 'NO' }], Tipo: { SubGroup: 3, SubGroupName: expect.stringContaining('ESAVI') } },
    });
  });

  it('lists by reach: an RLF its own country’s reports, a QPPV every country’s', async () => {
    const batch = referenceBatch();
    const uy = await insertReport(t.database.db, { reference: batch.reference(1), payload: patientReport(uyProduct), country: 'UY' });
    const ar = await insertReport(t.database.db, { reference: batch.reference(2), payload: patientReport(arProduct, 'AR'), country: 'AR' });
    const ids = async (who: SignedIn) => (await reportHomeOk(who, { id: batch.prefix })).Result.map((row) => row.Id).sort();
    expect(await ids(rlfUy)).toEqual([uy]);
    expect(await ids(rlfAr)).toEqual([ar]);
    expect(await ids(qppv)).toEqual([uy, ar].sort());
  });

  it('leaves out reports already entered as cases; keeps the discarded ones', async () => {
    const batch = referenceBatch();
    const entered = await insertReport(t.database.db, { reference: batch.reference(1), payload: professionalReport(uyProduct) });
    const discarded = await insertReport(t.database.db, { reference: batch.reference(2), payload: professionalReport(uyProduct) });
    await triageOk(t, 'createerfromerhome', rlfUy, { homeERId: entered, subGroup: 1 });
    await triageOk(t, 'updatestatiserfromerhome', rlfUy, { homeERId: discarded, newStatus: 3, comentario: 'Duplicado' });
    const body = await reportHomeOk(rlfUy, { id: batch.prefix });
    expect(body.Result.map((row) => [row.Id, row.Status, row.StatusName])).toEqual([[discarded, 3, 'Descartado']]);
  });

  it('pages by 15 and orders by each column, newest first by default', async () => {
    const batch = referenceBatch();
    const start = Date.UTC(2024, 0, 1);
    const stored: { id: string; reference: string; createdAt: Date; status: number; isMedic: boolean }[] = [];
    for (let n = 0; n < 17; n += 1) {
      // References ascend while dates descend, so the two orders differ.
      const createdAt = new Date(start - n * 3_600_000);
      const status = (n % 3) + 1;
      const isMedic = n % 2 === 0;
      const reference = batch.reference(n);
      const payload = isMedic ? professionalReport(uyProduct) : patientReport(uyProduct);
      stored.push({ id: await insertReport(t.database.db, { reference, payload, status, createdAt }), reference, createdAt, status, isMedic });
    }
    const page1 = await reportHomeOk(qppv, { id: batch.prefix });
    const page2 = await reportHomeOk(qppv, { id: batch.prefix, page: 2 });
    expect(page1).toMatchObject({ Total: 17, PageCount: 2, PageNumber: 1, PageBack: false, PageNext: true });
    expect(page2).toMatchObject({ Total: 17, PageCount: 2, PageNumber: 2, PageBack: true, PageNext: false });
    expect(page1.Result).toHaveLength(15);
    expect([...page1.Result, ...page2.Result].map((row) => row.Id)).toEqual(stored.map((row) => row.id));
    expect(page1.Result[0]?.Date).toBe(stored[0]?.createdAt.toISOString());

    const all = async (orderBy: string) => [
      ...(await reportHomeOk(qppv, { id: batch.prefix, orderBy })).Result,
      ...(await reportHomeOk(qppv, { id: batch.prefix, orderBy, page: 2 })).Result,
    ];
    expect((await all('FechaCreacion ASC')).map((row) => row.Id)).toEqual(stored.map((row) => row.id).reverse());
    expect((await all('FechaCreacion')).map((row) => row.Id)).toEqual(stored.map((row) => row.id).reverse());
    expect((await all('Reference DESC')).map((row) => row.Reference)).toEqual(stored.map((row) => row.reference).reverse());
    expect((await all('Reference asc')).map((row) => row.Reference)).toEqual(stored.map((row) => row.reference));
    const byStatus = (await all('Status DESC')).map((row) => row.Status);
    expect(byStatus).toEqual([...byStatus].sort((a, b) => b - a));
    expect(byStatus).toHaveLength(17);
    const byMedic = (await all('IsMedic ASC')).map((row) => row.IsMedic);
    expect(byMedic).toEqual([...stored.map((row) => row.isMedic)].sort((a, b) => Number(a) - Number(b)));
    // A page past the end is empty, with the totals.
    expect(await reportHomeOk(qppv, { id: batch.prefix, page: 3 })).toMatchObject({ Total: 17, PageNumber: 3, Result: [] });
  });

  it('filters by who reported, status, country (code or id) and receipt dates in the user’s time zone', async () => {
    const batch = referenceBatch();
    // 02:00 UTC on 10 March is 23:00 on 9 March in Montevideo and Buenos Aires (UTC-3).
    const lateNight = new Date('2024-03-10T02:00:00Z');
    const patient = await insertReport(t.database.db, { reference: batch.reference(1), payload: patientReport(uyProduct), createdAt: lateNight });
    const medic = await insertReport(t.database.db, {
      reference: batch.reference(2),
      payload: professionalReport(uyProduct),
      status: 2,
      createdAt: new Date('2024-03-12T15:00:00Z'),
    });
    const argentine = await insertReport(t.database.db, {
      reference: batch.reference(3),
      payload: patientReport(arProduct, 'AR'),
      country: 'AR',
      status: 3,
      createdAt: new Date('2024-03-15T15:00:00Z'),
    });
    const ids = async (filters: ReportHomeFilters) => (await reportHomeOk(qppv, { id: batch.prefix, ...filters })).Result.map((row) => row.Id).sort();

    expect(await ids({ isMedic: 'true' })).toEqual([medic]);
    expect(await ids({ isMedic: 'false' })).toEqual([patient, argentine].sort());
    expect(await ids({ status: '2' })).toEqual([medic]);
    expect(await ids({ status: '3' })).toEqual([argentine]);
    expect(await ids({ country: 'ar' })).toEqual([argentine]);
    expect(await ids({ country: String(await countryId(t.database.db, 'UY')) })).toEqual([patient, medic].sort());
    expect(await ids({ country: 'ZZ' })).toEqual([]);
    expect(await ids({ from: '2024-03-10' })).toEqual([medic, argentine].sort());
    expect(await ids({ to: '2024-03-09' })).toEqual([patient]);
    expect(await ids({ from: '2024-03-09', to: '2024-03-12' })).toEqual([patient, medic].sort());
    expect(await ids({ from: '2024-03-10T01:00:00Z', to: '2024-03-12T15:00:00.000Z' })).toEqual([patient, medic].sort());
    expect(await ids({ from: '2024-03-13', isMedic: 'false', status: '3', country: 'AR' })).toEqual([argentine]);
  });

  describe('refuses with 400 and a Spanish message', () => {
    it.each([
      ['page 0', { page: 0 }, MSG.lists.invalidPage],
      ['page -1', { page: -1 }, MSG.lists.invalidPage],
      ['page 1.5', { page: 1.5 }, MSG.lists.invalidPage],
      ['page "x"', { page: 'x' }, MSG.lists.invalidPage],
      ['size 14', { size: 14 }, MSG.lists.invalidPageSize],
      ['size 16', { size: 16 }, MSG.lists.invalidPageSize],
      ['orderBy 1;DROP TABLE', { orderBy: '1;DROP TABLE home_reports' }, MSG.lists.invalidOrder],
      ['orderBy with SQL after a column', { orderBy: 'FechaCreacion DESC; DROP TABLE home_reports' }, MSG.lists.invalidOrder],
      ['orderBy of two columns', { orderBy: 'Reference DESC, id' }, MSG.lists.invalidOrder],
      ['orderBy of a column not offered', { orderBy: 'data' }, MSG.lists.invalidOrder],
      ['orderBy with a subquery', { orderBy: '(select 1)' }, MSG.lists.invalidOrder],
      ['orderBy of a wrong direction', { orderBy: 'FechaCreacion UP' }, MSG.lists.invalidOrder],
      ['status 4', { status: '4' }, MSG.lists.invalidFilter],
      ['status "x"', { status: 'x' }, MSG.lists.invalidFilter],
      ['isMedic "quizás"', { isMedic: 'quizás' }, MSG.lists.invalidFilter],
      ['a date that is not one', { from: 'ayer' }, MSG.generic.dateFormat('fecha desde')],
      ['30 February', { to: '2024-02-30' }, MSG.generic.dateFormat('fecha hasta')],
    ])('%s', async (_case, filters, message) => {
      const response = await reportHome(qppv, filters);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ Message: message });
    });

    it('a reference filter with LIKE wildcards matches them literally', async () => {
      expect((await reportHomeOk(qppv, { id: '%' })).Total).toBe(0);
      expect((await reportHomeOk(qppv, { id: 'RH-____-' })).Total).toBe(0);
    });
  });

  it.each(['CL', 'Fabricante', 'ADMIN'] as const)('refuses %s (403)', async (role) => {
    expect((await reportHome(await signIn(t, role), {})).statusCode).toBe(403);
  });
});

describe('GET /api/getWFReportHome', () => {
  it('lists the new and in-review reports within reach, not the discarded or entered ones', async () => {
    const post = async (product: TestProduct, country: string) => (await postUserReport(t, qppv, professionalReport(product, country))).Id;
    const [fresh, reviewed, discarded, entered, foreign] = [
      await post(uyProduct, 'UY'),
      await post(uyProduct, 'UY'),
      await post(uyProduct, 'UY'),
      await post(uyProduct, 'UY'),
      await post(arProduct, 'AR'),
    ];
    await triageOk(t, 'updatestatiserfromerhome', rlfUy, { homeERId: reviewed, newStatus: 2 });
    await triageOk(t, 'updatestatiserfromerhome', rlfUy, { homeERId: discarded, newStatus: 3, comentario: 'No aplica' });
    await triageOk(t, 'createerfromerhome', rlfUy, { homeERId: entered });

    const forRlf = await inboxIds(rlfUy);
    expect(forRlf).toEqual(expect.arrayContaining([fresh, reviewed]));
    for (const absent of [discarded, entered, foreign]) expect(forRlf).not.toContain(absent);
    const forQppv = await inboxIds(qppv);
    expect(forQppv).toEqual(expect.arrayContaining([fresh, reviewed, foreign]));
    for (const absent of [discarded, entered]) expect(forQppv).not.toContain(absent);
    const forArgentina = await inboxIds(rlfAr);
    expect(forArgentina).toContain(foreign);
    expect(forArgentina).not.toContain(fresh);
  });

  it('answers rows of statuses 1 and 2 only, of the RLF’s country only', async () => {
    await postPublicReport(t, patientReport(arProduct, 'AR'));
    const response = await inbox(rlfAr);
    const body = response.json<PagedResult<HomeReportRow>>();
    expect(body.Result.length).toBeGreaterThan(0);
    for (const row of body.Result) {
      expect(row.Pais).toBe('AR');
      expect([1, 2]).toContain(row.Status);
    }
  });

  it.each([
    ['page 0', 0, 'FechaCreacion DESC', 15, MSG.lists.invalidPage],
    ['page -1', -1, 'FechaCreacion DESC', 15, MSG.lists.invalidPage],
    ['size 14', 1, 'FechaCreacion DESC', 14, MSG.lists.invalidPageSize],
    ['orderBy 1;DROP TABLE', 1, '1;DROP TABLE home_reports', 15, MSG.lists.invalidOrder],
    ["orderBy ' or 1=1", 1, "Reference' or 1=1 --", 15, MSG.lists.invalidOrder],
  ])('refuses %s with 400', async (_case, page, orderBy, size, message) => {
    const response = await inbox(qppv, page, orderBy, size);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Message: message });
  });

  it.each(['CL', 'Fabricante', 'ADMIN'] as const)('refuses %s (403)', async (role) => {
    expect((await inbox(await signIn(t, role))).statusCode).toBe(403);
  });
});

describe('keyset paging of the inbox lists (pageKey)', () => {
  interface Stored {
    id: string;
    reference: string;
    createdAt: Date;
    status: number;
    isMedic: boolean;
  }
  const VALUE: Record<string, (stored: Stored) => string | number> = {
    FechaCreacion: (stored) => stored.createdAt.toISOString(),
    Reference: (stored) => stored.reference,
    Status: (stored) => stored.status,
    IsMedic: (stored) => Number(stored.isMedic),
  };
  const ORDERS = Object.keys(VALUE).flatMap((column) => [`${column} ASC`, `${column} DESC`]);

  function expectedOrder(stored: Stored[], orderBy: string): string[] {
    const [column = '', direction = 'ASC'] = orderBy.split(' ');
    const value = VALUE[column] as (stored: Stored) => string | number;
    const compare = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
    const sign = direction === 'DESC' ? -1 : 1;
    return [...stored].sort((a, b) => sign * (compare(value(a), value(b)) || compare(a.id, b.id))).map((each) => each.id);
  }

  async function page(who: SignedIn, url: string): Promise<PagedResult<HomeReportRow>> {
    const response = await t.app.inject({ method: 'GET', url, headers: who.headers });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response.json();
  }

  function reportHomeUrl(pageNumber: number, orderBy: string, id: string): string {
    return `/api/getReportHome/${pageNumber}/15/${encodeURIComponent(orderBy)}/${encodeURIComponent(id)}/null/null/null/null/null`;
  }

  let batch: ReturnType<typeof referenceBatch>;
  let stored: Stored[];
  let rlfPe: SignedIn;
  let peruvian: Stored[];

  beforeAll(async () => {
    // 38 reports whose creation dates take 5 values: ties in every order but the reference.
    batch = referenceBatch();
    stored = [];
    const start = Date.UTC(2023, 4, 1);
    for (let n = 0; n < 38; n += 1) {
      const createdAt = new Date(start + (n % 5) * 60_000);
      const status = (n % 3) + 1;
      const isMedic = n % 2 === 0;
      const reference = batch.reference(n);
      const payload = isMedic ? professionalReport(uyProduct) : patientReport(uyProduct);
      stored.push({ id: await insertReport(t.database.db, { reference, payload, status, createdAt }), reference, createdAt, status, isMedic });
    }
    // Peruvian reports for the Tasks inbox of an RLF of Peru: 1 and 2 are listed, 3 is not.
    rlfPe = await signIn(t, 'RLF', 'PE');
    const peBatch = referenceBatch();
    peruvian = [];
    for (let n = 0; n < 33; n += 1) {
      const createdAt = new Date(Date.UTC(2023, 6, 1) + (n % 4) * 1000);
      const status = (n % 3) + 1;
      const reference = peBatch.reference(n);
      const payload = patientReport(uyProduct, 'PE');
      const id = await insertReport(t.database.db, { reference, payload, country: 'PE', status, createdAt });
      if (status !== 3) peruvian.push({ id, reference, createdAt, status, isMedic: false });
    }
  });

  it.each(ORDERS)('walks getReportHome by %s forwards and backwards, every report once, the last page what is left', async (orderBy) => {
    const read = (request: PageRequest) => page(qppv, `${reportHomeUrl(request.pageNumber, orderBy, batch.prefix)}${pageKeyQuery(request)}`);
    const expected = expectedOrder(stored, orderBy);
    for (const direction of ['forward', 'backward'] as const) {
      const { pages, rows } = await walkPages(read, direction);
      expect(rows.map((row) => row.Id)).toEqual(expected);
      expect(pages.map((each) => each.Result.length)).toEqual([15, 15, 8]);
      expect(pages.map((each) => [each.PageNumber, each.PageBack, each.PageNext])).toEqual([
        [1, false, true],
        [2, true, true],
        [3, true, false],
      ]);
      for (const each of pages) expect(each).toMatchObject({ Total: 38, PageCount: 3, TotalIsEstimate: false });
    }
  });

  it.each(['FechaCreacion DESC', 'FechaCreacion ASC', 'Status DESC'])('walks getWFReportHome by %s forwards and backwards', async (orderBy) => {
    const read = (request: PageRequest) => page(rlfPe, `/api/getWFReportHome/${request.pageNumber}/15/${encodeURIComponent(orderBy)}${pageKeyQuery(request)}`);
    const ours = new Set(peruvian.map((each) => each.id));
    const forward = await walkPages(read, 'forward');
    const backward = await walkPages(read, 'backward');
    const forwardIds = forward.rows.map((row) => row.Id);
    // Other test files may add Peruvian reports on a shared PostgreSQL: ours keep their order among them.
    expect(new Set(forwardIds).size).toBe(forwardIds.length);
    expect(forwardIds).toHaveLength(forward.pages[0]?.Total ?? -1);
    expect(backward.rows.map((row) => row.Id)).toEqual(forwardIds);
    expect(forwardIds.filter((id) => ours.has(id))).toEqual(expectedOrder(peruvian, orderBy));
    for (const row of forward.rows) expect([1, 2]).toContain(row.Status);
  });

  it('filters by the reference prefix as a range: in any case, exactly the references that start with it', async () => {
    const prefix = `${batch.prefix}1`;
    const expected = stored.filter((each) => each.reference.startsWith(prefix)).map((each) => each.reference);
    const body = await reportHomeOk(qppv, { id: prefix.toLowerCase(), orderBy: 'Reference ASC' });
    expect(body.Result.map((row) => row.Reference)).toEqual(expected);
    expect(body.Total).toBe(expected.length);
    expect((await reportHomeOk(qppv, { id: batch.reference(37) })).Result.map((row) => row.Id)).toEqual([stored[37]?.id]);
    expect((await reportHomeOk(qppv, { id: `${batch.prefix.slice(0, 8)}_` })).Total).toBe(0);
  });

  const key = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');

  it.each([
    ['an unknown form', 'next'],
    ['before without key', 'before:'],
    ['a key that is not base64url', 'after:%%%'],
    ['a key of another shape', `after:${key([1, 2, 3])}`],
    ['a key whose id is not a uuid', `after:${key(['2023-05-01T00:00:00.000000Z', '1 or 1=1'])}`],
  ])('answers 400 in Spanish for a pageKey that is %s', async (_name, pageKey) => {
    for (const url of [reportHomeUrl(1, 'FechaCreacion DESC', 'null'), '/api/getWFReportHome/1/15/FechaCreacion%20DESC']) {
      const response = await t.app.inject({ method: 'GET', url: `${url}?pageKey=${encodeURIComponent(pageKey)}`, headers: qppv.headers });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({ Message: MSG.lists.invalidPageKey });
    }
  });

  it('answers 400 in Spanish for a page far from the start without a key', async () => {
    for (const url of [reportHomeUrl(900, 'FechaCreacion DESC', 'null'), '/api/getWFReportHome/900/15/FechaCreacion%20DESC']) {
      const response = await t.app.inject({ method: 'GET', url, headers: qppv.headers });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ Message: MSG.lists.pageTooFar });
    }
  });
});
