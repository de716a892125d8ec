import { randomInt } from 'node:crypto';
import { type ErListRow, formatDateTime, MSG, type PagedResult, type PageRequest, type Role } from '@atalaya/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../db/schema/index.js';
import { addCaseComment, addFollowUp, createCase, laboratoryOfProduct, type TestCase } from '../../test-support/cases.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createProduct, type TestProduct } from '../../test-support/catalog.js';
import { bearer, createUser, login, type TestLaboratoryAssignment, type TestUser } from '../../test-support/factories.js';
import { pageKeyQuery, walkPages } from '../../test-support/paging.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR);

interface Session {
  user: TestUser;
  token: string;
}

async function sessionOf(role: Role, options: { country?: string; laboratories?: readonly TestLaboratoryAssignment[] } = {}): Promise<Session> {
  const user = await createUser(t.database.db, { role, ...options });
  return { user, token: (await login(t.app, user)).accessToken };
}

/** A product of a new laboratory, and that laboratory's id. */
async function newLaboratory(country = 'UY'): Promise<{ product: TestProduct; laboratoryId: number }> {
  const product = await createProduct(t.database.db, { countries: [country] });
  return { product, laboratoryId: await laboratoryOfProduct(t.database.db, product.id) };
}

/**
 * A minute of its own far in the future: cases whose FechaSolicitud falls in it are found by
 * a from/to filter and by no other test, on a database shared by every test file.
 */
function privateMinute(): { start: Date; end: Date; at: (seconds: number) => Date } {
  const start = new Date(Date.UTC(2090, 0, 1) + randomInt(0, 50 * 525_600) * 60_000);
  return { start, end: new Date(start.getTime() + 59_000), at: (seconds) => new Date(start.getTime() + seconds * 1000) };
}

type Params = { page?: string | number; size?: string | number; orderBy?: string; statusId?: string | number; idEr?: string; from?: string; to?: string; categoryId?: string | number; subGroupId?: string | number };

function workFlowUrl(params: Params = {}): string {
  const segments = [
    params.page ?? 1,
    params.size ?? 15,
    params.orderBy ?? 'FechaSolicitud DESC',
    params.statusId ?? 'null',
    params.idEr ?? 'null',
    params.from ?? 'null',
    params.to ?? 'null',
    params.categoryId ?? 'null',
    params.subGroupId ?? 'null',
  ];
  return `/api/getWorkFlow/${segments.map((segment) => encodeURIComponent(String(segment))).join('/')}`;
}

function invertUrl(page: string | number = 1, orderBy = 'FechaSolicitud DESC', size: string | number = 15): string {
  return `/api/getWorkFlowInvert/${encodeURIComponent(String(page))}/${encodeURIComponent(String(size))}/${encodeURIComponent(orderBy)}`;
}

async function get(session: Session, url: string) {
  return t.app.inject({ method: 'GET', url, headers: bearer(session.token) });
}

async function list(session: Session, url: string): Promise<PagedResult<ErListRow>> {
  const response = await get(session, url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PagedResult<ErListRow>>();
}

const references = (result: PagedResult<ErListRow>) => result.Result.map((row) => row.NumeroReferencia);
const sorted = (cases: TestCase[]) => cases.map((c) => c.referenceNumber).sort();

describe('getWorkFlow: Mis acciones pendientes by role', () => {
  it('shows an RLF the 2 and 4 of their country and their own drafts, not another RLF’s draft nor another country', async () => {
    const rlf = await sessionOf('RLF');
    const otherRlf = await sessionOf('RLF');
    const qppv = await createUser(t.database.db, { role: 'QPPV' });
    const minute = privateMinute();
    const { product } = await newLaboratory();
    const make = (status: number, createdBy: string, country = 'UY') =>
      createCase(t.database.db, { status, createdBy, country, productIds: [product.id], updatedAt: minute.at(randomInt(0, 59)) });
    const inReview = await make(2, qppv.id);
    const moreInfo = await make(4, qppv.id);
    const ownDraft = await make(1, rlf.user.id);
    await make(1, otherRlf.user.id);
    await make(3, qppv.id);
    await make(5, qppv.id);
    await make(2, qppv.id, 'AR');
    await make(11, qppv.id);

    const result = await list(rlf, workFlowUrl({ from: minute.start.toISOString(), to: minute.end.toISOString() }));
    expect(references(result).sort()).toEqual(sorted([inReview, moreInfo, ownDraft]));
    expect(result.Total).toBe(3);
    expect(result.Result.find((row) => row.Meta === ownDraft.meta)?.EsCreador).toBe(true);
    expect(result.Result.find((row) => row.Meta === inReview.meta)?.EsCreador).toBe(false);

    const other = await list(otherRlf, workFlowUrl({ from: minute.start.toISOString(), to: minute.end.toISOString() }));
    expect(references(other)).not.toContain(ownDraft.referenceNumber);
  });

  it('shows a QPPV the 3 of its laboratories (and its own drafts), nothing of other laboratories', async () => {
    const mine = await newLaboratory();
    const foreign = await newLaboratory();
    const qppv = await sessionOf('QPPV', { laboratories: [{ laboratoryId: mine.laboratoryId }] });
    const rlf = await createUser(t.database.db, { role: 'RLF' });
    const inEvaluation = await createCase(t.database.db, { status: 3, createdBy: rlf.id, productIds: [mine.product.id] });
    // A second medication of its laboratory is enough, whatever the first is.
    const second = await createCase(t.database.db, { status: 3, createdBy: rlf.id, country: 'AR', productIds: [foreign.product.id, mine.product.id] });
    const ownDraft = await createCase(t.database.db, { status: 1, createdBy: qppv.user.id, productIds: [] });
    await createCase(t.database.db, { status: 3, createdBy: rlf.id, productIds: [foreign.product.id] });
    await createCase(t.database.db, { status: 2, createdBy: rlf.id, productIds: [mine.product.id] });
    await createCase(t.database.db, { status: 5, createdBy: rlf.id, productIds: [mine.product.id] });
    await createCase(t.database.db, { status: 1, createdBy: rlf.id, productIds: [mine.product.id] });

    const result = await list(qppv, workFlowUrl());
    expect(references(result).sort()).toEqual(sorted([inEvaluation, second, ownDraft]));
    expect(result.Total).toBe(3);
  });

  it('shows a Fabricante the 5 of its laboratories only', async () => {
    const mine = await newLaboratory();
    const foreign = await newLaboratory();
    const fabricante = await sessionOf('Fabricante', { laboratories: [{ laboratoryId: mine.laboratoryId }] });
    const rlf = await createUser(t.database.db, { role: 'RLF' });
    const waiting = await createCase(t.database.db, { status: 5, createdBy: rlf.id, productIds: [mine.product.id] });
    await createCase(t.database.db, { status: 5, createdBy: rlf.id, productIds: [foreign.product.id] });
    await createCase(t.database.db, { status: 3, createdBy: rlf.id, productIds: [mine.product.id] });

    const result = await list(fabricante, workFlowUrl());
    expect(references(result)).toEqual([waiting.referenceNumber]);
  });

  it('covers every laboratory of a country, or every laboratory, with the assignment rows that name no laboratory', async () => {
    const paraguayan = await newLaboratory('PY');
    const rlf = await createUser(t.database.db, { role: 'RLF' });
    const inParaguay = await createCase(t.database.db, { status: 5, createdBy: rlf.id, country: 'PY', productIds: [paraguayan.product.id], updatedAt: new Date('2099-12-31T00:00:00Z') });
    const byCountry = await sessionOf('Fabricante', { laboratories: [{ country: 'PY' }] });
    const byOtherCountry = await sessionOf('Fabricante', { laboratories: [{ country: 'BO' }] });
    const everything = await sessionOf('Fabricante', { laboratories: [{}] });
    const nothing = await sessionOf('Fabricante');
    const filter = { idEr: inParaguay.referenceNumber };
    expect(references(await list(byCountry, workFlowUrl(filter)))).toEqual([inParaguay.referenceNumber]);
    expect(references(await list(everything, workFlowUrl(filter)))).toEqual([inParaguay.referenceNumber]);
    expect(references(await list(byOtherCountry, workFlowUrl(filter)))).toEqual([]);
    expect(references(await list(nothing, workFlowUrl(filter)))).toEqual([]);
  });

  it.each(['CL', 'ADMIN'] as const)('refuses %s (the list is hidden for them)', async (role) => {
    const session = await sessionOf(role);
    const response = await get(session, workFlowUrl());
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ Message: MSG.errors.forbidden });
  });

  it('refuses a caller without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: workFlowUrl() });
    expect(response.statusCode).toBe(401);
  });
});

describe('getWorkFlowInvert: open cases waiting on another role', () => {
  it('shows each role the open cases of its reach that it does not act on', async () => {
    const lab = await newLaboratory('BO');
    const rlfUser = await createUser(t.database.db, { role: 'RLF', country: 'BO' });
    const byStatus: Record<number, TestCase> = {};
    for (const status of [1, 2, 3, 4, 5, 6, 11]) {
      byStatus[status] = await createCase(t.database.db, {
        status,
        createdBy: rlfUser.id,
        country: 'BO',
        productIds: [lab.product.id],
        updatedAt: new Date(Date.UTC(2095, 0, 1) + randomInt(0, 1_000_000) * 1000),
      });
    }
    const pick = (...statuses: number[]) => statuses.map((status) => byStatus[status]?.referenceNumber ?? '').sort();
    const assignment = [{ laboratoryId: lab.laboratoryId }];
    const expectations: [Session, string[]][] = [
      [await sessionOf('QPPV', { laboratories: assignment }), pick(2, 4, 5)],
      [await sessionOf('Fabricante', { laboratories: assignment }), pick(2, 3, 4)],
      [await sessionOf('CL', { laboratories: assignment }), pick(2, 3, 4, 5)],
    ];
    for (const [session, expected] of expectations) {
      const result = await list(session, invertUrl());
      expect(references(result).sort(), session.user.role).toEqual(expected);
    }
    // RLF: the statuses 3 and 5 of its country (its own country is shared with other tests: look for ours).
    const rlf = { user: rlfUser, token: (await login(t.app, rlfUser)).accessToken };
    const rlfRows = references(await list(rlf, invertUrl()));
    expect(rlfRows).toEqual(expect.arrayContaining(pick(3, 5)));
    for (const status of [1, 2, 4, 6, 11]) expect(rlfRows).not.toContain(byStatus[status]?.referenceNumber);
  });

  it('refuses ADMIN', async () => {
    const admin = await sessionOf('ADMIN');
    expect((await get(admin, invertUrl())).statusCode).toBe(403);
  });
});

describe('paging', () => {
  it('pages 16 cases as 15 + 1 with the total', async () => {
    const lab = await newLaboratory();
    const qppv = await sessionOf('QPPV', { laboratories: [{ laboratoryId: lab.laboratoryId }] });
    const rlf = await createUser(t.database.db, { role: 'RLF' });
    const base = Date.now() - 1000 * HOUR;
    const cases: TestCase[] = [];
    for (let index = 0; index < 16; index += 1) {
      cases.push(await createCase(t.database.db, { status: 3, createdBy: rlf.id, productIds: [lab.product.id], updatedAt: new Date(base + index * HOUR) }));
    }
    const first = await list(qppv, workFlowUrl());
    expect(first).toMatchObject({ Total: 16, PageCount: 2, PageNumber: 1, PageBack: false, PageNext: true });
    expect(first.Result).toHaveLength(15);
    // FechaSolicitud DESC: the newest first, the oldest alone on page 2.
    expect(first.Result[0]?.NumeroReferencia).toBe(cases[15]?.referenceNumber);
    const second = await list(qppv, workFlowUrl({ page: 2 }));
    expect(second).toMatchObject({ Total: 16, PageCount: 2, PageNumber: 2, PageBack: true, PageNext: false });
    expect(references(second)).toEqual([cases[0]?.referenceNumber]);
    const third = await list(qppv, workFlowUrl({ page: 3 }));
    expect(third).toMatchObject({ Total: 16, PageNumber: 3, Result: [] });
  });

  it.each([
    ['page 0', { page: 0 }, MSG.lists.invalidPage],
    ['page -1', { page: -1 }, MSG.lists.invalidPage],
    ['page 1.5', { page: '1.5' }, MSG.lists.invalidPage],
    ['page x', { page: 'x' }, MSG.lists.invalidPage],
    ['size 14', { size: 14 }, MSG.lists.invalidPageSize],
    ['size 16', { size: 16 }, MSG.lists.invalidPageSize],
    ['a status that is not a number', { statusId: 'abc' }, MSG.lists.invalidFilter],
    ['a group that is not a number', { categoryId: '1;DROP TABLE events' }, MSG.lists.invalidFilter],
    ['a sub-group below 0', { subGroupId: -4 }, MSG.lists.invalidFilter],
    ['a date that is not one', { from: 'ayer' }, MSG.generic.dateFormat('fecha desde')],
    ['a date that is not ISO', { from: '04-03-2026' }, MSG.generic.dateFormat('fecha desde')],
    ['a day that does not exist', { to: '2026-02-30' }, MSG.generic.dateFormat('fecha hasta')],
    ['a reference longer than 60', { idEr: 'X'.repeat(61) }, MSG.lists.invalidFilter],
  ] as const)('answers 400 for %s', async (_name, params, message) => {
    const rlf = await sessionOf('RLF');
    const response = await get(rlf, workFlowUrl(params));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Message: message });
  });

  it('answers 400 for page 0 and size 14 on the invert list too', async () => {
    const rlf = await sessionOf('RLF');
    expect((await get(rlf, invertUrl(0))).json()).toMatchObject({ Message: MSG.lists.invalidPage });
    expect((await get(rlf, invertUrl(1, 'FechaSolicitud DESC', 14))).json()).toMatchObject({ Message: MSG.lists.invalidPageSize });
  });
});

describe('orderBy', () => {
  let cl: Session;
  let cases: TestCase[];
  const countryName: Record<string, string> = { UY: 'Uruguay', AR: 'Argentina', PY: 'Paraguay', PE: 'Perú' };
  const plan = [
    { status: 4, country: 'PY', created: 40, updated: 1 },
    { status: 2, country: 'UY', created: 30, updated: 4 },
    { status: 5, country: 'AR', created: 20, updated: 3 },
    { status: 3, country: 'PE', created: 10, updated: 2 },
  ];

  beforeAll(async () => {
    const lab = await newLaboratory();
    cl = await sessionOf('CL', { laboratories: [{ laboratoryId: lab.laboratoryId }] });
    const rlf = await createUser(t.database.db, { role: 'RLF' });
    cases = [];
    for (const entry of plan) {
      cases.push(
        await createCase(t.database.db, {
          status: entry.status,
          country: entry.country,
          createdBy: rlf.id,
          productIds: [lab.product.id],
          createdAt: hoursAgo(entry.created),
          updatedAt: hoursAgo(entry.updated),
        }),
      );
    }
  });

  function expected(key: (index: number) => string | number, direction: 'ASC' | 'DESC'): string[] {
    const indexes = plan.map((_entry, index) => index);
    indexes.sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      const order = x < y ? -1 : x > y ? 1 : 0;
      return direction === 'ASC' ? order : -order;
    });
    return indexes.map((index) => cases[index]?.referenceNumber ?? '');
  }

  const keys: Record<string, (index: number) => string | number> = {
    FechaSolicitud: (index) => -(plan[index]?.updated ?? 0),
    FechaCreacion: (index) => -(plan[index]?.created ?? 0),
    NumeroReferencia: (index) => cases[index]?.referenceNumber ?? '',
    Estado: (index) => plan[index]?.status ?? 0,
    Pais: (index) => countryName[plan[index]?.country ?? ''] ?? '',
  };

  it.each(Object.keys(keys).flatMap((column) => [`${column} ASC`, `${column} DESC`]))('sorts by %s', async (orderBy) => {
    const [column = '', direction] = orderBy.split(' ') as [string, 'ASC' | 'DESC'];
    const keyOf = keys[column];
    if (!keyOf) throw new Error(`No key for ${column}`);
    const result = await list(cl, invertUrl(1, orderBy));
    expect(references(result)).toEqual(expected(keyOf, direction));
  });

  it('sorts ASC when no direction is given, and by FechaSolicitud DESC for a null order', async () => {
    expect(references(await list(cl, invertUrl(1, 'Estado')))).toEqual(expected((index) => plan[index]?.status ?? 0, 'ASC'));
    expect(references(await list(cl, invertUrl(1, 'null')))).toEqual(expected((index) => -(plan[index]?.updated ?? 0), 'DESC'));
  });

  it.each(['1;DROP TABLE events', 'FechaSolicitud;DELETE', 'FechaSolicitud DESC; DELETE FROM events', 'updated_at DESC', 'FechaSolicitud DESC, id'])(
    'refuses %j with 400 and leaves the tables intact',
    async (orderBy) => {
      const qppv = await sessionOf('QPPV');
      for (const response of [await get(cl, invertUrl(1, orderBy)), await get(qppv, workFlowUrl({ orderBy }))]) {
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ Message: MSG.lists.invalidOrder });
      }
      const [row] = await t.database.db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(events).where(eq(events.id, cases[0]?.id ?? ''));
      expect(row?.total).toBe(1);
      expect((await list(cl, invertUrl())).Total).toBe(4);
    },
  );
});

describe('getWorkFlow filters', () => {
  let rlf: Session;
  let minute: ReturnType<typeof privateMinute>;
  let inReview: TestCase;
  let moreInfo: TestCase;
  let otherGroup: TestCase;

  beforeAll(async () => {
    rlf = await sessionOf('RLF');
    const qppv = await createUser(t.database.db, { role: 'QPPV' });
    minute = privateMinute();
    const { product } = await newLaboratory();
    inReview = await createCase(t.database.db, { status: 2, createdBy: qppv.id, productIds: [product.id], updatedAt: minute.at(10) });
    moreInfo = await createCase(t.database.db, { status: 4, createdBy: qppv.id, productIds: [product.id], updatedAt: minute.at(20) });
    otherGroup = await createCase(t.database.db, { status: 2, createdBy: qppv.id, productIds: [product.id], subGroupId: 21, updatedAt: minute.at(30) });
  });

  const within = () => ({ from: minute.start.toISOString(), to: minute.end.toISOString() });

  it('filters by status', async () => {
    expect(references(await list(rlf, workFlowUrl({ ...within(), statusId: 4 })))).toEqual([moreInfo.referenceNumber]);
    // A status that does not wait on the user lists nothing.
    expect((await list(rlf, workFlowUrl({ ...within(), statusId: 3 }))).Total).toBe(0);
  });

  it('filters by the start of the reference number, in any case', async () => {
    const result = await list(rlf, workFlowUrl({ ...within(), idEr: inReview.referenceNumber.toLowerCase() }));
    expect(references(result)).toEqual([inReview.referenceNumber]);
    const byPrefix = await list(rlf, workFlowUrl({ ...within(), idEr: 'uy-' }));
    expect(byPrefix.Total).toBe(3);
    expect((await list(rlf, workFlowUrl({ ...within(), idEr: '%' }))).Total).toBe(0);
  });

  it('filters by group and sub-group', async () => {
    expect(references(await list(rlf, workFlowUrl({ ...within(), categoryId: 3 })))).toEqual([otherGroup.referenceNumber]);
    expect(references(await list(rlf, workFlowUrl({ ...within(), subGroupId: 21 })))).toEqual([otherGroup.referenceNumber]);
    expect((await list(rlf, workFlowUrl({ ...within(), categoryId: 1 }))).Total).toBe(2);
  });

  it('filters by FechaSolicitud from / to instants', async () => {
    const result = await list(rlf, workFlowUrl({ from: minute.at(15).toISOString(), to: minute.at(25).toISOString() }));
    expect(references(result)).toEqual([moreInfo.referenceNumber]);
  });

  it('reads date-only bounds as whole days of the user’s country, `to` included', async () => {
    // 23:30 in Montevideo (UTC-3) is 02:30 UTC of the next day.
    const day = new Date(Date.UTC(2097, 0, 1) + randomInt(0, 3000) * 86_400_000).toISOString().slice(0, 10);
    const lateEvening = new Date(`${day}T23:30:00-03:00`);
    const qppv = await createUser(t.database.db, { role: 'QPPV' });
    const { product } = await newLaboratory();
    const late = await createCase(t.database.db, { status: 2, createdBy: qppv.id, productIds: [product.id], updatedAt: lateEvening });
    const idEr = late.referenceNumber;
    expect(references(await list(rlf, workFlowUrl({ idEr, from: day, to: day })))).toEqual([idEr]);
    // From the next day in Montevideo: excluded, although its UTC date is already the next day.
    const nextDay = new Date(Date.parse(`${day}T12:00:00Z`) + 24 * HOUR).toISOString().slice(0, 10);
    expect(lateEvening.toISOString().slice(0, 10)).toBe(nextDay);
    expect((await list(rlf, workFlowUrl({ idEr, from: nextDay }))).Total).toBe(0);
    const previousDay = new Date(Date.parse(`${day}T12:00:00Z`) - 24 * HOUR).toISOString().slice(0, 10);
    expect((await list(rlf, workFlowUrl({ idEr, to: previousDay }))).Total).toBe(0);
  });
});

describe('list rows', () => {
  it('carries the first medication’s company, laboratory and product, the counts, the RAM type and the KPI alerts', async () => {
    const first = await newLaboratory();
    const second = await newLaboratory('AR');
    const qppv = await sessionOf('QPPV', { laboratories: [{ laboratoryId: first.laboratoryId }] });
    const rlf = await createUser(t.database.db, { role: 'RLF' });
    const twentyDaysAgo = hoursAgo(20 * 24);
    const updatedAt = hoursAgo(2);
    const full = await createCase(t.database.db, {
      status: 3,
      createdBy: rlf.id,
      productIds: [first.product.id, second.product.id],
      rams: [{}, { ramType: 'TIPO_II', serious: true }, { ramType: 'TIPO_IV' }],
      receivedAt: twentyDaysAgo,
      createdAt: twentyDaysAgo,
      updatedAt,
      homeReferenceNumber: 'RH-2026-000001',
    });
    await addCaseComment(t.database.db, full.id, { userId: rlf.id, action: 'Finalizar', fromStatus: 1, toStatus: 2, createdAt: twentyDaysAgo });
    await addCaseComment(t.database.db, full.id, { userId: rlf.id, action: 'AprobarRLF', fromStatus: 2, toStatus: 3, createdAt: hoursAgo(10 * 24) });
    await addCaseComment(t.database.db, full.id, { userId: rlf.id, action: 'MasInfo', fromStatus: 3, toStatus: 4, createdAt: hoursAgo(5 * 24) });
    await addFollowUp(t.database.db, full, { createdBy: rlf.id, sequence: 1 });
    await addFollowUp(t.database.db, full, { createdBy: rlf.id, sequence: 2 });

    const result = await list(qppv, workFlowUrl());
    const row = result.Result.find((candidate) => candidate.Meta === full.meta);
    expect(row).toMatchObject({
      Id: full.id,
      NumeroReferencia: full.referenceNumber,
      NumeroReferenciaHome: 'RH-2026-000001',
      Estado: 3,
      GrupoId: 1,
      SubGrupoId: 1,
      SubGrupoNombre: 'Reacción adversa a medicamento',
      Pais: 'Uruguay',
      Compania: expect.stringMatching(/^Compañía /),
      Laboratorio: first.product.laboratory,
      NombreComercial: first.product.commercialName,
      CantProductos: 2,
      TipoRAM: 'Tipo II',
      TieneRAM: true,
      FechaCreacion: twentyDaysAgo.toISOString(),
      FechaSolicitud: updatedAt.toISOString(),
      FechaSolicitudDesc: formatDateTime(updatedAt, 'America/Montevideo'),
      IsHistoric: false,
      CountFollowUp: 2,
      Comentarios: 3,
      EsCreador: false,
      SincAlertaEstado: 'High',
    });
    // Sent 20 days ago and approved after 10: Revisión RLF (72 h) late; serious and nobody
    // notified in 15 days: the authority and the provider metrics overdue; intake met; the
    // QPPV evaluation (15 days) has run 10.
    expect(row?.MetricsAlerts.map((alert) => alert.Nombre)).toEqual([
      'Revisión RLF',
      'Notificación a la autoridad sanitaria (grave)',
      'Notificación al titular / proveedor',
    ]);
    expect(row?.MetricsAlerts[0]?.Descripcion).toMatch(/^Límite de 72 h superado el \d{2}\/\d{2}\/\d{4}; cumplido el \d{2}\/\d{2}\/\d{4}$/);
    expect(row?.MetricsAlerts[1]?.Descripcion).toMatch(/^Límite de 15 días superado el \d{2}\/\d{2}\/\d{4}$/);
  });

  it('has no RAM, no alert and no level for a fresh case; Medium past half of a running limit', async () => {
    const lab = await newLaboratory();
    const qppv = await sessionOf('QPPV', { laboratories: [{ laboratoryId: lab.laboratoryId }] });
    const rlf = await createUser(t.database.db, { role: 'RLF' });
    const fresh = await createCase(t.database.db, { status: 3, createdBy: rlf.id, productIds: [lab.product.id], isHistoric: true });
    const today = new Date().toISOString().slice(0, 10);
    const notified = await createCase(t.database.db, {
      status: 2,
      createdBy: rlf.id,
      productIds: [lab.product.id],
      rams: [{ isRam: false, localNotification: today, providerNotification: today }],
      receivedAt: hoursAgo(40),
      createdAt: hoursAgo(40),
    });
    const [freshRow] = (await list(qppv, workFlowUrl())).Result;
    expect(freshRow).toMatchObject({
      Meta: fresh.meta,
      TieneRAM: false,
      TipoRAM: null,
      CountFollowUp: 0,
      Comentarios: 0,
      CantProductos: 1,
      IsHistoric: true,
      MetricsAlerts: [],
      SincAlertaEstado: '',
    });
    const invert = await list(qppv, invertUrl());
    const notifiedRow = invert.Result.find((row) => row.Meta === notified.meta);
    // Revisión RLF: 40 of 72 hours (56 %); the notifications were given.
    expect(notifiedRow).toMatchObject({ TieneRAM: false, MetricsAlerts: [], SincAlertaEstado: 'Medium' });
  });

  it('leaves company, laboratory and product empty for a case without medication', async () => {
    const qppv = await sessionOf('QPPV');
    const draft = await createCase(t.database.db, { status: 1, createdBy: qppv.user.id, productIds: [] });
    const [row] = (await list(qppv, workFlowUrl())).Result;
    expect(row).toMatchObject({ Meta: draft.meta, Compania: null, Laboratorio: null, NombreComercial: null, CantProductos: 0, EsCreador: true, Estado: 1 });
  });
});

describe('keyset paging (pageKey)', () => {
  const COUNTRY_NAME: Record<string, string> = { UY: 'Uruguay', AR: 'Argentina' };
  type Made = TestCase & { status: number; country: string; createdAt: Date; updatedAt: Date };

  /** Both lists' orders, each with the case's value in it (the case id breaks ties, as the server does). */
  const VALUE: Record<string, (made: Made) => string | number> = {
    FechaSolicitud: (made) => made.updatedAt.toISOString(),
    FechaCreacion: (made) => made.createdAt.toISOString(),
    NumeroReferencia: (made) => made.referenceNumber,
    Estado: (made) => made.status,
    Pais: (made) => COUNTRY_NAME[made.country] ?? '',
  };
  const ORDERS = Object.keys(VALUE).flatMap((column) => [`${column} ASC`, `${column} DESC`]);

  function expectedOrder(made: Made[], orderBy: string): string[] {
    const [column = '', direction = 'ASC'] = orderBy.split(' ');
    const value = VALUE[column] as (made: Made) => string | number;
    const compare = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
    const sign = direction === 'DESC' ? -1 : 1;
    return [...made].sort((a, b) => sign * (compare(value(a), value(b)) || compare(a.id, b.id))).map((each) => each.referenceNumber);
  }

  async function walk(session: Session, url: (page: number) => string) {
    const read = (request: PageRequest) => list(session, `${url(request.pageNumber)}${pageKeyQuery(request)}`);
    return { forward: await walkPages(read, 'forward'), backward: await walkPages(read, 'backward') };
  }

  let qppv: Session;
  let minute: ReturnType<typeof privateMinute>;
  let pending: Made[];
  let fabricante: Session;
  let waiting: Made[];

  beforeAll(async () => {
    // 38 pending cases of a QPPV (statuses 1, its own drafts, and 3), in two countries, whose
    // FechaSolicitud and FechaCreacion take 4 and 5 values: ties in every order but the reference.
    const lab = await newLaboratory();
    qppv = await sessionOf('QPPV', { laboratories: [{ laboratoryId: lab.laboratoryId }] });
    const rlf = await createUser(t.database.db, { role: 'RLF' });
    minute = privateMinute();
    const createdBase = Date.UTC(2031, 5, 1);
    pending = [];
    for (let n = 0; n < 38; n += 1) {
      const status = n % 3 === 0 ? 1 : 3;
      const country = n % 2 === 0 ? 'UY' : 'AR';
      const updatedAt = minute.at(n % 4);
      const createdAt = new Date(createdBase + (n % 5) * 1000);
      const made = await createCase(t.database.db, {
        status,
        country,
        createdBy: status === 1 ? qppv.user.id : rlf.id,
        productIds: [lab.product.id],
        createdAt,
        updatedAt,
      });
      pending.push({ ...made, status, country, createdAt, updatedAt });
    }
    // 34 open cases of a Fabricante's laboratory that wait on other roles (2, 3, 4), plus a 5 and a 1.
    const other = await newLaboratory();
    fabricante = await sessionOf('Fabricante', { laboratories: [{ laboratoryId: other.laboratoryId }] });
    waiting = [];
    for (let n = 0; n < 36; n += 1) {
      const status = n === 34 ? 5 : n === 35 ? 1 : (n % 3) + 2;
      const country = 'UY';
      const updatedAt = new Date(Date.UTC(2032, 0, 1) + (n % 6) * 1000);
      const createdAt = updatedAt;
      const made = await createCase(t.database.db, { status, country, createdBy: rlf.id, productIds: [other.product.id], createdAt, updatedAt });
      if (n < 34) waiting.push({ ...made, status, country, createdAt, updatedAt });
    }
  });

  const pendingUrl = (orderBy: string) => (page: number) =>
    workFlowUrl({ page, orderBy, from: minute.start.toISOString(), to: minute.end.toISOString() });

  it.each(ORDERS)('walks getWorkFlow by %s forwards and backwards, every case once, the last page what is left', async (orderBy) => {
    const { forward, backward } = await walk(qppv, pendingUrl(orderBy));
    const expected = expectedOrder(pending, orderBy);
    expect(forward.rows.map((row) => row.NumeroReferencia)).toEqual(expected);
    expect(backward.rows.map((row) => row.NumeroReferencia)).toEqual(expected);
    for (const { pages } of [forward, backward]) {
      expect(pages.map((page) => page.Result.length)).toEqual([15, 15, 8]);
      expect(pages.map((page) => page.PageNumber)).toEqual([1, 2, 3]);
      expect(pages.map((page) => [page.PageBack, page.PageNext])).toEqual([
        [false, true],
        [true, true],
        [true, false],
      ]);
      for (const page of pages) expect(page).toMatchObject({ Total: 38, PageCount: 3, TotalIsEstimate: false });
    }
  });

  it.each(['FechaSolicitud DESC', 'FechaSolicitud ASC', 'FechaCreacion DESC', 'Estado ASC', 'Pais DESC'])(
    'walks getWorkFlowInvert by %s (one range per status) forwards and backwards',
    async (orderBy) => {
      const { forward, backward } = await walk(fabricante, (page) => invertUrl(page, orderBy));
      const expected = expectedOrder(waiting, orderBy);
      expect(forward.rows.map((row) => row.NumeroReferencia)).toEqual(expected);
      expect(backward.rows.map((row) => row.NumeroReferencia)).toEqual(expected);
      expect(backward.pages.map((page) => page.Result.length)).toEqual([15, 15, 4]);
    },
  );

  it('reads a page after and before a key in the middle, and the last page by its key', async () => {
    const url = pendingUrl('FechaSolicitud DESC');
    const expected = expectedOrder(pending, 'FechaSolicitud DESC');
    const first = await list(qppv, url(1));
    const second = await list(qppv, `${url(2)}?pageKey=${encodeURIComponent(`after:${first.LastKey ?? ''}`)}`);
    expect(references(second)).toEqual(expected.slice(15, 30));
    const back = await list(qppv, `${url(1)}?pageKey=${encodeURIComponent(`before:${second.FirstKey ?? ''}`)}`);
    expect(back).toMatchObject({ PageNumber: 1, PageBack: false, PageNext: true });
    expect(references(back)).toEqual(expected.slice(0, 15));
    const last = await list(qppv, `${url(3)}?pageKey=last`);
    expect(last).toMatchObject({ PageNumber: 3, PageBack: true, PageNext: false });
    expect(references(last)).toEqual(expected.slice(30));
    // A page number without key, near the start, is still read (by offset).
    expect(references(await list(qppv, url(2)))).toEqual(expected.slice(15, 30));
  });

  it('narrows the statuses with the status filter and pages what is left', async () => {
    const drafts = pending.filter((made) => made.status === 1);
    const result = await list(qppv, workFlowUrl({ statusId: 1, orderBy: 'FechaSolicitud DESC', from: minute.start.toISOString(), to: minute.end.toISOString() }));
    expect(references(result)).toEqual(expectedOrder(drafts, 'FechaSolicitud DESC'));
    expect(result.Total).toBe(drafts.length);
  });

  const key = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');

  it.each([
    ['an unknown form', 'sideways'],
    ['after without key', 'after:'],
    ['a key that is not base64url', 'after:ab!cd'],
    ['a key that is not JSON', `after:${Buffer.from('not json').toString('base64url')}`],
    ['a key of another shape', `before:${key({ a: 1 })}`],
    ['a key of another list (an integer id)', `after:${key(['2031-01-01T00:00:00.000000Z', 7])}`],
    ['a key whose date is not one', `after:${key(['ayer', '00000000-0000-4000-8000-000000000000'])}`],
    ['a key too long', `after:${'A'.repeat(500)}`],
  ])('answers 400 in Spanish for a pageKey that is %s', async (_name, pageKey) => {
    for (const url of [workFlowUrl(), invertUrl()]) {
      const response = await get(qppv, `${url}?pageKey=${encodeURIComponent(pageKey)}`);
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({ Message: MSG.lists.invalidPageKey });
    }
  });

  it('answers 400 in Spanish for a page far from the start without a key', async () => {
    for (const url of [workFlowUrl({ page: 1000 }), invertUrl(1000)]) {
      const response = await get(qppv, url);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ Message: MSG.lists.pageTooFar });
    }
  });

  it('filters by a reference prefix, in any case, with % and _ taken literally', async () => {
    const target = pending[7] as Made;
    const prefix = target.referenceNumber.slice(0, -1);
    const expected = pending.filter((made) => made.referenceNumber.startsWith(prefix)).map((made) => made.referenceNumber).sort();
    const dated = { from: minute.start.toISOString(), to: minute.end.toISOString(), orderBy: 'NumeroReferencia ASC' };
    expect(references(await list(qppv, workFlowUrl({ ...dated, idEr: prefix.toLowerCase() })))).toEqual(expected);
    expect(references(await list(qppv, workFlowUrl({ ...dated, idEr: target.referenceNumber })))).toEqual([target.referenceNumber]);
    expect((await list(qppv, workFlowUrl({ ...dated, idEr: `${prefix.slice(0, 3)}%` }))).Total).toBe(0);
    expect((await list(qppv, workFlowUrl({ ...dated, idEr: `${prefix.slice(0, 2)}_` }))).Total).toBe(0);
  });
});
