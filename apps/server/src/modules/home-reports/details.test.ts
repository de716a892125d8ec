import { MSG } from '@atalaya/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, products, userLaboratories } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { laboratoryGrantRow } from '../../test-support/factories.js';
import { countryId, createProduct, type TestProduct } from '../../test-support/catalog.js';
import { patientReport, professionalReport } from '../../test-support/public-reports.js';
import { createCase } from '../cases/index.js';
import type { HomeReportDetail, HomeReportWithHistory } from '@atalaya/domain';
import { postPublicReport, postUserReport, type SignedIn, signIn, triageOk } from '../../test-support/home-reports.js';

let t: TestApp;
let product: TestProduct;
let rlfUy: SignedIn;
let rlfAr: SignedIn;
let qppv: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  product = await createProduct(t.database.db, { countries: ['UY'] });
  [rlfUy, rlfAr, qppv] = await Promise.all([signIn(t, 'RLF', 'UY'), signIn(t, 'RLF', 'AR'), signIn(t, 'QPPV', 'BR')]);
});
afterAll(() => t.close());

const byId = (id: string, who: SignedIn | null) =>
  t.app.inject({ method: 'GET', url: `/api/getEventoDeHomeById/${encodeURIComponent(id)}`, headers: who ? who.headers : {} });
const byMeta = (meta: string, who: SignedIn | null) =>
  t.app.inject({ method: 'GET', url: `/api/getEventoDeHomeByMeta/${encodeURIComponent(meta)}`, headers: who ? who.headers : {} });

describe('GET /api/getEventoDeHomeById/{id}', () => {
  it.each([
    ['RLF of its country', () => rlfUy],
    ['QPPV of another country', () => qppv],
  ])('gives the %s the stored report with its status name, country and type of occurrence', async (_case, who) => {
    const payload = patientReport(product);
    const { Id, Reference } = await postPublicReport(t, payload);
    const response = await byId(Id, who());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      Id,
      Reference,
      Status: 1,
      StatusName: 'Nuevo',
      IsMedic: false,
      Date: expect.any(String),
      Pais: 'UY',
      SubGroup: 0,
      Data: { ...payload, Tipo: { Pais: 'UY', SubGroup: '0', SubGroupName: 'Sin clasificar (reporte de la web)' } },
      Historial: [{ Date: expect.any(String), FromStatus: null, FromStatusName: null, Status: 1, StatusName: 'Nuevo', Comment: 'Creado', User: null }],
    });
  });

  it('gives the status history, oldest first, with each comment, user and date: a discarded report keeps why', async () => {
    const { Id } = await postPublicReport(t, patientReport(product));
    await triageOk(t, 'updatestatiserfromerhome', rlfUy, { homeERId: Id, newStatus: 3, comentario: 'Parece spam' });
    const discarded = (await byId(Id, qppv)).json<HomeReportWithHistory>();
    expect(discarded).toMatchObject({ Status: 3, StatusName: 'Descartado' });
    expect(discarded.Historial).toEqual([
      { Date: expect.any(String), FromStatus: null, FromStatusName: null, Status: 1, StatusName: 'Nuevo', Comment: 'Creado', User: null },
      { Date: expect.any(String), FromStatus: 1, FromStatusName: 'Nuevo', Status: 3, StatusName: 'Descartado', Comment: 'Parece spam', User: 'Prueba RLF' },
    ]);

    await triageOk(t, 'updatestatiserfromerhome', qppv, { homeERId: Id, newStatus: 2, subGroup: 'ESAVI' });
    const reviewed = (await byId(Id, rlfUy)).json<HomeReportWithHistory>();
    expect(reviewed.Status).toBe(2);
    expect(reviewed.Historial.map((entry) => [entry.FromStatusName, entry.StatusName, entry.Comment, entry.User])).toEqual([
      [null, 'Nuevo', 'Creado', null],
      ['Nuevo', 'Descartado', 'Parece spam', 'Prueba RLF'],
      ['Descartado', 'En revisión', null, 'Prueba QPPV'],
    ]);
    const times = reviewed.Historial.map((entry) => Date.parse(entry.Date));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('follows the triage: status, type of occurrence and country chosen', async () => {
    const { Id } = await postUserReport(t, qppv, professionalReport(product));
    await triageOk(t, 'updatestatiserfromerhome', qppv, { homeERId: Id, newStatus: 2, subGroup: 'SOBREDOSIS', updData: { Pais: 'AR' } });
    const body = (await byId(Id, rlfAr)).json<HomeReportDetail>();
    expect(body).toMatchObject({ Status: 2, StatusName: 'En revisión', Pais: 'AR', SubGroup: 42, Data: { Tipo: { Pais: 'AR', SubGroup: 42, SubGroupName: 'Sobredosis' } } });
  });

  it('answers the same 404 for another country’s report (RLF), an unknown id and a malformed one', async () => {
    const { Id } = await postPublicReport(t, patientReport(product));
    for (const id of [Id, '00000000-0000-4000-8000-000000000000', "1' or '1'='1", 'x']) {
      const response = await byId(id, rlfAr);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ Message: MSG.homeReports.reportNotFound });
    }
  });

  it.each(['CL', 'Fabricante', 'ADMIN'] as const)('refuses %s (403), and answers 401 without a session', async (role) => {
    const { Id } = await postPublicReport(t, patientReport(product));
    expect((await byId(Id, await signIn(t, role))).statusCode).toBe(403);
    expect((await byId(Id, null)).statusCode).toBe(401);
  });
});

describe('GET /api/getEventoDeHomeByMeta/{meta}', () => {
  let meta: string;
  let reportId: string;
  let reference: string;

  beforeAll(async () => {
    ({ Id: reportId, Reference: reference } = await postPublicReport(t, patientReport(product)));
    meta = (await triageOk(t, 'createerfromerhome', rlfUy, { homeERId: reportId, subGroup: 1 })).MetaData ?? '';
  });

  it('gives an RLF of the case’s country the report the case was entered from', async () => {
    const response = await byMeta(meta, rlfUy);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ Id: reportId, Reference: reference, Status: 4, StatusName: 'Ingresado', Pais: 'UY', SubGroup: 1 });
  });

  it('gives it to the QPPV who entered the case (a draft is its creator’s)', async () => {
    const { Id } = await postPublicReport(t, patientReport(product));
    const entered = await triageOk(t, 'createerfromerhome', qppv, { homeERId: Id, subGroup: 1 });
    const response = await byMeta(entered.MetaData ?? '', qppv);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ Id, Status: 4 });
  });

  it('follows the reach of cases: a draft is hidden from other roles; once sent, the laboratories’ users see it', async () => {
    const [cl, fabricante, otherQppv] = await Promise.all([signIn(t, 'CL'), signIn(t, 'Fabricante'), signIn(t, 'QPPV')]);
    for (const who of [cl, fabricante, otherQppv, rlfAr]) {
      const response = await byMeta(meta, who);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ Message: MSG.lists.eventNotFound });
    }
    const [lab] = await t.database.db.select({ laboratoryId: products.laboratoryId }).from(products).where(eq(products.id, product.id));
    await t.database.db.insert(userLaboratories).values([
      await laboratoryGrantRow(t.database.db, fabricante.user.id, { laboratoryId: lab?.laboratoryId ?? 0 }),
      { userId: cl.user.id, laboratoryId: null, countryId: await countryId(t.database.db, 'UY') },
    ]);
    await t.database.db.update(events).set({ status: 2 }).where(eq(events.meta, meta));
    for (const who of [cl, fabricante]) expect((await byMeta(meta, who)).json()).toMatchObject({ Id: reportId });
    expect((await byMeta(meta, otherQppv)).statusCode).toBe(404);
  });

  it('answers 404 for an unknown case and for a case entered without a report', async () => {
    const unknown = await byMeta('no-existe', rlfUy);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ Message: MSG.lists.eventNotFound });

    const direct = await t.database.db.transaction(async (tx) =>
      createCase(tx, { countryId: await countryId(tx, 'UY'), countryCode: 'UY', groupId: 1, subGroupId: 1, createdBy: rlfUy.user.id }),
    );
    const none = await byMeta(direct.meta, rlfUy);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ Message: MSG.homeReports.reportNotFound });
  });

  it('refuses ADMIN (403)', async () => {
    expect((await byMeta(meta, await signIn(t, 'ADMIN'))).statusCode).toBe(403);
  });
});
