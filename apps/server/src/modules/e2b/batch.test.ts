import { createHash, randomUUID } from 'node:crypto';
import { ER_STATUS, sampleIcsr, type E2bAckResult, type E2bBatchRefusal, type E2bBatchResult, type E2bSubmission } from '@atalaya/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, e2bSubmissions, eventRams, events } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { get, post, sessionOf, type Session } from '../../test-support/case-edit.js';
import { createMedicationProduct, type MedicationProduct } from '../../test-support/case-medications.js';
import { createLlt, type TestLlt } from '../../test-support/catalog.js';
import { randomMeta, type TestCase } from '../../test-support/cases.js';
import { eightDigitCode, filledE2bCase, switchInMeddraVersion } from '../../test-support/e2b.js';
import { e2bXsdDir } from '../../test-support/reference.js';
import { buildAck } from '../e2b-import/index.js';
import { schemaProblems } from './batch.js';
import { buildMessageXml, wrapBatchXml } from './build.js';
import { validateXml } from './xsd.js';

/** The batch export of a selection of the event search (exportE2BBatch, getE2BBatch) and its ACK. */

let t: TestApp;
let product: MedicationProduct;
let llt: TestLlt;
let qppv: Session;
let rlf: Session;
let outsider: Session;

beforeAll(async () => {
  t = await createTestApp({ e2bXsdDir: e2bXsdDir() });
  product = await createMedicationProduct(t.database.db);
  llt = await createLlt(t.database.db, { name: `Urticaria ${randomUUID().slice(0, 6)}`, code: eightDigitCode() });
  rlf = await sessionOf(t, 'RLF');
  qppv = await sessionOf(t, 'QPPV', { laboratories: [{ laboratoryId: product.laboratoryId }] });
  outsider = await sessionOf(t, 'RLF', { country: 'AR' });
  await switchInMeddraVersion(t.database.db, qppv.user.id);
});
afterAll(() => t.close());

const exportBatch = (who: Session, receiver: string, cases: unknown) => post(t, who, 'exportE2BBatch', { Receptor: receiver, Casos: cases });
const messagesIn = (xml: string) => xml.match(/<PORR_IN049016UV>/g)?.length ?? 0;
const message = (response: { json: <T>() => T }) => response.json<{ Message: string }>().Message;

async function storedRows(ids: readonly string[]) {
  return t.database.db.select({ id: e2bSubmissions.id }).from(e2bSubmissions).where(inArray(e2bSubmissions.eventId, [...ids]));
}

describe('E2B batch export from the event search', () => {
  it('exports the valid cases of a selection as one schema-valid batch, and lists the others with their problems', async () => {
    const valid: TestCase[] = [];
    for (let index = 0; index < 3; index += 1) valid.push(await filledE2bCase(t, rlf, product, llt, { additional: `Caso ${index} del lote & <prueba>` }));
    const noLlt = await filledE2bCase(t, rlf, product, llt);
    await t.database.db.update(eventRams).set({ lltCode: null }).where(eq(eventRams.eventId, noLlt.id));
    const pending = await filledE2bCase(t, rlf, product, llt, { status: ER_STATUS.PENDIENTE });

    const response = await exportBatch(rlf, 'EVHUMAN', [valid[0]?.meta, noLlt.meta, valid[1]?.meta, pending.meta, valid[2]?.meta, valid[0]?.meta]);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<E2bBatchResult>();
    expect(result).toMatchObject({ Receptor: 'EVHUMAN', EsquemaVerificado: true });
    expect(result.Exportados.map((entry) => entry.Caso)).toEqual(valid.map((entry) => entry.meta));
    expect(result.Exportados.every((entry) => entry.Version === 1 && entry.Tipo === 'initial')).toBe(true);
    expect(result.Rechazados).toEqual([
      { Caso: noLlt.meta, Referencia: noLlt.referenceNumber, Problemas: expect.arrayContaining(['E.i.2.1b Código LLT de la reacción: falta']) },
      { Caso: pending.meta, Referencia: pending.referenceNumber, Problemas: ['Un caso Pendiente no se exporta: finalice el ingreso primero'] },
    ]);

    const file = await get(t, qppv, `getE2BBatch/${result.Lote}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(file.headers['content-disposition']).toContain(result.Lote);
    expect(messagesIn(file.body)).toBe(3);
    expect(validateXml(file.body, e2bXsdDir())).toEqual([]);
    expect(createHash('sha256').update(file.body, 'utf8').digest('hex')).toBe(result.Sha256);
    expect(file.body).toContain(`<id extension="${result.Lote}"`);
    for (const entry of result.Exportados) expect(file.body).toContain(`<id extension="${entry.Mensaje}" root="2.16.840.1.113883.3.989.2.1.3.1"/>`);

    // Each case has its submission, valid on its own, in its 'Envíos E2B' with the batch's number.
    for (const entry of result.Exportados) {
      const [submission] = (await get(t, qppv, `listE2B/${entry.Caso}`)).json<E2bSubmission[]>();
      expect(submission).toMatchObject({ Id: entry.Id, Lote: result.Lote, Version: 1, Estado: 'generated', EsquemaVerificado: true });
      const own = await get(t, qppv, `getE2B/${entry.Caso}/${entry.Id}`);
      expect(messagesIn(own.body)).toBe(1);
      expect(validateXml(own.body, e2bXsdDir())).toEqual([]);
      const audits = await t.database.db.select({ kind: auditLog.kind }).from(auditLog).where(eq(auditLog.metadata, entry.Caso));
      expect(audits.map((row) => row.kind)).toContain('case.e2b-exported');
    }
    expect(await storedRows([noLlt.id, pending.id])).toEqual([]);

    // Exported again: each case's next version (a follow-up), with the same C.1.8.1.
    const again = (await exportBatch(qppv, 'EVHUMAN', valid.map((entry) => entry.meta))).json<E2bBatchResult>();
    expect(again.Lote).not.toBe(result.Lote);
    expect(again.Exportados.map((entry) => [entry.Version, entry.Tipo, entry.Mensaje])).toEqual(result.Exportados.map((entry) => [2, 'follow-up', entry.Mensaje]));
  });

  it('a schema problem of one case leaves only that case out, naming the line of its own file', () => {
    const header = { batchNumber: 'ATALAYA-B-2', senderId: 'ATALAYA', receiverId: 'EVHUMAN', transmissionDate: '20261129101530+0000' };
    const icsr = sampleIcsr();
    const messageHeader = { messageId: icsr.report.safetyReportId, senderId: 'ATALAYA', receiverId: 'EVHUMAN', creationDate: '20261129101530+0000' };
    const good = buildMessageXml(messageHeader, icsr);
    const bad = good.replace('<interactionId extension="PORR_IN049016UV"', '<interactionIdX extension="PORR_IN049016UV"');
    const alone = validateXml(wrapBatchXml(header, [bad]), e2bXsdDir());
    expect(alone.length).toBeGreaterThan(0);
    const found = schemaProblems(header, [good, bad, good, bad], e2bXsdDir());
    expect([...found.keys()].sort()).toEqual([1, 3]);
    expect(found.get(1)?.[0]).toBe(`Esquema XSD de ICH, línea ${alone[0]?.line}: ${alone[0]?.message}`);
    expect(found.get(3)).toEqual(found.get(1));
  });

  it('refuses the whole batch (422, nothing stored) when no case is valid; a case out of reach or unknown is 404', async () => {
    const testCase = await filledE2bCase(t, rlf, product, llt);
    const invalid = await filledE2bCase(t, rlf, product, llt);
    await t.database.db.update(eventRams).set({ lltCode: null }).where(eq(eventRams.eventId, invalid.id));
    const none = await exportBatch(qppv, 'EVHUMAN', [invalid.meta]);
    expect(none.statusCode).toBe(422);
    expect(none.json<E2bBatchRefusal>()).toMatchObject({ Message: 'Ningún caso seleccionado cumple las reglas de ICH: no se generó el lote E2B', Code: 'e2bBatch.refused', SchemaChecked: true, Rechazados: [{ Caso: invalid.meta, Referencia: invalid.referenceNumber }] });
    for (const [who, list] of [
      [outsider, [testCase.meta]],
      [qppv, [testCase.meta, randomMeta()]],
    ] as const) {
      const response = await exportBatch(who, 'EVHUMAN', list);
      expect([response.statusCode, message(response)]).toEqual([404, 'Uno de los casos seleccionados no existe o no está a su alcance']);
    }
    expect(await storedRows([testCase.id, invalid.id])).toEqual([]);

    const exported = (await exportBatch(qppv, 'EVHUMAN', [testCase.meta])).json<E2bBatchResult>();
    const foreign = await get(t, outsider, `getE2BBatch/${exported.Lote}`);
    expect([foreign.statusCode, message(foreign)]).toEqual([404, 'El lote E2B no existe o alguno de sus casos no está a su alcance']);
    expect((await get(t, qppv, 'getE2BBatch/NO-EXISTE-1')).statusCode).toBe(404);
    const badBatch = await get(t, qppv, 'getE2BBatch/a%20b');
    expect([badBatch.statusCode, message(badBatch)]).toEqual([400, 'El número de lote E2B no es válido']);
  });

  it('refuses an annulled case never sent to the receiver', async () => {
    const testCase = await filledE2bCase(t, rlf, product, llt);
    await t.database.db.update(events).set({ status: ER_STATUS.ANULADO }).where(eq(events.id, testCase.id));
    const response = await exportBatch(qppv, 'ZZFDA', [testCase.meta]);
    expect(response.statusCode).toBe(422);
    expect(response.json<E2bBatchRefusal>().Rechazados[0]?.Problemas).toEqual(['El caso anulado nunca se envió a este receptor: no hay nada que anular']);
  });

  it('validates the input with Spanish 400s, and is for QPPV and RLF only', async () => {
    const testCase = await filledE2bCase(t, rlf, product, llt);
    const cases: [unknown, string, string][] = [
      [[], 'EVHUMAN', 'Seleccione al menos un caso para exportar'],
      [undefined, 'EVHUMAN', 'Seleccione al menos un caso para exportar'],
      [Array.from({ length: 1001 }, () => testCase.meta), 'EVHUMAN', 'Un lote E2B admite como máximo 1000 casos: seleccione menos'],
      [['a b'], 'EVHUMAN', 'Uno de los casos seleccionados no es válido'],
      [[42], 'EVHUMAN', 'Uno de los casos seleccionados no es válido'],
      [[testCase.meta], 'NADIE', 'Seleccione un receptor E2B de la lista'],
      [[testCase.meta], '', 'Seleccione un receptor E2B de la lista'],
    ];
    for (const [list, receiver, expected] of cases) {
      const response = await exportBatch(qppv, receiver, list);
      expect([response.statusCode, message(response)], JSON.stringify(list)?.slice(0, 40)).toEqual([400, expected]);
    }
    expect(await storedRows([testCase.id])).toEqual([]);
    const admin = await sessionOf(t, 'ADMIN');
    expect((await exportBatch(admin, 'EVHUMAN', [testCase.meta])).statusCode).toBe(403);
  });

  it('marks the whole batch sent from one case, and its ACK sets each report’s status with its own message', async () => {
    const cases = [await filledE2bCase(t, rlf, product, llt), await filledE2bCase(t, rlf, product, llt), await filledE2bCase(t, rlf, product, llt)];
    const result = (await exportBatch(rlf, 'ZZFDA', cases.map((entry) => entry.meta))).json<E2bBatchResult>();
    expect(result.Exportados).toHaveLength(3);
    const [first, second, third] = result.Exportados;
    if (!first || !second || !third) throw new Error('three submissions expected');

    const sent = await post(t, rlf, `markE2BSent/${first.Caso}/${first.Id}`, {});
    expect(sent.json<E2bSubmission>().Estado).toBe('sent');
    for (const entry of result.Exportados) expect((await get(t, rlf, `listE2B/${entry.Caso}`)).json<E2bSubmission[]>()[0]?.Estado).toBe('sent');

    const { xml } = buildAck({
      batch: { batchNumber: result.Lote, senderId: 'ATALAYA', receiverId: 'ZZFDA', transmissionDate: '20261129000000+0000' },
      ackNumber: 'ACK-1',
      localMessageNumber: 'ACK-1',
      now: new Date(),
      reports: [
        { messageId: first.Mensaje, messageCreationDate: '20261129000000+0000', localNumber: null, accepted: true, detail: 'Aceptado' },
        { messageId: second.Mensaje, messageCreationDate: '20261129000000+0000', localNumber: null, accepted: false, detail: 'Falta FDA.C.1.7.1' },
        { messageId: third.Mensaje, messageCreationDate: '20261129000000+0000', localNumber: null, accepted: true, detail: 'Aceptado' },
      ],
    });
    const ack = await t.app.inject({ method: 'POST', url: `/api/uploadE2BAck/${third.Caso}`, headers: { ...rlf.headers, 'content-type': 'application/xml' }, payload: xml });
    expect(ack.statusCode, ack.body).toBe(200);
    const updated = ack.json<E2bAckResult>().Actualizados;
    expect(updated.map((entry) => [entry.Id, entry.Estado]).sort()).toEqual(
      [
        [first.Id, 'ack-accepted'],
        [second.Id, 'ack-rejected'],
        [third.Id, 'ack-accepted'],
      ].sort(),
    );
    const [secondNow] = (await get(t, rlf, `listE2B/${second.Caso}`)).json<E2bSubmission[]>();
    expect(secondNow).toMatchObject({ Estado: 'ack-rejected', MensajeReceptor: 'Falta FDA.C.1.7.1' });
  });
});
