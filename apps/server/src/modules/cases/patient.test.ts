import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@atalaya/domain';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createProduct, type TestProduct } from '../../test-support/catalog.js';
import { patientReport } from '../../test-support/public-reports.js';
import { postPublicReport, signIn, triageOk, type SignedIn } from '../../test-support/home-reports.js';

let t: TestApp;
let product: TestProduct;
let rlf: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  product = await createProduct(t.database.db, { countries: ['UY'] });
  rlf = await signIn(t, 'RLF', 'UY');
});
afterAll(() => t.close());

async function enteredCase(): Promise<string> {
  const report = await postPublicReport(t, patientReport(product));
  const entered = await triageOk(t, 'createerfromerhome', rlf, { homeERId: report.Id, subGroup: 1, newStatus: null, comentario: 'Ingreso' });
  return entered.MetaData ?? '';
}

describe('GET /api/getPacienteByERMeta/{meta}', () => {
  it('answers the patient copied from the incoming report', async () => {
    const meta = await enteredCase();
    const typed = patientReport(product).Paciente;
    const response = await t.app.inject({ method: 'GET', url: `/api/getPacienteByERMeta/${meta}`, headers: rlf.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      Initials: typed.Iniciales,
      Genere: typed.Sexo,
      Weight: typed.Peso,
      Country: 'UY',
    });
  });

  it('answers 404 for a case of another country, as for an unknown one', async () => {
    const meta = await enteredCase();
    const foreign = await signIn(t, 'RLF', 'AR');
    for (const [who, path] of [
      [foreign, meta],
      [rlf, 'no-existe'],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url: `/api/getPacienteByERMeta/${path}`, headers: who.headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ Message: MSG.lists.eventNotFound });
    }
  });

  it('is refused to ADMIN', async () => {
    const admin = await signIn(t, 'ADMIN', 'UY');
    const response = await t.app.inject({ method: 'GET', url: `/api/getPacienteByERMeta/x`, headers: admin.headers });
    expect(response.statusCode).toBe(403);
  });
});
