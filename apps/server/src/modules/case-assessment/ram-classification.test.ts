import { ER_STATUS, MSG } from '@atalaya/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communicationChannels, ramCategories, ramTypes } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { get, historyOf, post, sessionOf, type Session } from '../../test-support/case-edit.js';
import { createCase, laboratoryOfProduct, type TestCase } from '../../test-support/cases.js';
import { createProduct } from '../../test-support/catalog.js';
import { multipartBody, SAMPLE_PDF } from '../../test-support/files.js';

/**
 * Event spec §3 (RAM), §5 ('Provider notification checkbox is enabled only for QPPV'), §6,
 * §7 (updateRAM with the classification, the notifications' uploads and downloads).
 */

let t: TestApp;
let productId: number;
let rlf: Session;
let qppv: Session;
let fabricante: Session;
let cl: Session;
let otherRlf: Session;
const ids = { tipoII: 0, tipoIV: 0, dermatologica: 0, hepatica: 0, disabledCategory: 0, correo: 0, portal: 0 };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  productId = (await createProduct(db, { countries: ['UY'] })).id;
  const laboratoryId = await laboratoryOfProduct(db, productId);
  rlf = await sessionOf(t, 'RLF');
  qppv = await sessionOf(t, 'QPPV', { laboratories: [{ laboratoryId }] });
  fabricante = await sessionOf(t, 'Fabricante', { laboratories: [{ laboratoryId }] });
  cl = await sessionOf(t, 'CL', { laboratories: [{ laboratoryId }] });
  otherRlf = await sessionOf(t, 'RLF', { country: 'AR' });
  const type = async (value: string) => (await db.select({ id: ramTypes.id }).from(ramTypes).where(eq(ramTypes.value, value)))[0]?.id ?? 0;
  const category = async (value: string) => (await db.select({ id: ramCategories.id }).from(ramCategories).where(eq(ramCategories.value, value)))[0]?.id ?? 0;
  const channel = async (value: string) =>
    (await db.select({ id: communicationChannels.id }).from(communicationChannels).where(eq(communicationChannels.value, value)))[0]?.id ?? 0;
  ids.tipoII = await type('TIPO_II');
  ids.tipoIV = await type('TIPO_IV');
  ids.dermatologica = await category('DERMATOLOGICA');
  ids.hepatica = await category('HEPATICA');
  const [disabled] = await db.insert(ramCategories).values({ value: `DISABLED_${Date.now()}`, type: 'Categoría retirada', eliminado: true }).returning({ id: ramCategories.id });
  ids.disabledCategory = disabled?.id ?? 0;
  ids.correo = await channel('CORREO_ELECTRONICO');
  ids.portal = await channel('PORTAL_AUTORIDAD');
});
afterAll(() => t.close());

function caseIn(status: number = ER_STATUS.EN_REVISION_RLF, createdBy: Session = rlf): Promise<TestCase> {
  return createCase(t.database.db, { status, createdBy: createdBy.user.id, productIds: [productId], rams: [{}] });
}

function classification(testCase: TestCase, overrides: Record<string, unknown> = {}) {
  return {
    ram: {
      Id: testCase.ramIds[0],
      IdER: testCase.meta,
      IsRAM: true,
      TypeRAM: ids.tipoII,
      CategoryRAM: [ids.dermatologica, ids.hepatica],
      IsExpected: false,
      Death: false,
      LifeThreading: false,
      HospitalizationRequired: true,
      HospitalizationDateStart: '2026-10-01',
      HospitalizationDateEnd: '2026-10-04',
      PersistedHospitalization: false,
      TransitoryDisability: false,
      PersistentDisability: false,
      CongenitalAnomaly: false,
      AnotherCondition: false,
      LocalSanitaryNotificaction: { Fecha: '2026-10-05', Via: ids.portal },
      ProviderNotification: null,
      ...overrides,
    },
    comentario: 'Calificada tras la consulta médica',
  };
}

const classify = (who: Session, body: object) => post(t, who, 'updateRAM', body);

async function ramOf(who: Session, testCase: TestCase) {
  const response = await get(t, who, `getRAMByMeta/${testCase.meta}`);
  expect(response.statusCode).toBe(200);
  return (response.json() as Record<string, unknown>[])[0];
}

/** The newest operation-history entry of a case, its lines as [description, old, new]. */
async function lastEntry(testCase: TestCase) {
  const entry = (await historyOf(t.database.db, testCase.id)).at(-1);
  return entry && { ...entry, lines: entry.lines.map((line) => [line.description, line.oldValue, line.newValue]) };
}

describe('classifying an adverse event from the RAM tab (updateRAM with IsRAM)', () => {
  it('stores type, categories, seriousness, hospital dates and the local notification, and writes the history with names', async () => {
    const testCase = await caseIn();
    const response = await classify(rlf, classification(testCase));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      IsRAM: true,
      TypeRAM: ids.tipoII,
      TypeRAMNombre: 'Tipo II',
      HospitalizationRequired: true,
      IsSerious: true,
      LocalSanitaryNotificaction: { Fecha: '2026-10-05', Via: ids.portal, ViaNombre: 'Portal web de la autoridad sanitaria', FileName: null },
      ProviderNotification: null,
    });
    const stored = await ramOf(qppv, testCase);
    expect(stored).toMatchObject({ TypeRAMNombre: 'Tipo II', HospitalizationDateStart: '2026-10-01', HospitalizationDateEnd: '2026-10-04' });
    expect(stored?.CategoryRAM).toEqual([
      { RAMId: testCase.ramIds[0], RAMCategoryId: Math.min(ids.dermatologica, ids.hepatica) },
      { RAMId: testCase.ramIds[0], RAMCategoryId: Math.max(ids.dermatologica, ids.hepatica) },
    ]);

    const entry = await lastEntry(testCase);
    expect(entry).toMatchObject({ description: 'Calificación RAM actualizada (Cefalea)', operationType: 'U', comment: 'Calificada tras la consulta médica' });
    expect(entry?.lines).toEqual(
      expect.arrayContaining([
        ['Tipo de RAM', null, 'Tipo II'],
        ['Categorías', null, expect.stringMatching(/Dermatológica|Hepática/)],
        ['Requirió hospitalización', 'NO', 'SI'],
        ['Notificación sanitaria local: fecha', null, '2026-10-05'],
        ['Notificación sanitaria local: vía', null, 'Portal web de la autoridad sanitaria'],
      ]),
    );
  });

  it('saving the same classification again records nothing new', async () => {
    const testCase = await caseIn();
    expect((await classify(rlf, classification(testCase))).statusCode).toBe(200);
    const before = await historyOf(t.database.db, testCase.id);
    expect((await classify(rlf, classification(testCase))).statusCode).toBe(200);
    expect(await historyOf(t.database.db, testCase.id)).toHaveLength(before.length);
  });

  it('not a RAM clears the type; unchecking the notification removes it', async () => {
    const testCase = await caseIn();
    await classify(rlf, classification(testCase));
    const response = await classify(rlf, classification(testCase, { IsRAM: false, TypeRAM: ids.tipoIV, LocalSanitaryNotificaction: null }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ IsRAM: false, TypeRAM: null, TypeRAMNombre: null, LocalSanitaryNotificaction: null });
  });

  it('only a QPPV records the provider notification; an RLF who sends none keeps it, one who changes it gets 403', async () => {
    const testCase = await caseIn(ER_STATUS.EN_EVALUACION_QPPV);
    const provider = { Fecha: '2026-10-06', Via: ids.correo };
    const byQppv = await classify(qppv, classification(testCase, { ProviderNotification: provider }));
    expect(byQppv.statusCode, byQppv.body).toBe(200);
    expect(byQppv.json()).toMatchObject({ ProviderNotification: { Fecha: '2026-10-06', ViaNombre: 'Correo electrónico' } });

    await t.database.db.execute(`update events set status = ${ER_STATUS.EN_REVISION_RLF} where id = '${testCase.id}'`);
    const keeping = await classify(rlf, classification(testCase, { TypeRAM: ids.tipoIV, ProviderNotification: null }));
    expect(keeping.statusCode, keeping.body).toBe(200);
    expect(keeping.json()).toMatchObject({ TypeRAMNombre: 'Tipo IV', ProviderNotification: { Fecha: '2026-10-06' } });

    const changing = await classify(rlf, classification(testCase, { ProviderNotification: { Fecha: '2026-10-07', Via: ids.correo } }));
    expect(changing.statusCode).toBe(403);
    expect(changing.json()).toMatchObject({ Message: MSG.ram.providerQppvOnly });
    expect(await ramOf(rlf, testCase)).toMatchObject({ TypeRAMNombre: 'Tipo IV', ProviderNotification: { Fecha: '2026-10-06' } });
  });

  it.each([
    ['a RAM without its type', { TypeRAM: null }, MSG.generic.select],
    ['a notification without its date', { LocalSanitaryNotificaction: { Fecha: null, Via: null } }, MSG.ram.notificationDateRequired],
    ['a future notification date', { LocalSanitaryNotificaction: { Fecha: '2999-01-01', Via: null } }, MSG.generic.futureDate],
    ['a discharge before the admission', { HospitalizationDateEnd: '2026-09-01' }, MSG.generic.endBeforeStart],
  ])('refuses %s with 400 and its message, leaving the reaction unchanged', async (_case, overrides, message) => {
    const testCase = await caseIn();
    const response = await classify(rlf, classification(testCase, overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Message: message });
    expect(await ramOf(rlf, testCase)).toMatchObject({ TypeRAM: null, HospitalizationRequired: false, LocalSanitaryNotificaction: null });
  });

  it('refuses an unknown or disabled category, type or channel (400), storing nothing', async () => {
    const testCase = await caseIn();
    for (const [overrides, label] of [
      [{ CategoryRAM: [ids.dermatologica, 999_999] }, 'Categorías'],
      [{ CategoryRAM: [ids.disabledCategory] }, 'Categorías'],
      [{ TypeRAM: 999_999 }, 'Tipo de RAM'],
      [{ LocalSanitaryNotificaction: { Fecha: '2026-10-05', Via: 999_999 } }, 'Vía de comunicación'],
    ] as const) {
      const response = await classify(rlf, classification(testCase, overrides));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ Message: MSG.wizard.optionUnknown(label) });
    }
    expect(await ramOf(rlf, testCase)).toMatchObject({ TypeRAM: null, CategoryRAM: [] });
  });

  it.each([
    ['Pendiente', ER_STATUS.PENDIENTE],
    ['Cerrado imputable', ER_STATUS.CERRADO_IMPUTABLE],
    ['Anulado', ER_STATUS.ANULADO],
  ])('refuses a %s case with 400', async (_name, status) => {
    const testCase = await caseIn(status);
    const response = await classify(rlf, classification(testCase));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Message: MSG.ram.classificationNotAllowed });
  });

  it('refuses Fabricante and CL (403), another country’s RLF and another case’s reaction (404)', async () => {
    const testCase = await caseIn();
    expect((await classify(fabricante, classification(testCase))).statusCode).toBe(403);
    expect((await classify(cl, classification(testCase))).statusCode).toBe(403);
    expect((await classify(otherRlf, classification(testCase))).statusCode).toBe(404);
    const other = await caseIn();
    expect((await classify(rlf, classification(testCase, { Id: other.ramIds[0] }))).statusCode).toBe(404);
    expect(await ramOf(rlf, testCase)).toMatchObject({ TypeRAM: null });
  });
});

describe('the notifications’ proof (uploadFileLocalSanitaryNotificaction, uploadFileProviderNotification)', () => {
  async function upload(url: string, who: Session, ramId: number | undefined, fileName = 'acuse.pdf') {
    const body = await multipartBody({ Id: ramId ?? 0, Extension: 'pdf', FileName: fileName }, [{ name: fileName, content: SAMPLE_PDF, type: 'application/pdf' }]);
    return t.app.inject({ method: 'POST', url: `/api/${url}`, headers: { ...who.headers, ...body.headers }, payload: body.payload });
  }

  it('needs the notification first, then stores the proof, logs it and downloads the same bytes within reach only', async () => {
    const testCase = await caseIn();
    const ramId = testCase.ramIds[0];
    const early = await upload('uploadFileLocalSanitaryNotificaction', rlf, ramId);
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ Message: MSG.ram.notificationMissing });

    await classify(rlf, classification(testCase));
    const response = await upload('uploadFileLocalSanitaryNotificaction', rlf, ramId, 'Acuse ANMAT.pdf');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ LocalSanitaryNotificaction: { FileName: 'Acuse ANMAT.pdf', Extension: 'pdf' } });
    expect((await lastEntry(testCase))?.lines).toEqual([['Notificación sanitaria local: archivo', null, 'Acuse ANMAT.pdf']]);

    const download = await get(t, qppv, `downloadFileLocalSanitaryNotificactionById/${ramId}`);
    expect(download.statusCode).toBe(200);
    expect(new Uint8Array(download.rawPayload)).toEqual(SAMPLE_PDF);
    expect((await get(t, otherRlf, `downloadFileLocalSanitaryNotificactionById/${ramId}`)).statusCode).toBe(404);
    expect((await get(t, rlf, `downloadFileProviderNotificationById/${ramId}`)).statusCode).toBe(404);
  });

  it('the provider’s proof only by a QPPV', async () => {
    const testCase = await caseIn(ER_STATUS.EN_EVALUACION_QPPV);
    const ramId = testCase.ramIds[0];
    await classify(qppv, classification(testCase, { ProviderNotification: { Fecha: '2026-10-06', Via: ids.correo } }));
    const byRlf = await upload('uploadFileProviderNotification', rlf, ramId);
    expect(byRlf.statusCode).toBe(403);
    expect(byRlf.json()).toMatchObject({ Message: MSG.errors.forbidden });
    const byQppv = await upload('uploadFileProviderNotification', qppv, ramId, 'Aviso al titular.pdf');
    expect(byQppv.statusCode, byQppv.body).toBe(200);
    expect(byQppv.json()).toMatchObject({ ProviderNotification: { FileName: 'Aviso al titular.pdf' } });
    expect((await get(t, fabricante, `downloadFileProviderNotificationById/${ramId}`)).statusCode).toBe(200);
  });

  it('an unknown reaction is 404', async () => {
    expect((await upload('uploadFileLocalSanitaryNotificaction', rlf, 999_999)).statusCode).toBe(404);
  });
});
