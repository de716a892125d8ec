import { MSG } from '@atalaya/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeReports } from '../../db/schema/index.js';
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

/** The payload as plain JSON, to break one field at a time. */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a test edits arbitrary paths of a JSON payload

const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
const inAnHour = new Date(Date.now() + 3_600_000).toISOString();

const patient = (): Json => structuredClone(patientReport(product));
const professional = (): Json => structuredClone(professionalReport(product));

/** [rule, payload breaking it, expected message] — platform spec §5 'Public form', step by step. */
const CASES: [string, () => Json, string][] = [
  ['reporter type missing', () => ({ ...patient(), isMedic: undefined }), MSG.publicForm.reporterTypeRequired],
  // Step 1 (health professional)
  ['type of occurrence missing', () => { const p = professional(); p.Tipo.SubGroup = null; return p; }, MSG.publicForm.subGroupRequired],
  ['type of occurrence placeholder', () => { const p = professional(); p.Tipo.SubGroup = 'Seleccionar...'; return p; }, MSG.publicForm.subGroupRequired],
  ['report country missing', () => { const p = professional(); p.Tipo.Pais = ''; return p; }, MSG.publicForm.countryRequired],
  // Step 2
  ['initials missing', () => { const p = patient(); p.Paciente.Iniciales = '  '; return p; }, MSG.publicForm.initialsRequired],
  ['initials ABCD', () => { const p = patient(); p.Paciente.Iniciales = 'ABCD'; return p; }, MSG.generic.maxLength(3)],
  ['sex missing', () => { const p = professional(); delete p.Paciente.Sexo; return p; }, MSG.publicForm.sexRequired],
  ['sex not M or F', () => { const p = patient(); p.Paciente.Sexo = 'X'; return p; }, MSG.publicForm.sexRequired],
  ['patient country missing (not a professional)', () => { const p = patient(); p.Paciente.Pais = null; return p; }, MSG.publicForm.countryRequired],
  ['birth date in the future', () => { const p = patient(); p.Paciente.FechaNacimiento = tomorrow; return p; }, MSG.generic.futureDate],
  ['birth date not a date', () => { const p = patient(); p.Paciente.FechaNacimiento = '2026-02-30'; return p; }, MSG.generic.dateFormat('fecha de nacimiento')],
  ['birth date DD/MM/YYYY', () => { const p = patient(); p.Paciente.FechaNacimiento = '03/04/2026'; return p; }, MSG.generic.dateFormat('fecha de nacimiento')],
  ['reaction start as words', () => { const p = patient(); p.RAM[0].FechaIniReaccion = 'ayer 5'; return p; }, MSG.generic.dateFormat('fecha de inicio')],
  ['reaction start as an instant', () => { const p = professional(); p.RAM[0].FechaIniReaccion = inAnHour; return p; }, MSG.generic.dateFormat('fecha de inicio')],
  ['contact date not a string', () => { const p = patient(); p.ContactoMedico.Medico.FechaContacto = 20260304; return p; }, MSG.generic.dateFormat('fecha de contacto')],
  ['concomitant start DD/MM/YYYY', () => { const p = patient(); p.Concomitante = [{ Medicamento: 'Ibuprofeno', FechaIni: '03/04/2026', FechaFin: '' }]; return p; }, MSG.generic.dateFormat('fecha de inicio')],
  ['gestation 41 weeks', () => { const p = patient(); p.Paciente.Gestacion = 41; return p; }, MSG.publicForm.gestationRange],
  ['gestation -1 weeks', () => { const p = patient(); p.Paciente.Gestacion = -1; return p; }, MSG.publicForm.gestationRange],
  ['negative weight', () => { const p = patient(); p.Paciente.Peso = -0.1; return p; }, MSG.generic.minZero],
  ['negative height', () => { const p = professional(); p.Paciente.Altura = -1; return p; }, MSG.generic.minZero],
  ['height of 2.9 m', () => { const p = professional(); p.Paciente.Altura = 2.9; return p; }, MSG.generic.heightRange],
  ['height of 300 cm', () => { const p = patient(); p.Paciente.Altura = 300; return p; }, MSG.generic.heightRange],
  ['height of 0.1 m', () => { const p = patient(); p.Paciente.Altura = 0.1; return p; }, MSG.generic.heightRange],
  ['weight of 651 kg', () => { const p = patient(); p.Paciente.Peso = 651; return p; }, MSG.generic.weightRange],
  ['weight of 0.1 kg', () => { const p = professional(); p.Paciente.Peso = 0.1; return p; }, MSG.generic.weightRange],
  ['weight as text', () => { const p = patient(); p.Paciente.Peso = 'sesenta'; return p; }, MSG.generic.numeric],
  ['pregnancy for a male patient', () => { const p = patient(); p.Paciente.Sexo = 'M'; return p; }, MSG.publicForm.pregnancyOnlyFemale],
  // Step 3
  ['seriousness missing (professional)', () => { const p = professional(); delete p.RAM[1].Grave; return p; }, MSG.publicForm.severityRequired],
  ['reaction missing (patient)', () => { const p = patient(); p.RAM[0].Reaccion = ''; return p; }, MSG.publicForm.reactionRequired],
  ['no reactions', () => { const p = patient(); p.RAM = []; return p; }, MSG.publicForm.reactionRequired],
  ['reaction start in the future', () => { const p = professional(); p.RAM[0].FechaIniReaccion = tomorrow; p.RAM[0].FechaFinReaccion = null; return p; }, MSG.generic.futureDate],
  ['reaction end before its start', () => { const p = patient(); p.RAM[0].FechaFinReaccion = '2026-01-01'; return p; }, MSG.generic.endBeforeStart],
  // Step 4
  ['suspect product missing', () => { const p = patient(); p.Medicamento[0].Producto = null; return p; }, MSG.publicForm.productRequired],
  ['suspect product without its id', () => { const p = patient(); delete p.Medicamento[0].Producto.Id; return p; }, MSG.publicForm.productRequired],
  ['no suspect products', () => { const p = professional(); p.Medicamento = []; return p; }, MSG.publicForm.productRequired],
  ['negative dose', () => { const p = patient(); p.Medicamento[0].Dosis = -1; return p; }, MSG.generic.minZero],
  ['treatment start in the future', () => { const p = patient(); p.Medicamento[0].FechaIni = tomorrow; p.Medicamento[0].FechaFin = null; return p; }, MSG.generic.futureDate],
  // Step 6
  ['notified by another way missing (professional)', () => { const p = professional(); delete p.ContactoMedico.NotificadoPorOtro; return p; }, MSG.generic.radio],
  ['doctor missing (patient)', () => { const p = patient(); p.ContactoMedico.Medico = null; return p; }, MSG.publicForm.fieldRequired],
  ['doctor name missing (patient)', () => { const p = patient(); p.ContactoMedico.Medico.Nombre = ''; return p; }, MSG.publicForm.fieldRequired],
  ['doctor profession missing (patient)', () => { const p = patient(); delete p.ContactoMedico.Medico.Profesion; return p; }, MSG.publicForm.fieldRequired],
  ['doctor e-mail malformed', () => { const p = patient(); p.ContactoMedico.Medico.Email = 'suarez@'; return p; }, MSG.publicForm.emailFormat],
  ['doctor phone with letters', () => { const p = patient(); p.ContactoMedico.Medico.Telefono = '099 TAXI'; return p; }, MSG.publicForm.phoneFormat],
  ['reporter phone with a + inside', () => { const p = patient(); p.InformacionContacto.Reporta.Telefono = '598+99123456'; return p; }, MSG.publicForm.phoneFormat],
  ['consultation date in the future', () => { const p = patient(); p.ContactoMedico.Medico.FechaContacto = tomorrow; return p; }, MSG.generic.futureDate],
  // Step 7
  ['terms not accepted', () => { const p = patient(); p.InformacionContacto.AceptaTerminos = false; return p; }, MSG.publicForm.termsRequired],
  ['contact answer missing', () => { const p = professional(); delete p.InformacionContacto.AceptaContacto; return p; }, MSG.generic.radio],
  ['contact accepted without an e-mail', () => { const p = patient(); p.InformacionContacto.Reporta.Email = ''; return p; }, MSG.publicForm.contactEmailRequired],
  ['contact e-mail malformed', () => { const p = patient(); p.InformacionContacto.Reporta.Email = 'juana'; return p; }, MSG.publicForm.emailFormat],
  ['professional’s name missing', () => { const p = professional(); p.InformacionContacto.Reporta.Nombre = ''; return p; }, MSG.publicForm.fieldRequired],
  ['professional’s profession missing', () => { const p = professional(); p.InformacionContacto.Reporta.Profesion = null; return p; }, MSG.publicForm.fieldRequired],
];

async function reportsMarked(marker: string): Promise<number> {
  const [row] = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(homeReports)
    .where(sql`${homeReports.data} -> 'ContactoMedico' ->> 'HistoriaClinica' = ${marker}`);
  return row?.n ?? 0;
}

describe('POST /api/postreporthome validation', () => {
  it.each(CASES)('refuses %s with its message and stores nothing', async (_rule, payload, message) => {
    const marker = `validación ${Math.random()}`;
    const body = payload();
    body.ContactoMedico = { ...body.ContactoMedico, HistoriaClinica: marker };
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/postreporthome',
      remoteAddress: randomIp(),
      // Validation answers before the captcha is even looked at.
      headers: { 'recaptcha-token': 'sin-resolver' },
      payload: body,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Message: message });
    expect(await reportsMarked(marker)).toBe(0);
  });

  it('answers with the message of the first failing field, in the order of the form', async () => {
    const body = patient();
    body.Paciente.Iniciales = 'ABCD';
    body.InformacionContacto.AceptaTerminos = false;
    const response = await t.app.inject({ method: 'POST', url: '/api/postreporthome', remoteAddress: randomIp(), payload: body });
    expect(response.json()).toMatchObject({ Message: MSG.generic.maxLength(3) });
  });
});

describe('values a person types (issue 20)', () => {
  it('stores phones as typed with their + and country code, trimmed, and a height typed in centimetres in metres', async () => {
    const user = await createUser(t.database.db, { role: 'CL' });
    const { accessToken } = await login(t.app, user);
    const body = patient();
    body.Paciente.Altura = 165;
    body.Paciente.Peso = 3.2;
    body.ContactoMedico.Medico.Telefono = ' (02) 900-1234 ';
    body.InformacionContacto.Reporta.Telefono = '+598 99 123 456';
    const response = await t.app.inject({ method: 'POST', url: '/api/postreporthomeusuario', remoteAddress: randomIp(), headers: bearer(accessToken), payload: body });
    expect(response.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(homeReports).where(eq(homeReports.id, response.json<{ Id: string }>().Id));
    expect(row?.data).toMatchObject({
      Paciente: { Altura: 1.65, Peso: 3.2 },
      ContactoMedico: { Medico: { Telefono: '(02) 900-1234' } },
      InformacionContacto: { Reporta: { Telefono: '+598 99 123 456' } },
    });
  });
});
