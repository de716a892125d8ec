import { MSG } from '@atalaya/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeReports, homeReportStatusHistory } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { countryId, createProduct, type TestProduct } from '../../test-support/catalog.js';
import { randomIp, solveCaptcha } from '../../test-support/factories.js';
import { patientReport, professionalReport } from '../../test-support/public-reports.js';

let t: TestApp;
let uyProduct: TestProduct;
let arProduct: TestProduct;

beforeAll(async () => {
  t = await createTestApp();
  uyProduct = await createProduct(t.database.db, { countries: ['UY'] });
  arProduct = await createProduct(t.database.db, { countries: ['AR'] });
});
afterAll(() => t.close());

async function postReport(payload: object, captcha?: string | null) {
  const token = captcha === undefined ? await solveCaptcha(t.app) : captcha;
  return t.app.inject({
    method: 'POST',
    url: '/api/postreporthome',
    remoteAddress: randomIp(),
    headers: token === null ? {} : { 'recaptcha-token': token },
    payload,
  });
}

async function storedRow(id: string) {
  const [row] = await t.database.db.select().from(homeReports).where(eq(homeReports.id, id));
  if (!row) throw new Error(`Report ${id} not stored`);
  return row;
}

/** Reports whose clinical history carries the marker: tells whether a refused report left anything behind. */
async function reportsMarked(marker: string): Promise<number> {
  const [row] = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(homeReports)
    .where(sql`${homeReports.data} -> 'ContactoMedico' ->> 'HistoriaClinica' = ${marker}`);
  return row?.n ?? 0;
}

const year = new Date().getUTCFullYear();

describe('POST /api/postreporthome', () => {
  it('stores a patient’s report with every field, as new, with sub-group 0 and an RH number', async () => {
    const payload = patientReport(uyProduct);
    const response = await postReport({ ...payload, Tipo: { Pais: 'UY', SubGroup: 'RAM' } });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ Reference: string; Id: string }>();
    expect(body.Reference).toMatch(new RegExp(`^RH-${year}-\\d{6}$`));

    const row = await storedRow(body.Id);
    expect(row.data).toEqual({ ...payload, Tipo: { Pais: 'UY', SubGroup: '0', SubGroupName: 'Sin clasificar (reporte de la web)' } });
    expect(row).toMatchObject({
      reference: body.Reference,
      status: 1,
      isMedic: false,
      countryId: await countryId(t.database.db, 'UY'),
      subGroupId: 0,
      patientSex: 'F',
      isSerious: false,
      acceptsContact: true,
      reporterUserId: null,
      enteredEventId: null,
    });
    const history = await t.database.db.select().from(homeReportStatusHistory).where(eq(homeReportStatusHistory.homeReportId, body.Id));
    expect(history).toEqual([expect.objectContaining({ fromStatus: null, toStatus: 1, comment: 'Creado', userId: null })]);
  });

  it('stores a health professional’s report with every field and the chosen type of occurrence', async () => {
    const payload = professionalReport(uyProduct);
    const response = await postReport(payload);
    expect(response.statusCode).toBe(200);
    const row = await storedRow(response.json<{ Id: string }>().Id);
    expect(row.data).toEqual({ ...payload, Tipo: { Pais: 'UY', SubGroup: 1, SubGroupName: 'Reacción adversa a medicamento' } });
    expect(row).toMatchObject({ isMedic: true, subGroupId: 1, patientSex: 'M', isSerious: true, acceptsContact: false });
  });

  it('numbers the reports in increasing order', async () => {
    const sequence = async () => {
      const response = await postReport(patientReport(uyProduct));
      return Number(response.json<{ Reference: string }>().Reference.slice(-6));
    };
    const first = await sequence();
    const second = await sequence();
    expect(second).toBeGreaterThan(first);
  });

  it('keeps the catalogue name of each product and the country code', async () => {
    const payload = patientReport({ id: uyProduct.id, commercialName: 'otro nombre' });
    const response = await postReport({ ...payload, Paciente: { ...payload.Paciente, Pais: 'uy' } });
    expect(response.statusCode).toBe(200);
    const { data } = await storedRow(response.json<{ Id: string }>().Id);
    expect(data).toMatchObject({ Tipo: { Pais: 'UY' }, Medicamento: [{ Producto: { Id: uyProduct.id, ComercialName: uyProduct.commercialName } }] });
  });

  describe('refuses, storing nothing,', () => {
    it.each([
      ['a product not sold in the country', () => ({ Medicamento: [patientReport(arProduct).Medicamento[0]] }), MSG.publicForm.productNotAvailable],
      ['a product that does not exist', () => ({ Medicamento: [patientReport({ id: 999_999_999, commercialName: 'X' }).Medicamento[0]] }), MSG.publicForm.productNotAvailable],
      ['a product given by an unknown code', () => ({ Medicamento: [{ ...patientReport(uyProduct).Medicamento[0], Producto: { Id: 'ASPIRINA', ComercialName: 'Aspirina' } }] }), MSG.publicForm.productNotAvailable],
      ['a product id that is not a whole number', () => ({ Medicamento: [{ ...patientReport(uyProduct).Medicamento[0], Producto: { Id: 1.5, ComercialName: 'X' } }] }), MSG.publicForm.productNotAvailable],
      ['a country that does not exist', () => ({ Paciente: { ...patientReport(uyProduct).Paciente, Pais: 'XX' } }), MSG.publicForm.countryRequired],
      ['a country id out of range', () => ({ Paciente: { ...patientReport(uyProduct).Paciente, Pais: 99_999_999_999 } }), MSG.publicForm.countryRequired],
      ['an unknown route of administration', () => ({ Medicamento: [{ ...patientReport(uyProduct).Medicamento[0], Via: 999_999 }] }), MSG.publicForm.optionUnknown('Vía de administración')],
      ['a frequency given by text', () => ({ Medicamento: [{ ...patientReport(uyProduct).Medicamento[0], FrecuenciaTipo: 'cada rato' }] }), MSG.publicForm.optionUnknown('Frecuencia')],
      ['an unknown unit', () => ({ Medicamento: [{ ...patientReport(uyProduct).Medicamento[0], UnidadUso: 4242 }] }), MSG.publicForm.optionUnknown('Unidad')],
      ['an unknown outcome', () => ({ RAM: [{ ...patientReport(uyProduct).RAM[0], Evolucion: 1 }] }), MSG.publicForm.optionUnknown('Evolución')],
      ['an unknown action taken', () => ({ RAM: [{ ...patientReport(uyProduct).RAM[0], AccionMeddicamento: 777 }] }), MSG.publicForm.optionUnknown('Acción tomada con el medicamento')],
      ['an unknown relationship', () => ({ InformacionContacto: { ...patientReport(uyProduct).InformacionContacto, Reporta: { ...patientReport(uyProduct).InformacionContacto.Reporta, Parentesco: 999 } } }), MSG.publicForm.optionUnknown('Parentesco')],
    ])('%s', async (_case, change, message) => {
      const marker = `rechazo ${Math.random()}`;
      const payload = patientReport(uyProduct);
      const captcha = await solveCaptcha(t.app);
      const response = await postReport({ ...payload, ...change(), ContactoMedico: { ...payload.ContactoMedico, HistoriaClinica: marker } }, captcha);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ Message: message });
      expect(await reportsMarked(marker)).toBe(0);
      // The refused report did not spend the captcha.
      expect((await postReport(payload, captcha)).statusCode).toBe(200);
    });

    it('a text with a NUL character', async () => {
      const payload = patientReport(uyProduct);
      const response = await postReport({ ...payload, Paciente: { ...payload.Paciente, CentroMedico: 'Hospital\u0000' } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ Message: MSG.generic.invalidCharacters });
    });

    it.each([
      ['a type of occurrence that does not exist', 9999],
      ['a type of occurrence given by an unknown code', 'NO-EXISTE'],
      ['sub-group 0 chosen by a health professional', '0'],
    ])('%s', async (_case, subGroup) => {
      const marker = `rechazo ${Math.random()}`;
      const payload = professionalReport(uyProduct, 'UY', subGroup);
      const response = await postReport({ ...payload, ContactoMedico: { ...payload.ContactoMedico, HistoriaClinica: marker } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ Message: MSG.publicForm.subGroupRequired });
      expect(await reportsMarked(marker)).toBe(0);
    });

    it('a concomitant of an unknown type (health professional)', async () => {
      const payload = professionalReport(uyProduct);
      const response = await postReport({ ...payload, Concomitante: [{ Medicamento: 'Enalapril', Tipo: 31_337, FechaIni: '', FechaFin: '' }] });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ Message: MSG.publicForm.optionUnknown('Tipo de medicamento') });
    });

    it('a type of occurrence given by its code is accepted', async () => {
      const response = await postReport(professionalReport(uyProduct, 'UY', 'ESAVI'));
      expect(response.statusCode).toBe(200);
      expect(await storedRow(response.json<{ Id: string }>().Id)).toMatchObject({ subGroupId: 3 });
    });
  });

  describe('captcha', () => {
    it.each([
      ['missing', null],
      ['wrong', Buffer.from(JSON.stringify({ algorithm: 'SHA-256', challenge: 'x', number: 1, salt: 'y', signature: 'z' })).toString('base64')],
      ['not even base64 JSON', 'no-soy-un-captcha'],
    ])('refuses a %s captcha and stores nothing', async (_case, captcha) => {
      const marker = `captcha ${Math.random()}`;
      const payload = patientReport(uyProduct);
      const response = await postReport({ ...payload, ContactoMedico: { ...payload.ContactoMedico, HistoriaClinica: marker } }, captcha);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ Message: MSG.login.robot });
      expect(await reportsMarked(marker)).toBe(0);
    });

    it('accepts each solution once', async () => {
      const marker = `replay ${Math.random()}`;
      const payload = patientReport(uyProduct);
      const marked = { ...payload, ContactoMedico: { ...payload.ContactoMedico, HistoriaClinica: marker } };
      const captcha = await solveCaptcha(t.app);
      expect((await postReport(marked, captcha)).statusCode).toBe(200);
      const replay = await postReport(marked, captcha);
      expect(replay.statusCode).toBe(400);
      expect(replay.json()).toMatchObject({ Message: MSG.login.robot });
      expect(await reportsMarked(marker)).toBe(1);
    });
  });
});

describe('OpenAPI', () => {
  it('documents the request and response of the public form’s calls', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { requestBody?: unknown; responses?: Record<string, unknown>; security?: unknown }>>;
    }>();
    const post = document.paths['/api/postreporthome']?.post;
    expect(post?.requestBody).toBeDefined();
    expect(JSON.stringify(post?.requestBody)).toContain('InformacionContacto');
    expect(JSON.stringify(post?.responses?.['200'])).toContain('Reference');
    expect(post?.security).toBeUndefined();
    expect(document.paths['/api/postreporthomeusuario']?.post?.security).toEqual([{ bearerAuth: [] }]);
    expect(JSON.stringify(document.paths['/api/getCodiguerasHome']?.get?.responses?.['200'])).toContain('Evolucion');
    expect(document.paths['/api/getProductsHomeByCountry/{country}']?.get).toBeDefined();
    expect(document.paths['/api/getMedDRALLT/{term}']?.get).toBeDefined();
  });
});
