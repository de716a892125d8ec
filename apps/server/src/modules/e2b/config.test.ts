import { randomUUID } from 'node:crypto';
import { ER_STATUS, MSG, type E2bExportRefusal, type E2bReceiver, type E2bSubmission } from '@atalaya/domain';
import { and, eq, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, events, settings } from '../../db/schema/index.js';
import { DEMO_PASSWORD, seedDemoData } from '../../demo/index.js';
import { createTestApp, createTestAppOn, type TestApp } from '../../test-support/app.js';
import { get, post, sessionOf, type Session } from '../../test-support/case-edit.js';
import { createMedicationProduct, type MedicationProduct } from '../../test-support/case-medications.js';
import { createLlt, type TestLlt } from '../../test-support/catalog.js';
import { eightDigitCode, filledE2bCase, switchInMeddraVersion } from '../../test-support/e2b.js';
import { bearer, login } from '../../test-support/factories.js';
import { privateTestDatabase } from '../../test-support/private-db.js';
import { e2bXsdDir } from '../../test-support/reference.js';

/**
 * Configuración of the E2B exchange: the sender, the receivers, and the MedDRA version of E.i.2.1a
 * (the imported release, else the fallback of Configuración, else a refusal naming where to give it).
 * One database of its own: the MedDRA version is installation-wide.
 */

let t: TestApp;
let product: MedicationProduct;
let llt: TestLlt;
let admin: Session;
let qppv: Session;
let rlf: Session;

beforeAll(async () => {
  t = await createTestApp({ e2bXsdDir: e2bXsdDir() });
  product = await createMedicationProduct(t.database.db);
  llt = await createLlt(t.database.db, { name: `Urticaria ${randomUUID().slice(0, 6)}`, code: eightDigitCode() });
  admin = await sessionOf(t, 'ADMIN');
  rlf = await sessionOf(t, 'RLF');
  qppv = await sessionOf(t, 'QPPV', { laboratories: [{ laboratoryId: product.laboratoryId }] });
});
afterAll(() => t.close());

const setSettings = (values: Record<string, string>) =>
  post(t, admin, 'settingUpdate', { values: Object.entries(values).map(([Name_setting, Value_setting]) => ({ Name_setting, Value_setting })) });
const exportFor = (who: Session, meta: string, receiver: string) => post(t, who, `exportE2B/${meta}`, { Receptor: receiver });
const receivers = async (who: Session) => (await get(t, who, 'e2bReceiverList')).json<E2bReceiver[]>();

describe('E2B settings', () => {
  it('starts with the sender ATALAYA and no MedDRA fallback, in the group Intercambio E2B(R3)', async () => {
    const list = (await get(t, admin, 'settingGetAll')).json<{ Name_setting: string; Value_setting: string; Group_setting: string }[]>();
    const e2b = list.filter((setting) => setting.Group_setting === 'E2B');
    expect(e2b.map((setting) => [setting.Name_setting, setting.Value_setting])).toEqual([
      ['e2b.senderId', 'ATALAYA'],
      ['e2b.senderOrganisation', 'Atalaya'],
      ['e2b.meddraFallbackVersion', ''],
      ['e2b.senderType', '1'],
      ...['Department', 'Title', 'GivenName', 'FamilyName', 'Street', 'City', 'State', 'Postcode', 'Country', 'Telephone', 'Fax', 'Email'].map((part) => [`e2b.sender${part}`, '']),
    ]);
  });

  it.each([
    ['e2b.senderId', '', MSG.settings.required('e2b.senderId')],
    ['e2b.senderId', 'MI-EMPRESA', MSG.settings.notIdentifier('e2b.senderId')],
    ['e2b.senderId', 'MI EMPRESA', MSG.settings.notIdentifier('e2b.senderId')],
    ['e2b.senderOrganisation', '  ', MSG.settings.required('e2b.senderOrganisation')],
    ['e2b.meddraFallbackVersion', '27', MSG.settings.notMeddraVersion('e2b.meddraFallbackVersion')],
    ['e2b.meddraFallbackVersion', 'última', MSG.settings.notMeddraVersion('e2b.meddraFallbackVersion')],
    ['e2b.senderType', '8', MSG.settings.notChoice('e2b.senderType', ['1', '2', '3', '4', '5', '6', '7'])],
    ['e2b.senderType', '', MSG.settings.notChoice('e2b.senderType', ['1', '2', '3', '4', '5', '6', '7'])],
    ['e2b.senderCountry', 'uy', MSG.settings.notCountryCode('e2b.senderCountry')],
    ['e2b.senderCountry', 'URY', MSG.settings.notCountryCode('e2b.senderCountry')],
    ['e2b.senderEmail', 'no-es-correo', MSG.settings.notEmail('e2b.senderEmail')],
    ['e2b.senderEmail', `${'a'.repeat(96)}@x.uy`, MSG.settings.tooLong('e2b.senderEmail', 100)],
    // The lengths of the ICH data-element table: C.3.4.2 city ≤ 35, C.3.4.4 postcode ≤ 15, C.3.3.1 department ≤ 60.
    ['e2b.senderCity', 'C'.repeat(36), MSG.settings.tooLong('e2b.senderCity', 35)],
    ['e2b.senderPostcode', '1'.repeat(16), MSG.settings.tooLong('e2b.senderPostcode', 15)],
    ['e2b.senderDepartment', 'D'.repeat(61), MSG.settings.tooLong('e2b.senderDepartment', 60)],
    ['e2b.senderTelephone', ' 2900 1234', MSG.settings.surroundingBlanks('e2b.senderTelephone')],
  ])('refuses %s = %j with a Spanish message', async (name, value, message) => {
    const response = await setSettings({ [name]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Message: message });
  });
});

describe('E2B receivers', () => {
  it('lists the default receivers to the QPPV and RLF who export, and to the ADMIN', async () => {
    for (const who of [qppv, rlf, admin]) {
      expect((await receivers(who)).map((receiver) => receiver.Codigo)).toEqual(['EVHUMAN', 'ZZFDA', 'AUTORIDAD_NACIONAL', 'SOCIO']);
    }
  });

  it('lets only the ADMIN add, rename and remove a receiver', async () => {
    expect((await post(t, qppv, 'e2bReceiverSave', { Codigo: 'PMDA', Nombre: 'PMDA Japón' })).statusCode).toBe(403);
    const added = await post(t, admin, 'e2bReceiverSave', { Codigo: ' ANMAT ', Nombre: 'ANMAT Argentina' });
    expect(added.statusCode, added.body).toBe(200);
    const anmat = added.json<E2bReceiver[]>().find((receiver) => receiver.Codigo === 'ANMAT');
    expect(anmat).toMatchObject({ Nombre: 'ANMAT Argentina', Envios: 0 });
    if (!anmat) return;
    const renamed = await post(t, admin, 'e2bReceiverSave', { Id: anmat.Id, Codigo: 'ANMAT_AR', Nombre: 'ANMAT (Argentina)' });
    expect(renamed.json<E2bReceiver[]>().find((receiver) => receiver.Id === anmat.Id)).toMatchObject({ Codigo: 'ANMAT_AR', Nombre: 'ANMAT (Argentina)' });
    const removed = await post(t, admin, `e2bReceiverDelete/${anmat.Id}`, {});
    expect(removed.statusCode).toBe(200);
    expect(removed.json<E2bReceiver[]>().some((receiver) => receiver.Id === anmat.Id)).toBe(false);
    const audits = await t.database.db.select({ kind: auditLog.kind }).from(auditLog).where(eq(auditLog.pkId, String(anmat.Id)));
    expect(audits.map((row) => row.kind)).toEqual(expect.arrayContaining(['settings.e2b-receiver-added', 'settings.e2b-receiver-changed', 'settings.e2b-receiver-removed']));
  });

  it.each([
    [{ Codigo: '', Nombre: 'Sin código' }, MSG.e2bReceivers.codeRequired],
    [{ Codigo: 'CON ESPACIO', Nombre: 'X' }, MSG.e2bReceivers.codeInvalid],
    [{ Codigo: 'X'.repeat(61), Nombre: 'X' }, MSG.e2bReceivers.codeTooLong(60)],
    [{ Codigo: 'NUEVO', Nombre: '' }, MSG.e2bReceivers.nameRequired],
    [{ Codigo: 'evhuman', Nombre: 'Otra EMA' }, MSG.e2bReceivers.duplicated('EVHUMAN')],
    [{ Codigo: 'NUEVO', Nombre: 'X', Extra: 1 }, MSG.e2bReceivers.unknownField],
    [{ Id: 999_999, Codigo: 'NUEVO', Nombre: 'X' }, MSG.e2bReceivers.notFound],
  ])('refuses the receiver %j with a Spanish message', async (body, message) => {
    const response = await post(t, admin, 'e2bReceiverSave', body);
    expect([400, 404]).toContain(response.statusCode);
    expect(response.json()).toMatchObject({ Message: message });
  });
});

describe('MedDRA version and sender of an export', () => {
  it('refuses the export while no MedDRA release was imported and no fallback is configured, saying where to give it', async () => {
    const testCase = await filledE2bCase(t, rlf, product, llt);
    const response = await exportFor(qppv, testCase.meta, 'EVHUMAN');
    expect(response.statusCode).toBe(422);
    const refusal = response.json<E2bExportRefusal>();
    expect(refusal.Problems[0]).toBe(MSG.e2bExport.meddraVersionUnknown);
    expect(refusal.Problems.filter((problem) => problem.startsWith('E.i.2.1a '))).toEqual([MSG.e2bExport.meddraVersionUnknown]);
  });

  it('uses the fallback version of Configuración, the configured sender, and a receiver added in Configuración', async () => {
    expect((await setSettings({ 'e2b.meddraFallbackVersion': '26.1', 'e2b.senderId': 'LAB_DEMO', 'e2b.senderOrganisation': 'Laboratorio Demo S.A.' })).statusCode).toBe(200);
    expect((await post(t, admin, 'e2bReceiverSave', { Codigo: 'AEMPS', Nombre: 'AEMPS España' })).statusCode).toBe(200);
    const testCase = await filledE2bCase(t, rlf, product, llt);
    const response = await exportFor(qppv, testCase.meta, 'AEMPS');
    expect(response.statusCode, response.body).toBe(200);
    const submission = response.json<E2bSubmission>();
    expect(submission).toMatchObject({ Receptor: 'AEMPS', ReceptorNombre: 'AEMPS España', VersionMedDRA: '26.1', OrigenVersionMedDRA: 'setting' });
    expect(submission.Lote.startsWith('LAB_DEMO-')).toBe(true);
    const xml = (await get(t, qppv, `getE2B/${testCase.meta}/${submission.Id}`)).body;
    expect(xml).toContain(`codeSystemVersion="26.1"`);
    expect(xml).toMatch(/<receiver[^>]*>\s*<device[^>]*>\s*<id[^>]*extension="AEMPS"/);
    expect(xml).toMatch(/<sender[^>]*>\s*<device[^>]*>\s*<id[^>]*extension="LAB_DEMO"/);
    expect(xml).toContain('Laboratorio Demo S.A.');

    // A receiver with submissions keeps its code and stays; its name may change, and the list shows it.
    const aemps = (await receivers(admin)).find((receiver) => receiver.Codigo === 'AEMPS');
    expect(aemps?.Envios).toBe(1);
    if (!aemps) return;
    expect((await post(t, admin, `e2bReceiverDelete/${aemps.Id}`, {})).json()).toMatchObject({ Message: MSG.e2bReceivers.inUse('AEMPS') });
    expect((await post(t, admin, 'e2bReceiverSave', { Id: aemps.Id, Codigo: 'AEMPS2', Nombre: 'AEMPS' })).json()).toMatchObject({ Message: MSG.e2bReceivers.codeLocked('AEMPS') });
    expect((await post(t, admin, 'e2bReceiverSave', { Id: aemps.Id, Codigo: 'AEMPS', Nombre: 'Agencia Española de Medicamentos' })).statusCode).toBe(200);
    const [listed] = (await get(t, qppv, `listE2B/${testCase.meta}`)).json<E2bSubmission[]>();
    expect(listed?.ReceptorNombre).toBe('Agencia Española de Medicamentos');
  });

  it('writes the sender details of Configuración into C.3, and leaves out the blank ones', async () => {
    const sender = {
      'e2b.senderType': '2',
      'e2b.senderDepartment': 'Farmacovigilancia',
      'e2b.senderTitle': 'Dra.',
      'e2b.senderGivenName': 'Ana',
      'e2b.senderFamilyName': 'Pérez',
      'e2b.senderStreet': 'Av. Italia 1234',
      'e2b.senderCity': 'Montevideo',
      'e2b.senderState': '',
      'e2b.senderPostcode': '11300',
      'e2b.senderCountry': 'UY',
      'e2b.senderTelephone': '+598 2900 1234',
      'e2b.senderFax': '',
      'e2b.senderEmail': 'fv@laboratorio.uy',
    };
    const saved = await setSettings(sender);
    expect(saved.statusCode, saved.body).toBe(200);
    const testCase = await filledE2bCase(t, rlf, product, llt);
    const response = await exportFor(qppv, testCase.meta, 'EVHUMAN');
    expect(response.statusCode, response.body).toBe(200);
    const xml = (await get(t, qppv, `getE2B/${testCase.meta}/${response.json<E2bSubmission>().Id}`)).body;
    const c3 = xml.slice(xml.indexOf('<subjectOf1 typeCode="SUBJ">'), xml.indexOf('</subjectOf1>'));
    expect(c3).toMatch(/<code code="2" codeSystem="2.16.840.1.113883.3.989.2.1.1.7"/);
    expect(c3).toContain('<streetAddressLine>Av. Italia 1234</streetAddressLine>');
    expect(c3).toContain('<city>Montevideo</city>');
    expect(c3).toContain('<postalCode>11300</postalCode>');
    expect(c3).not.toContain('<state>');
    expect(c3).toContain('<telecom value="tel:+59829001234"/>');
    expect(c3).toContain('<telecom value="mailto:fv@laboratorio.uy"/>');
    expect(c3).not.toContain('fax:');
    expect(c3).toMatch(/<prefix>Dra\.<\/prefix>\s*<given>Ana<\/given>\s*<family>Pérez<\/family>/);
    expect(c3).toMatch(/<code code="UY" codeSystem="1.0.3166.1.2.2"\/>/);
    expect(c3).toMatch(/<name>Farmacovigilancia<\/name>/);
    // C.1.1 keeps the case's country: the sender's country never changes C.1.8.1 between versions.
    expect(response.json<E2bSubmission>().CasoMundial.startsWith('UY-')).toBe(true);

    // Blank again: C.3 carries only the type and the organisation.
    expect((await setSettings(Object.fromEntries(Object.keys(sender).map((name) => [name, name === 'e2b.senderType' ? '1' : ''])))).statusCode).toBe(200);
    const plain = await exportFor(qppv, testCase.meta, 'EVHUMAN');
    expect(plain.statusCode, plain.body).toBe(200);
    const plainXml = (await get(t, qppv, `getE2B/${testCase.meta}/${plain.json<E2bSubmission>().Id}`)).body;
    const plainC3 = plainXml.slice(plainXml.indexOf('<subjectOf1 typeCode="SUBJ">'), plainXml.indexOf('</subjectOf1>'));
    expect(plainC3).not.toContain('<addr>');
    expect(plainC3).not.toContain('<telecom');
    expect(plainC3).not.toContain('<assignedPerson');
  });

  it('refuses a receiver that Configuración does not hold', async () => {
    const testCase = await filledE2bCase(t, rlf, product, llt);
    const response = await exportFor(qppv, testCase.meta, 'NO_EXISTE');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Message: MSG.e2bExport.receiverUnknown });
  });

  it('takes the version of the MedDRA release imported over the fallback', async () => {
    await switchInMeddraVersion(t.database.db, admin.user.id, '27.1');
    const testCase = await filledE2bCase(t, rlf, product, llt);
    const submission = (await exportFor(qppv, testCase.meta, 'ZZFDA')).json<E2bSubmission>();
    expect(submission).toMatchObject({ VersionMedDRA: '27.1', OrigenVersionMedDRA: 'import' });
    expect((await get(t, qppv, `getE2B/${testCase.meta}/${submission.Id}`)).body).toContain(`codeSystemVersion="27.1"`);
  });
});

describe('the demo installation', () => {
  it('names a MedDRA fallback version, so that the demo cases past Pendiente export valid (ICH rules and schema)', async () => {
    // A database of its own: on the PostgreSQL server the file's database already holds the
    // cases and the fallback version the tests above made.
    const { database, drop } = await privateTestDatabase();
    const demo = await createTestAppOn(database, { e2bXsdDir: e2bXsdDir() });
    try {
      await seedDemoData(demo.database.db);
      const [fallback] = await demo.database.db.select({ value: settings.value }).from(settings).where(eq(settings.name, 'e2b.meddraFallbackVersion'));
      expect(fallback?.value).toBe('27.1');
      const token = (await login(demo.app, { email: 'qppv@demo.atalaya', password: DEMO_PASSWORD })).accessToken;
      const cases = await demo.database.db
        .select({ meta: events.meta })
        .from(events)
        .where(and(notInArray(events.status, [ER_STATUS.PENDIENTE])));
      expect(cases.length).toBeGreaterThan(0);
      const outcomes: { status: number; body: string }[] = [];
      const fdaOutcomes: { status: number; body: string }[] = [];
      for (const { meta } of cases) {
        const response = await demo.app.inject({ method: 'POST', url: `/api/exportE2B/${meta}`, headers: bearer(token), payload: { Receptor: 'EVHUMAN' } });
        outcomes.push({ status: response.statusCode, body: response.body });
        // The same case to the FDA: its regional rules pass too (docs/e2b.md 'FDA').
        const fda = await demo.app.inject({ method: 'POST', url: `/api/exportE2B/${meta}`, headers: bearer(token), payload: { Receptor: 'ZZFDA' } });
        fdaOutcomes.push({ status: fda.statusCode, body: fda.body });
      }
      expect(fdaOutcomes.map((outcome) => outcome.status)).toEqual(outcomes.map((outcome) => outcome.status));
      const toFda = fdaOutcomes.filter((outcome) => outcome.status === 200).map((outcome) => JSON.parse(outcome.body) as E2bSubmission);
      expect(toFda.length).toBeGreaterThanOrEqual(2);
      for (const submission of toFda) expect(submission).toMatchObject({ Receptor: 'ZZFDA', EsquemaVerificado: true, Avisos: [] });
      const exported = outcomes.filter((outcome) => outcome.status === 200).map((outcome) => JSON.parse(outcome.body) as E2bSubmission);
      expect(exported.length).toBeGreaterThanOrEqual(2);
      // The only refusals are the demo's uncoded reactions: the user codes the LLT and exports again.
      for (const refused of outcomes.filter((outcome) => outcome.status !== 200)) {
        expect(refused.status).toBe(422);
        expect(JSON.parse(refused.body)).toMatchObject({ Problems: expect.arrayContaining(['E.i.2.1b Código LLT de la reacción: falta']) as unknown });
      }
      expect(exported[0]).toMatchObject({ VersionMedDRA: '27.1', OrigenVersionMedDRA: 'setting', EsquemaVerificado: true });
    } finally {
      await demo.close();
      await drop();
    }
  });
});
