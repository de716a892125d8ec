import { MSG, type Role } from '@atalaya/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createProduct, type TestProduct } from '../../test-support/catalog.js';
import { bearer, createUser, login, randomIp } from '../../test-support/factories.js';
import { patientReport } from '../../test-support/public-reports.js';
import type { HomeReportByReference } from '@atalaya/domain';

let t: TestApp;
let product: TestProduct;
let reference: string;

async function tokenOf(role: Role, country = 'UY') {
  const user = await createUser(t.database.db, { role, country });
  return (await login(t.app, user)).accessToken;
}

function read(ref: string, token: string | null) {
  return t.app.inject({ method: 'GET', url: `/api/getEventoDeHomeByReference/${ref}`, headers: token ? bearer(token) : {} });
}

beforeAll(async () => {
  t = await createTestApp();
  product = await createProduct(t.database.db, { countries: ['UY'] });
  const posted = await t.app.inject({
    method: 'POST',
    url: '/api/postreporthomeusuario',
    remoteAddress: randomIp(),
    headers: bearer(await tokenOf('CL')),
    payload: patientReport(product),
  });
  reference = posted.json<{ Reference: string }>().Reference;
});
afterAll(() => t.close());

describe('GET /api/getEventoDeHomeByReference/{reference}', () => {
  it.each(['RLF', 'QPPV'] as const)('gives %s the stored report with what the reporter typed', async (role) => {
    const response = await read(reference, await tokenOf(role));
    expect(response.statusCode).toBe(200);
    const body = response.json<HomeReportByReference>();
    expect(body).toMatchObject({ Reference: reference, Status: 1, IsMedic: false });
    expect(body.Data).toMatchObject({
      Paciente: { Iniciales: 'JPG' },
      RAM: [{ Reaccion: 'Erupción en la piel con picazón' }],
      Medicamento: [{ Producto: { Id: product.id, ComercialName: product.commercialName } }],
    });
  });

  it('hides a report of another country from an RLF, as if it did not exist', async () => {
    const response = await read(reference, await tokenOf('RLF', 'AR'));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ Message: MSG.errors.notFoundTitle });
  });

  it('answers 404 for an unknown number, 403 for other roles and 401 without a session', async () => {
    expect((await read('RH-1999-999999', await tokenOf('QPPV'))).statusCode).toBe(404);
    expect((await read(reference, await tokenOf('CL'))).statusCode).toBe(403);
    expect((await read(reference, null)).statusCode).toBe(401);
  });
});
