import { ER_STATUS, MSG } from '@atalaya/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventMedications, productRecoveries } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { get, historyOf, post, sessionOf, type Session } from '../../test-support/case-edit.js';
import { createCase, laboratoryOfProduct, type TestCase } from '../../test-support/cases.js';
import { createProduct } from '../../test-support/catalog.js';
import { multipartBody, SAMPLE_PDF } from '../../test-support/files.js';

/**
 * Event spec §3 (Recuperado), §5 ('Recovery form fields are disabled for a QPPV who is not the
 * event's creator'), §6, §7 (updateMedicamentoRecuperado, uploadFileRecProduct, downloadFileRecProductById).
 */

let t: TestApp;
let productId: number;
let rlf: Session;
let qppv: Session;
let fabricante: Session;
let cl: Session;
let otherRlf: Session;

beforeAll(async () => {
  t = await createTestApp();
  productId = (await createProduct(t.database.db, { countries: ['UY'] })).id;
  const laboratoryId = await laboratoryOfProduct(t.database.db, productId);
  rlf = await sessionOf(t, 'RLF');
  qppv = await sessionOf(t, 'QPPV', { laboratories: [{ laboratoryId }] });
  fabricante = await sessionOf(t, 'Fabricante', { laboratories: [{ laboratoryId }] });
  cl = await sessionOf(t, 'CL', { laboratories: [{ laboratoryId }] });
  otherRlf = await sessionOf(t, 'RLF', { country: 'AR' });
});
afterAll(() => t.close());

function caseIn(status: number = ER_STATUS.EN_REVISION_RLF, createdBy: Session = rlf): Promise<TestCase> {
  return createCase(t.database.db, { status, createdBy: createdBy.user.id, productIds: [productId] });
}

async function medicationOf(testCase: TestCase): Promise<number> {
  const [row] = await t.database.db.select({ id: eventMedications.id }).from(eventMedications).where(eq(eventMedications.eventId, testCase.id));
  if (!row) throw new Error('No related medication');
  return row.id;
}

async function recovery(testCase: TestCase, overrides: Record<string, unknown> = {}) {
  return {
    Id: await medicationOf(testCase),
    IdER: testCase.meta,
    HaveProduct: true,
    Date: '2026-10-10',
    DateExpiration: '2028-03-31',
    ContactName: 'Ana Pereira',
    ContactAddress: 'Av. Italia 1234, Montevideo',
    PlaceManufacture: 'Planta Pando',
    ConditionStorage: 'Refrigerado entre 2 y 8 °C',
    StateConsFirst: 'Blíster íntegro',
    AmountComp: '12 comprimidos',
    NameFun: 'Luis Gómez',
    StateConsSecond: 'Caja con humedad',
    ...overrides,
  };
}

const save = (who: Session, body: object) => post(t, who, 'updateMedicamentoRecuperado', body);

async function storedRecovery(who: Session, testCase: TestCase) {
  const response = await get(t, who, `getProductsRelationsByMeta/${testCase.meta}`);
  expect(response.statusCode).toBe(200);
  return (response.json() as { Recuperado: Record<string, unknown> | null }[])[0]?.Recuperado ?? null;
}

/** The newest operation-history entry of a case, its lines as [description, old, new]. */
async function lastEntry(testCase: TestCase) {
  const entry = (await historyOf(t.database.db, testCase.id)).at(-1);
  return entry && { ...entry, lines: entry.lines.map((line) => [line.description, line.oldValue, line.newValue]) };
}

describe('the product recovery (updateMedicamentoRecuperado)', () => {
  it('records the recovery, reads it back with the medication and logs it; a second save logs only what changed', async () => {
    const testCase = await caseIn();
    const first = await save(rlf, await recovery(testCase));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ Recuperado: { HaveProduct: true, Date: '2026-10-10', DateExpiration: '2028-03-31', NombreArchivo: null } });
    expect(await storedRecovery(qppv, testCase)).toMatchObject({ ContactName: 'Ana Pereira', StateConsSecond: 'Caja con humedad', Modificado: { Usuario: expect.any(String) } });
    const created = await lastEntry(testCase);
    expect(created).toMatchObject({ description: expect.stringMatching(/^Recuperación de producto registrada \(/), operationType: 'I' });
    expect(created?.lines).toContainEqual(['Nombre del contacto', null, 'Ana Pereira']);

    const second = await save(rlf, await recovery(testCase, { AmountComp: '10 comprimidos', NameFun: '' }));
    expect(second.statusCode).toBe(200);
    const updated = await lastEntry(testCase);
    expect(updated).toMatchObject({ description: expect.stringMatching(/^Recuperación de producto actualizada \(/), operationType: 'U' });
    expect(updated?.lines).toEqual([
      ['Cantidad recuperada', '12 comprimidos', '10 comprimidos'],
      ['Nombre del funcionario', 'Luis Gómez', null],
    ]);
  });

  it('a QPPV saves only the recovery of a case they created (403 otherwise, nothing stored)', async () => {
    const notTheirs = await caseIn(ER_STATUS.EN_EVALUACION_QPPV);
    const refused = await save(qppv, await recovery(notTheirs));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ Message: MSG.recovery.notAllowed });
    expect(await storedRecovery(qppv, notTheirs)).toBeNull();

    const theirs = await caseIn(ER_STATUS.EN_EVALUACION_QPPV, qppv);
    expect((await save(qppv, await recovery(theirs))).statusCode).toBe(200);
  });

  it('an assigned Fabricante saves it; CL cannot (403)', async () => {
    const testCase = await caseIn(ER_STATUS.EN_ESPERA_FABRICANTE);
    expect((await save(fabricante, await recovery(testCase))).statusCode).toBe(200);
    expect((await save(cl, await recovery(testCase))).statusCode).toBe(403);
  });

  it.each([
    ['Pendiente', ER_STATUS.PENDIENTE],
    ['Anulado', ER_STATUS.ANULADO],
  ])('refuses a %s case with 400', async (_name, status) => {
    const testCase = await caseIn(status);
    const response = await save(rlf, await recovery(testCase));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Message: MSG.recovery.notAllowed });
  });

  it('refuses a future recovery date (an expiry date may be future), without the yes/no answer, out of reach or another case’s medication', async () => {
    const testCase = await caseIn();
    const future = await save(rlf, await recovery(testCase, { Date: '2999-01-01' }));
    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({ Message: MSG.generic.futureDate });
    const missing = await save(rlf, await recovery(testCase, { HaveProduct: undefined }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ Message: MSG.generic.radio });
    expect((await save(otherRlf, await recovery(testCase))).statusCode).toBe(404);
    const other = await caseIn();
    expect((await save(rlf, await recovery(testCase, { Id: await medicationOf(other) }))).statusCode).toBe(404);
    expect(await storedRecovery(rlf, testCase)).toBeNull();
  });
});

describe('the recovery’s proof (uploadFileRecProduct, downloadFileRecProductById)', () => {
  async function upload(who: Session, medicationId: number, fileName = 'acta.pdf') {
    const body = await multipartBody({ Id: medicationId, Extension: 'pdf', FileName: fileName }, [{ name: fileName, content: SAMPLE_PDF, type: 'application/pdf' }]);
    return t.app.inject({ method: 'POST', url: '/api/uploadFileRecProduct', headers: { ...who.headers, ...body.headers }, payload: body.payload });
  }

  it('needs the saved recovery first, then stores the proof and downloads the same bytes within reach only', async () => {
    const testCase = await caseIn();
    const medicationId = await medicationOf(testCase);
    const early = await upload(rlf, medicationId);
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ Message: MSG.recovery.missing });

    await save(rlf, await recovery(testCase));
    const response = await upload(rlf, medicationId, 'Acta de retiro.pdf');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ Recuperado: { NombreArchivo: 'Acta de retiro.pdf', Extension: 'pdf' } });
    expect((await lastEntry(testCase))?.lines).toEqual([['Archivo de la recuperación', null, 'Acta de retiro.pdf']]);

    const download = await get(t, fabricante, `downloadFileRecProductById/${medicationId}`);
    expect(download.statusCode).toBe(200);
    expect(new Uint8Array(download.rawPayload)).toEqual(SAMPLE_PDF);
    expect((await get(t, otherRlf, `downloadFileRecProductById/${medicationId}`)).statusCode).toBe(404);
  });

  it('a QPPV who did not create the case cannot attach it (403); an unknown medication is 404', async () => {
    const testCase = await caseIn(ER_STATUS.EN_EVALUACION_QPPV);
    await save(rlf, await recovery(testCase));
    expect((await upload(qppv, await medicationOf(testCase))).statusCode).toBe(403);
    expect((await upload(rlf, 999_999)).statusCode).toBe(404);
  });
});

describe('a recovery only for a suspect or interacting product (docs/event-view.md)', () => {
  it('refuses the recovery of a concomitant or not-administered drug (400, nothing stored), accepts an interacting one', async () => {
    const testCase = await caseIn();
    const medicationId = await medicationOf(testCase);
    for (const role of [2, 4]) {
      await t.database.db.update(eventMedications).set({ drugRole: role }).where(eq(eventMedications.id, medicationId));
      const refused = await save(rlf, await recovery(testCase));
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ Message: MSG.recovery.notSuspect });
      expect(await t.database.db.select({ id: productRecoveries.id }).from(productRecoveries).where(eq(productRecoveries.eventMedicationId, medicationId))).toHaveLength(0);
    }
    await t.database.db.update(eventMedications).set({ drugRole: 3 }).where(eq(eventMedications.id, medicationId));
    expect((await save(rlf, await recovery(testCase))).statusCode).toBe(200);
    // Made concomitant after its recovery was saved: the proof is refused too.
    await t.database.db.update(eventMedications).set({ drugRole: 2 }).where(eq(eventMedications.id, medicationId));
    const fileName = 'prueba.pdf';
    const body = await multipartBody({ Id: medicationId, Extension: 'pdf', FileName: fileName }, [{ name: fileName, content: SAMPLE_PDF, type: 'application/pdf' }]);
    const upload = await t.app.inject({ method: 'POST', url: '/api/uploadFileRecProduct', headers: { ...rlf.headers, ...body.headers }, payload: body.payload });
    expect(upload.statusCode).toBe(400);
    expect(upload.json()).toMatchObject({ Message: MSG.recovery.notSuspect });
  });
});
