import { MSG, type Role } from '@atalaya/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeReports, homeReportStatusHistory } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createProduct, type TestProduct } from '../../test-support/catalog.js';
import { bearer, createUser, login, randomIp } from '../../test-support/factories.js';
import { patientReport, professionalReport } from '../../test-support/public-reports.js';

let t: TestApp;
let product: TestProduct;

beforeAll(async () => {
  t = await createTestApp();
  product = await createProduct(t.database.db, { countries: ['UY'] });
});
afterAll(() => t.close());

async function postAs(accessToken: string | null, payload: object) {
  return t.app.inject({
    method: 'POST',
    url: '/api/postreporthomeusuario',
    remoteAddress: randomIp(),
    headers: accessToken ? bearer(accessToken) : {},
    payload,
  });
}

async function sessionOf(role: Role) {
  const user = await createUser(t.database.db, { role });
  return { user, token: (await login(t.app, user)).accessToken };
}

async function storedRow(id: string) {
  const [row] = await t.database.db.select().from(homeReports).where(eq(homeReports.id, id));
  if (!row) throw new Error(`Report ${id} not stored`);
  return row;
}

describe('POST /api/postreporthomeusuario', () => {
  it.each(['CL', 'RLF', 'QPPV'] as const)('stores a %s user’s report without a captcha, with the user as reporter', async (role) => {
    const { user, token } = await sessionOf(role);
    const payload = professionalReport(product);
    const response = await postAs(token, payload);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ Reference: string; Id: string }>();
    expect(body.Reference).toMatch(/^RH-\d{4}-\d{6}$/);
    const row = await storedRow(body.Id);
    expect(row.reporterUserId).toBe(user.id);
    expect(row.status).toBe(1);
    expect(row.data).toEqual({ ...payload, Tipo: { Pais: 'UY', SubGroup: 1, SubGroupName: 'Reacción adversa a medicamento' } });
    const [history] = await t.database.db.select().from(homeReportStatusHistory).where(eq(homeReportStatusHistory.homeReportId, body.Id));
    expect(history).toMatchObject({ toStatus: 1, comment: 'Creado', userId: user.id });
  });

  it('uses the user’s e-mail as the contact e-mail when none is given', async () => {
    const { user, token } = await sessionOf('CL');
    const payload = patientReport(product);
    const withoutEmail = { ...payload, InformacionContacto: { AceptaContacto: 'NO', AceptaTerminos: true } };
    const response = await postAs(token, withoutEmail);
    expect(response.statusCode).toBe(200);
    const { data } = await storedRow(response.json<{ Id: string }>().Id);
    expect(data).toMatchObject({ InformacionContacto: { AceptaContacto: 'NO', Reporta: { Email: user.email } } });
  });

  it('keeps the contact e-mail the user typed', async () => {
    const { token } = await sessionOf('CL');
    const response = await postAs(token, patientReport(product));
    const { data } = await storedRow(response.json<{ Id: string }>().Id);
    expect(data).toMatchObject({ InformacionContacto: { Reporta: { Email: 'juana@correo.uy' } } });
  });

  it('validates like the public call', async () => {
    const { token } = await sessionOf('CL');
    const payload = patientReport(product);
    const response = await postAs(token, { ...payload, Paciente: { ...payload.Paciente, Gestacion: 41 } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Message: MSG.publicForm.gestationRange });
  });

  it('refuses a call without a session, and roles that do not report', async () => {
    const anonymous = await postAs(null, patientReport(product));
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ Message: MSG.errors.unauthenticated });
    for (const role of ['Fabricante', 'ADMIN'] as const) {
      const response = await postAs((await sessionOf(role)).token, patientReport(product));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ Message: MSG.errors.forbidden });
    }
  });
});
