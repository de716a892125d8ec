import { MSG, type WhoUmcAnswers, type WhoUmcAssessment } from '@atalaya/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventMedications, operationHistory, operationHistoryLines, whoUmcAssessments } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { get, post, sessionOf, type Session } from '../../test-support/case-edit.js';
import { createCase, laboratoryOfProduct, type TestCase } from '../../test-support/cases.js';
import { createProduct } from '../../test-support/catalog.js';

/** WHO-UMC causality per reaction × suspect drug (docs/causality.md): computed, validated and audited on the server. */

let t: TestApp;
let productIds: number[];
let rlf: Session;
let qppv: Session;
let fabricante: Session;

const POSIBLE: WhoUmcAnswers = { suficiente: true, temporal: true, otraCausa: true };
const CIERTA: WhoUmcAnswers = { suficiente: true, temporal: true, otraCausa: false, retirada: true, definitivo: true, reexposicion: true };

beforeAll(async () => {
  t = await createTestApp();
  productIds = [(await createProduct(t.database.db, { countries: ['UY'] })).id, (await createProduct(t.database.db, { countries: ['UY'] })).id];
  const laboratoryIds = await Promise.all(productIds.map((id) => laboratoryOfProduct(t.database.db, id)));
  const laboratories = laboratoryIds.map((laboratoryId) => ({ laboratoryId }));
  rlf = await sessionOf(t, 'RLF');
  qppv = await sessionOf(t, 'QPPV', { laboratories });
  fabricante = await sessionOf(t, 'Fabricante', { laboratories });
});
afterAll(() => t.close());

function caseIn(status: number): Promise<TestCase> {
  return createCase(t.database.db, { status, createdBy: rlf.user.id, productIds, rams: [{ description: 'Urticaria' }, { description: 'Cefalea' }] });
}

const read = async (who: Session, testCase: TestCase) => (await get(t, who, `getWhoUmcByMeta/${testCase.meta}`)).json() as WhoUmcAssessment;

async function firstPair(testCase: TestCase) {
  const pair = (await read(rlf, testCase)).Pares[0];
  if (!pair) throw new Error('no pair');
  return pair;
}

function save(who: Session, testCase: TestCase, pair: { RamId: number; MedicamentoId: number }, body: object) {
  return post(t, who, 'setWhoUmc', { er: testCase.meta, RamId: pair.RamId, MedicamentoId: pair.MedicamentoId, ...body });
}

describe('WHO-UMC causality', () => {
  it('lists every reaction × suspect drug pair, none assessed yet', async () => {
    const testCase = await caseIn(2);
    const assessment = await read(rlf, testCase);
    expect(assessment.CanEdit).toBe(true);
    expect(assessment.Pares).toHaveLength(4);
    const [first, second] = testCase.ramIds;
    expect(assessment.Pares.map((pair) => pair.RamId)).toEqual([first, first, second, second]);
    expect(new Set(assessment.Pares.map((pair) => pair.MedicamentoId)).size).toBe(2);
    expect(assessment.Pares.every((pair) => pair.Categoria === null && pair.Modificado === null)).toBe(true);
  });

  it('stores the answers, the implied category, who and when, and audits the change', async () => {
    const testCase = await caseIn(2);
    const pair = await firstPair(testCase);
    // An answer off the checklist's path (datosAdicionales after a sufficient report) is dropped.
    const response = await save(rlf, testCase, pair, { Respuestas: { ...POSIBLE, datosAdicionales: true } });
    expect(response.statusCode).toBe(200);
    const stored = (await read(qppv, testCase)).Pares.find((candidate) => candidate.RamId === pair.RamId && candidate.MedicamentoId === pair.MedicamentoId);
    expect(stored).toMatchObject({ Respuestas: POSIBLE, CategoriaImplicada: 'Posible', Categoria: 'Posible', MotivoCambio: null });
    expect(stored?.Modificado?.Usuario).toBeTruthy();
    expect(Number.isNaN(Date.parse(stored?.Modificado?.Fecha ?? ''))).toBe(false);
    const [entry] = await t.database.db
      .select({ id: operationHistory.id })
      .from(operationHistory)
      .where(and(eq(operationHistory.eventId, testCase.id), eq(operationHistory.description, 'Evaluación de causalidad WHO-UMC actualizada')));
    expect(entry).toBeDefined();
    const lines = await t.database.db.select().from(operationHistoryLines).where(eq(operationHistoryLines.entryId, entry?.id ?? -1));
    expect(lines.map((line) => line.newValue)).toContain('Posible');
  });

  it('refuses an override without a reason (400, Spanish message, nothing stored), keeps it with one', async () => {
    const testCase = await caseIn(3);
    const pair = await firstPair(testCase);
    const refused = await save(qppv, testCase, pair, { Respuestas: POSIBLE, Categoria: 'Probable', MotivoCambio: '  ' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ Message: MSG.whoUmc.overrideReasonRequired });
    expect(await t.database.db.select().from(whoUmcAssessments).where(eq(whoUmcAssessments.eventId, testCase.id))).toEqual([]);

    const kept = await save(qppv, testCase, pair, { Respuestas: POSIBLE, Categoria: 'Probable', MotivoCambio: 'Retirada documentada en la historia clínica' });
    expect(kept.statusCode).toBe(200);
    expect((kept.json() as WhoUmcAssessment).Pares[0]).toMatchObject({
      CategoriaImplicada: 'Posible',
      Categoria: 'Probable',
      MotivoCambio: 'Retirada documentada en la historia clínica',
    });
  });

  it('refuses an unfinished checklist, an unknown category and a pair of another case', async () => {
    const testCase = await caseIn(2);
    const other = await caseIn(2);
    const pair = await firstPair(testCase);
    expect((await save(rlf, testCase, pair, { Respuestas: { suficiente: true } })).json()).toMatchObject({ Message: MSG.whoUmc.checklistIncomplete });
    expect((await save(rlf, testCase, pair, { Respuestas: CIERTA, Categoria: 'Segura' })).statusCode).toBe(400);
    const foreign = await firstPair(other);
    const refused = await save(rlf, testCase, foreign, { Respuestas: CIERTA });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ Message: MSG.whoUmc.pairNotFound });
  });

  it('is saved only by the RLF and the QPPV in the evaluation statuses, within reach', async () => {
    const testCase = await caseIn(2);
    const pair = await firstPair(testCase);
    expect((await save(qppv, testCase, pair, { Respuestas: CIERTA })).json()).toMatchObject({ Message: MSG.imputability.notEditable });
    expect((await save(fabricante, testCase, pair, { Respuestas: CIERTA })).statusCode).toBe(403);
    const elsewhere = await sessionOf(t, 'RLF', { country: 'AR' });
    expect((await save(elsewhere, testCase, pair, { Respuestas: CIERTA })).statusCode).toBe(404);
    expect((await read(fabricante, testCase)).CanEdit).toBe(false);
    expect((await firstPair(testCase)).Categoria).toBeNull();
  });
});

describe('WHO-UMC only for suspect and interacting drugs (docs/causality.md \'Drug roles\')', () => {
  it('lists no pair of a concomitant or not-administered drug, lists an interacting one, and refuses to assess a concomitant one', async () => {
    const testCase = await caseIn(2);
    const otherProduct = testCase.productIds[1];
    const other = and(eq(eventMedications.eventId, testCase.id), eq(eventMedications.productId, otherProduct ?? -1));
    const [otherMedication] = await t.database.db.select({ id: eventMedications.id }).from(eventMedications).where(other);
    if (!otherMedication) throw new Error('no medication');
    const otherPair = (await read(rlf, testCase)).Pares.find((pair) => pair.MedicamentoId === otherMedication.id);
    if (!otherPair) throw new Error('no pair');
    // Assessed while still suspect, then the drug's role changes to concomitant.
    expect((await save(rlf, testCase, otherPair, { Respuestas: POSIBLE })).statusCode).toBe(200);
    await t.database.db.update(eventMedications).set({ drugRole: 2 }).where(other);

    const pairs = (await read(qppv, testCase)).Pares;
    expect(pairs).toHaveLength(2);
    expect(pairs.every((pair) => pair.MedicamentoId !== otherMedication.id)).toBe(true);
    // The stored assessment is kept (shown again should the drug become suspect again), not listed nor required.
    expect(await t.database.db.select({ id: whoUmcAssessments.id }).from(whoUmcAssessments).where(eq(whoUmcAssessments.medicationId, otherMedication.id))).toHaveLength(1);
    const refused = await save(rlf, testCase, otherPair, { Respuestas: CIERTA });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ Message: MSG.whoUmc.pairNotFound });

    await t.database.db.update(eventMedications).set({ drugRole: 4 }).where(other);
    expect((await read(rlf, testCase)).Pares).toHaveLength(2);
    await t.database.db.update(eventMedications).set({ drugRole: 3 }).where(other);
    const withInteracting = (await read(rlf, testCase)).Pares;
    expect(withInteracting).toHaveLength(4);
    expect(withInteracting.find((pair) => pair.MedicamentoId === otherMedication.id && pair.RamId === otherPair.RamId)).toMatchObject({ Categoria: 'Posible' });
  });
});
