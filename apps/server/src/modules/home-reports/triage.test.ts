import { MSG } from '@atalaya/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, homeReports, homeReportStatusHistory } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { countryId, createProduct, type TestProduct } from '../../test-support/catalog.js';
import { patientReport, professionalReport } from '../../test-support/public-reports.js';
import { postPublicReport, postUserReport, reportState, type SignedIn, signIn, triageCall, triageOk } from '../../test-support/home-reports.js';

let t: TestApp;
let product: TestProduct;
let arProduct: TestProduct;
let rlf: SignedIn;
let qppv: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  product = await createProduct(t.database.db, { countries: ['UY', 'AR'] });
  arProduct = await createProduct(t.database.db, { countries: ['AR'] });
  [rlf, qppv] = await Promise.all([signIn(t, 'RLF', 'UY'), signIn(t, 'QPPV', 'AR')]);
});
afterAll(() => t.close());

/** A patient's report from the public site: status 1 Nuevo, sub-group '0'. */
const patientReportId = async () => (await postPublicReport(t, patientReport(product))).Id;
/** A professional's report: status 1 Nuevo, sub-group 1 (RAM). */
const professionalReportId = async () => (await postUserReport(t, rlf, professionalReport(product))).Id;

async function setStatus(id: string, status: number) {
  await t.database.db.update(homeReports).set({ status }).where(eq(homeReports.id, id));
}

describe('POST /api/updatestatiserfromerhome', () => {
  it('Revisar moves a new report to 2 En revisión with its type, country, history and audit', async () => {
    const id = await patientReportId();
    const result = await triageOk(t, 'updatestatiserfromerhome', rlf, { homeERId: id, newStatus: 2, subGroup: 'ESAVI', updData: { Pais: null }, comentario: 'Ver con el médico' });
    expect(result).toEqual({ Id: id, Status: 2, MetaData: null, NumeroReferencia: null });

    const [row] = await t.database.db.select().from(homeReports).where(eq(homeReports.id, id));
    expect(row).toMatchObject({ status: 2, subGroupId: 3, countryId: await countryId(t.database.db, 'UY'), updatedBy: rlf.user.id, enteredEventId: null });
    expect(row?.data).toMatchObject({ Tipo: { Pais: 'UY', SubGroup: 3, SubGroupName: expect.stringContaining('ESAVI') } });

    const history = await t.database.db
      .select()
      .from(homeReportStatusHistory)
      .where(eq(homeReportStatusHistory.homeReportId, id))
      .orderBy(homeReportStatusHistory.id);
    expect(history.map((entry) => [entry.fromStatus, entry.toStatus, entry.comment, entry.userId])).toEqual([
      [null, 1, 'Creado', null],
      [1, 2, 'Ver con el médico', rlf.user.id],
    ]);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.pkId, id));
    expect(audit).toEqual([
      expect.objectContaining({
        operationType: 'U',
        instance: 'ER',
        referenceNumber: row?.reference,
        userId: rlf.user.id,
        description: `Reporte ${row?.reference}: Revisar (Nuevo → En revisión)`,
        oldValues: { Status: 1, StatusName: 'Nuevo', SubGroup: 0, Pais: 'UY' },
        newValues: { Status: 2, StatusName: 'En revisión', SubGroup: 3, Pais: 'UY', Comentario: 'Ver con el médico' },
      }),
    ]);
  });

  it('Descartar from 1 and from 2, Revisar again from 3 (sub-group kept when none is sent)', async () => {
    const id = await professionalReportId();
    expect((await triageOk(t, 'updatestatiserfromerhome', qppv, { homeERId: id, newStatus: 3, comentario: 'Duplicado' })).Status).toBe(3);
    expect((await triageOk(t, 'updatestatiserfromerhome', qppv, { homeERId: id, newStatus: 2 })).Status).toBe(2);
    expect((await triageOk(t, 'updatestatiserfromerhome', rlf, { homeERId: id, newStatus: 3, comentario: 'No corresponde' })).Status).toBe(3);
    expect(await reportState(t.database.db, id)).toMatchObject({ status: 3, subGroupId: 1, history: 4 });
  });

  it('Descartar is the only action on an unclassified report (sub-group 0)', async () => {
    const id = await patientReportId();
    const result = await triageOk(t, 'updatestatiserfromerhome', rlf, { homeERId: id, newStatus: 3, subGroup: '0', comentario: 'Spam' });
    expect(result.Status).toBe(3);
    expect(await reportState(t.database.db, id)).toMatchObject({ status: 3, subGroupId: 0 });
  });

  it('stores the country chosen in the modal (by code or id)', async () => {
    const id = await professionalReportId();
    await triageOk(t, 'updatestatiserfromerhome', qppv, { homeERId: id, newStatus: 2, subGroup: 1, updData: { Pais: 'ar' } });
    const arId = await countryId(t.database.db, 'AR');
    expect(await reportState(t.database.db, id)).toMatchObject({ status: 2, countryId: arId });
    const [row] = await t.database.db.select({ data: homeReports.data }).from(homeReports).where(eq(homeReports.id, id));
    expect(row?.data).toMatchObject({ Tipo: { Pais: 'AR', SubGroup: 1 } });
    // The RLF of Uruguay no longer reaches it.
    const refused = await triageCall(t, 'updatestatiserfromerhome', rlf, { homeERId: id, newStatus: 3, comentario: 'x' });
    expect(refused.statusCode).toBe(404);
  });

  describe('refuses, leaving the report as it was,', () => {
    const cases: [string, () => Promise<string>, (id: string) => object, string, number?][] = [
      ['Revisar without a type of occurrence', patientReportId, (id) => ({ homeERId: id, newStatus: 2 }), MSG.homeReports.reportTypeRequired],
      ['Revisar with sub-group 0', patientReportId, (id) => ({ homeERId: id, newStatus: 2, subGroup: '0' }), MSG.homeReports.reportTypeRequired],
      ['Revisar with "none"', professionalReportId, (id) => ({ homeERId: id, newStatus: 2, subGroup: 'none' }), MSG.homeReports.reportTypeRequired],
      ['Revisar with an unknown type', professionalReportId, (id) => ({ homeERId: id, newStatus: 2, subGroup: 9999 }), MSG.homeReports.reportTypeRequired],
      ['Descartar without a comment', professionalReportId, (id) => ({ homeERId: id, newStatus: 3 }), MSG.workflow.commentRequired],
      ['Descartar with a blank comment', professionalReportId, (id) => ({ homeERId: id, newStatus: 3, comentario: '   ' }), MSG.workflow.commentRequired],
      ['a status other than 2 or 3', professionalReportId, (id) => ({ homeERId: id, newStatus: 4 }), MSG.workflow.actionNotAllowed],
      ['no status at all', professionalReportId, (id) => ({ homeERId: id, newStatus: null }), MSG.workflow.actionNotAllowed],
      ['an unknown country', professionalReportId, (id) => ({ homeERId: id, newStatus: 2, subGroup: 1, updData: { Pais: 'XX' } }), MSG.publicForm.countryRequired],
    ];
    it.each(cases)('%s', async (_case, create, body, message) => {
      const id = await create();
      const before = await reportState(t.database.db, id);
      const response = await triageCall(t, 'updatestatiserfromerhome', rlf, body(id));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ Message: message });
      expect(await reportState(t.database.db, id)).toEqual(before);
    });

    it.each([
      ['Revisar from 2 En revisión', 2, 2],
      ['Descartar from 3 Descartado', 3, 3],
    ])('%s (wrong source status)', async (_case, status, newStatus) => {
      const id = await professionalReportId();
      await setStatus(id, status);
      const before = await reportState(t.database.db, id);
      const response = await triageCall(t, 'updatestatiserfromerhome', rlf, { homeERId: id, newStatus: newStatus as 2 | 3, subGroup: 1, comentario: 'x' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ Message: MSG.workflow.actionNotAllowed });
      expect(await reportState(t.database.db, id)).toEqual(before);
    });

    it('Revisar or Descartar on a report already entered as a case', async () => {
      const id = await professionalReportId();
      await triageOk(t, 'createerfromerhome', rlf, { homeERId: id, subGroup: 1 });
      const before = await reportState(t.database.db, id);
      for (const body of [{ newStatus: 2 as const }, { newStatus: 3 as const, comentario: 'x' }]) {
        const response = await triageCall(t, 'updatestatiserfromerhome', rlf, { homeERId: id, subGroup: 1, ...body });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ Message: MSG.homeReports.alreadyEntered });
      }
      expect(await reportState(t.database.db, id)).toEqual(before);
    });

    it('an unknown report, or a malformed id', async () => {
      const unknown = await triageCall(t, 'updatestatiserfromerhome', qppv, { homeERId: '00000000-0000-4000-8000-000000000000', newStatus: 3, comentario: 'x' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ Message: MSG.homeReports.reportNotFound });
      const malformed = await triageCall(t, 'updatestatiserfromerhome', qppv, { homeERId: "1' or '1'='1", newStatus: 3, comentario: 'x' });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toMatchObject({ Message: MSG.homeReports.reportNotFound });
    });

    it('another country’s report for an RLF: the same 404 as an unknown one', async () => {
      const id = (await postPublicReport(t, patientReport(arProduct, 'AR'))).Id;
      const before = await reportState(t.database.db, id);
      for (const call of ['updatestatiserfromerhome', 'createerfromerhome'] as const) {
        const response = await triageCall(t, call, rlf, { homeERId: id, newStatus: call === 'createerfromerhome' ? null : 3, subGroup: 1, comentario: 'x' });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ Message: MSG.homeReports.reportNotFound });
      }
      expect(await reportState(t.database.db, id)).toEqual(before);
    });

    it.each(['CL', 'Fabricante', 'ADMIN'] as const)('%s (403), and without a session (401)', async (role) => {
      const id = await professionalReportId();
      const before = await reportState(t.database.db, id);
      const other = await signIn(t, role);
      for (const call of ['updatestatiserfromerhome', 'createerfromerhome'] as const) {
        expect((await triageCall(t, call, other, { homeERId: id, newStatus: call === 'createerfromerhome' ? null : 2, subGroup: 1 })).statusCode).toBe(403);
        const anonymous = await t.app.inject({ method: 'POST', url: `/api/${call}`, payload: { homeERId: id, newStatus: 2 } });
        expect(anonymous.statusCode).toBe(401);
      }
      expect(await reportState(t.database.db, id)).toEqual(before);
    });
  });
});

describe('POST /api/createerfromerhome refuses', () => {
  it.each([
    ['Ingresar from 3 Descartado', 3, 1, MSG.workflow.actionNotAllowed],
    ['Ingresar without a type of occurrence', 1, 0, MSG.homeReports.reportTypeRequired],
  ])('%s, creating no case', async (_case, status, subGroupId, message) => {
    const id = await professionalReportId();
    await t.database.db.update(homeReports).set({ status, subGroupId }).where(eq(homeReports.id, id));
    const before = await reportState(t.database.db, id);
    const response = await triageCall(t, 'createerfromerhome', qppv, { homeERId: id, newStatus: null });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Message: message });
    expect(await reportState(t.database.db, id)).toEqual(before);
  });

  it('a newStatus with Ingresar (the status of Ingresar is not chosen)', async () => {
    const id = await professionalReportId();
    const before = await reportState(t.database.db, id);
    const response = await triageCall(t, 'createerfromerhome', qppv, { homeERId: id, newStatus: 2, subGroup: 1 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Message: MSG.workflow.actionNotAllowed });
    expect(await reportState(t.database.db, id)).toEqual(before);
  });

  it('a sub-group 0 chosen in the modal, even on a classified report', async () => {
    const id = await professionalReportId();
    const response = await triageCall(t, 'createerfromerhome', qppv, { homeERId: id, subGroup: '0' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Message: MSG.homeReports.reportTypeRequired });
    const [row] = await t.database.db.select({ status: homeReports.status }).from(homeReports).where(eq(homeReports.id, id));
    expect(row?.status).toBe(1);
  });
});
