import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ER_STATUS, type E2bAckResult, type E2bExportRefusal, type E2bSubmission } from '@atalaya/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, e2bSubmissions, eventComments, eventRams, events } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { get, post, sessionOf, type Session } from '../../test-support/case-edit.js';
import { createMedicationProduct, type MedicationProduct } from '../../test-support/case-medications.js';
import { createLlt, type TestLlt } from '../../test-support/catalog.js';
import { eightDigitCode, filledE2bCase, switchInMeddraVersion } from '../../test-support/e2b.js';
import { e2bXsdDir, referencePath } from '../../test-support/reference.js';
import { parseBatchFile } from '../e2b-import/index.js';
import { validateXml } from './xsd.js';

/** The 'Envíos E2B' routes: export, list, download, mark sent, ACK. */

let t: TestApp;
let product: MedicationProduct;
let llt: TestLlt;
let qppv: Session;
let rlf: Session;
let outsider: Session;

beforeAll(async () => {
  t = await createTestApp({ e2bXsdDir: e2bXsdDir() });
  product = await createMedicationProduct(t.database.db);
  llt = await createLlt(t.database.db, { name: `Angioedema ${randomUUID().slice(0, 6)}`, code: eightDigitCode() });
  rlf = await sessionOf(t, 'RLF');
  qppv = await sessionOf(t, 'QPPV', { laboratories: [{ laboratoryId: product.laboratoryId }] });
  outsider = await sessionOf(t, 'RLF', { country: 'AR' });
  await switchInMeddraVersion(t.database.db, qppv.user.id);
});
afterAll(() => t.close());

const exportFor = (who: Session, meta: string, receiver: string) => post(t, who, `exportE2B/${meta}`, { Receptor: receiver });

/** The positive FDA ACK, pointed at our batch and message. */
function ackFor(submission: E2bSubmission, accepted: boolean): string {
  const source = readFileSync(referencePath('e2b-r3-examples', 'fda-faers-2022', accepted ? 'R3ack-positive.ack' : 'R3ack-negative.ack'), 'utf8');
  return source
    .replace(/(<targetBatch>\s*<id extension=")[^"]*/, `$1${submission.Lote}`)
    .replace(/(<targetMessage>\s*<id extension=")[^"]*/, `$1${submission.Mensaje}`);
}

describe('E2B submissions of a case', () => {
  it('exports a closed case for a receiver: stored with its SHA-256, schema-valid, audited, listed and downloadable', async () => {
    const testCase = await filledE2bCase(t, rlf, product, llt);
    const response = await exportFor(qppv, testCase.meta, 'EVHUMAN');
    expect(response.statusCode, response.body).toBe(200);
    const submission = response.json<E2bSubmission>();
    expect(submission).toMatchObject({ Receptor: 'EVHUMAN', Version: 1, Tipo: 'initial', Estado: 'generated', EstadoNombre: 'Generado', EsquemaVerificado: true, MensajeReceptor: null });
    expect(submission.Sha256).toMatch(/^[0-9a-f]{64}$/);

    const download = await get(t, qppv, `getE2B/${testCase.meta}/${submission.Id}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(validateXml(download.body, e2bXsdDir())).toEqual([]);
    const { createHash } = await import('node:crypto');
    expect(createHash('sha256').update(download.body, 'utf8').digest('hex')).toBe(submission.Sha256);

    const list = await get(t, qppv, `listE2B/${testCase.meta}`);
    expect(list.json<E2bSubmission[]>().map((entry) => entry.Id)).toEqual([submission.Id]);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.metadata, testCase.meta));
    expect(audits.map((row) => row.kind)).toContain('case.e2b-exported');
  });

  it('keeps C.1.8.1 across follow-ups and numbers each export to a receiver as a new version', async () => {
    const testCase = await filledE2bCase(t, rlf, product, llt);
    const first = (await exportFor(qppv, testCase.meta, 'ZZFDA')).json<E2bSubmission>();
    const second = (await exportFor(qppv, testCase.meta, 'ZZFDA')).json<E2bSubmission>();
    const other = (await exportFor(qppv, testCase.meta, 'EVHUMAN')).json<E2bSubmission>();
    expect([first.Version, second.Version, other.Version]).toEqual([1, 2, 1]);
    expect(second.Tipo).toBe('follow-up');
    expect(second.CasoMundial).toBe(first.CasoMundial);
    expect(second.Lote).not.toBe(first.Lote);
  });

  it('refuses an export the ICH rules reject, with the Spanish list naming each element, and stores nothing', async () => {
    const testCase = await filledE2bCase(t, rlf, product, llt);
    await t.database.db.update(eventRams).set({ lltCode: null }).where(eq(eventRams.eventId, testCase.id));
    const response = await exportFor(qppv, testCase.meta, 'EVHUMAN');
    expect(response.statusCode).toBe(422);
    const refusal = response.json<E2bExportRefusal>();
    expect(refusal.Message).toBe('La exportación E2B no cumple las reglas de ICH: complete el caso y vuelva a generarla');
    expect(refusal.Problems).toContain('E.i.2.1b Código LLT de la reacción: falta');
    expect(refusal.SchemaChecked).toBe(true);
    const stored = await t.database.db.select({ id: e2bSubmissions.id }).from(e2bSubmissions).where(eq(e2bSubmissions.eventId, testCase.id));
    expect(stored).toEqual([]);
  });

  it('says when the schema was not checked (no ATALAYA_E2B_XSD_DIR): the rules still run', async () => {
    const bare = await createTestApp();
    try {
      const productHere = await createMedicationProduct(bare.database.db);
      const who = await sessionOf(bare, 'QPPV', { laboratories: [{ laboratoryId: productHere.laboratoryId }] });
      const creator = await sessionOf(bare, 'RLF');
      const lltHere = await createLlt(bare.database.db, { name: `Edema ${randomUUID().slice(0, 6)}`, code: eightDigitCode() });
      await switchInMeddraVersion(bare.database.db, who.user.id);
      const testCase = await filledE2bCase(bare, creator, productHere, lltHere);
      const ok = await bare.app.inject({ method: 'POST', url: `/api/exportE2B/${testCase.meta}`, headers: who.headers, payload: { Receptor: 'SOCIO' } });
      expect(ok.json<E2bSubmission>().EsquemaVerificado).toBe(false);
      await bare.database.db.update(eventRams).set({ lltCode: null }).where(eq(eventRams.eventId, testCase.id));
      const refused = await bare.app.inject({ method: 'POST', url: `/api/exportE2B/${testCase.meta}`, headers: who.headers, payload: { Receptor: 'SOCIO' } });
      expect(refused.statusCode).toBe(422);
      expect(refused.json<E2bExportRefusal>()).toMatchObject({ SchemaChecked: false });
    } finally {
      await bare.close();
    }
  });

  it('marks a submission sent, then reads the receiver’s ACK: accepted or rejected with its message', async () => {
    const testCase = await filledE2bCase(t, rlf, product, llt);
    const submission = (await exportFor(qppv, testCase.meta, 'ZZFDA')).json<E2bSubmission>();
    const early = await t.app.inject({ method: 'POST', url: `/api/uploadE2BAck/${testCase.meta}`, headers: { ...qppv.headers, 'content-type': 'application/xml' }, payload: ackFor(submission, true) });
    expect(early.statusCode).toBe(400);
    expect(early.json<{ Message: string }>().Message).toBe('Marque el envío como enviado antes de cargar su acuse de recibo');

    const sent = await post(t, qppv, `markE2BSent/${testCase.meta}/${submission.Id}`, {});
    expect(sent.json<E2bSubmission>()).toMatchObject({ Estado: 'sent', EstadoNombre: 'Enviado' });
    const twice = await post(t, qppv, `markE2BSent/${testCase.meta}/${submission.Id}`, {});
    expect(twice.statusCode).toBe(400);

    const ack = await t.app.inject({ method: 'POST', url: `/api/uploadE2BAck/${testCase.meta}`, headers: { ...qppv.headers, 'content-type': 'application/xml' }, payload: ackFor(submission, true) });
    expect(ack.statusCode, ack.body).toBe(200);
    const result = ack.json<E2bAckResult>();
    expect(result.Lote).toBe(submission.Lote);
    expect(result.Actualizados[0]).toMatchObject({ Id: submission.Id, Estado: 'ack-accepted', EstadoNombre: 'ACK aceptado' });

    const rejectedCase = await filledE2bCase(t, rlf, product, llt);
    const rejected = (await exportFor(qppv, rejectedCase.meta, 'ZZFDA')).json<E2bSubmission>();
    await post(t, qppv, `markE2BSent/${rejectedCase.meta}/${rejected.Id}`, {});
    const negative = await t.app.inject({ method: 'POST', url: `/api/uploadE2BAck/${rejectedCase.meta}`, headers: { ...qppv.headers, 'content-type': 'application/xml' }, payload: ackFor(rejected, false) });
    const [updated] = negative.json<E2bAckResult>().Actualizados;
    expect(updated).toMatchObject({ Estado: 'ack-rejected', EstadoNombre: 'ACK rechazado' });
    expect(updated?.MensajeReceptor).toContain('SafetyCasePriority');
  });

  it('refuses an ACK that is not one, or of another batch', async () => {
    const testCase = await filledE2bCase(t, rlf, product, llt);
    const notAck = await t.app.inject({ method: 'POST', url: `/api/uploadE2BAck/${testCase.meta}`, headers: { ...qppv.headers, 'content-type': 'application/xml' }, payload: '<hola/>' });
    expect(notAck.statusCode).toBe(400);
    expect(notAck.json<{ Message: string }>().Message).toBe('El archivo no es un acuse de recibo E2B (MCCI_IN200101UV01) legible');
    const otherBatch = await t.app.inject({
      method: 'POST',
      url: `/api/uploadE2BAck/${testCase.meta}`,
      headers: { ...qppv.headers, 'content-type': 'application/xml' },
      payload: readFileSync(referencePath('e2b-r3-examples', 'fda-faers-2022', 'R3ack-positive.ack')),
    });
    expect(otherBatch.statusCode).toBe(400);
    expect(otherBatch.json<{ Message: string }>().Message).toMatch(/^El acuse de recibo corresponde al lote .+, que no es un envío de este caso$/);
  });

  it('exports a nullification of an annulled case only when it was sent before', async () => {
    const testCase = await filledE2bCase(t, rlf, product, llt);
    const initial = (await exportFor(qppv, testCase.meta, 'EVHUMAN')).json<E2bSubmission>();
    await t.database.db.update(events).set({ status: ER_STATUS.ANULADO }).where(eq(events.id, testCase.id));
    await t.database.db.insert(eventComments).values({ eventId: testCase.id, action: 'Anular', comment: 'Caso duplicado', userId: qppv.user.id });
    const notSent = await exportFor(qppv, testCase.meta, 'EVHUMAN');
    expect(notSent.statusCode).toBe(400);
    expect(notSent.json<{ Message: string }>().Message).toBe('El caso anulado nunca se envió a este receptor: no hay nada que anular');
    await post(t, qppv, `markE2BSent/${testCase.meta}/${initial.Id}`, {});
    const nullification = await exportFor(qppv, testCase.meta, 'EVHUMAN');
    expect(nullification.json<E2bSubmission>()).toMatchObject({ Tipo: 'nullification', Version: 2, CasoMundial: initial.CasoMundial });
    const xml = (await get(t, qppv, `getE2B/${testCase.meta}/${nullification.json<E2bSubmission>().Id}`)).body;
    expect(xml).toContain('<originalText>Caso duplicado</originalText>');
  });

  it('validates the input and the reach: an unknown receiver, a case out of reach, a Pendiente case, a bad submission id', async () => {
    const testCase = await filledE2bCase(t, rlf, product, llt);
    const unknown = await exportFor(qppv, testCase.meta, 'NADIE');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ Message: string }>().Message).toBe('Seleccione un receptor E2B de la lista');
    expect((await exportFor(outsider, testCase.meta, 'EVHUMAN')).statusCode).toBe(404);
    const badId = await get(t, qppv, `getE2B/${testCase.meta}/abc`);
    expect([badId.statusCode, badId.json<{ Message: string }>().Message]).toEqual([400, 'El envío E2B no existe']);
    expect((await get(t, qppv, `getE2B/${testCase.meta}/999999999`)).statusCode).toBe(404);
    await t.database.db.update(events).set({ status: ER_STATUS.PENDIENTE }).where(eq(events.id, testCase.id));
    // A Pendiente case is only in its creator's reach.
    const pending = await exportFor(rlf, testCase.meta, 'EVHUMAN');
    expect(pending.statusCode).toBe(400);
    expect(pending.json<{ Message: string }>().Message).toBe('Un caso Pendiente no se exporta: finalice el ingreso primero');
  });

  it('keeps the submissions append-only', async () => {
    const testCase = await filledE2bCase(t, rlf, product, llt);
    const submission = (await exportFor(qppv, testCase.meta, 'EVHUMAN')).json<E2bSubmission>();
    await expect(t.database.db.execute(sql`update e2b_submissions set xml = '<x/>' where id = ${submission.Id}`)).rejects.toThrow();
  });
});

describe('G.k.1 from the medicine\'s role', () => {
  it('exports each medicine with its role (a concomitant as 2), schema-valid, and reads back the same roles', async () => {
    const testCase = await filledE2bCase(t, rlf, product, llt);
    // A concomitant and a not administered medicine beside the suspect one.
    await t.database.db.execute(sql`
      insert into event_medications (event_id, product_id, laboratory_id, drug_role)
      select ${testCase.id}, id, laboratory_id, role from products, (values (2), (4)) as r(role) where id = ${product.id}`);
    const response = await exportFor(qppv, testCase.meta, 'EVHUMAN');
    expect(response.statusCode, response.body).toBe(200);
    const submission = response.json<E2bSubmission>();
    const download = await get(t, qppv, `getE2B/${testCase.meta}/${submission.Id}`);
    expect(download.statusCode).toBe(200);
    expect(validateXml(download.body, e2bXsdDir())).toEqual([]);
    const dir = await mkdtemp(join(tmpdir(), 'e2b-roles-'));
    try {
      await writeFile(join(dir, 'roles.xml'), download.body);
      const parsed = await parseBatchFile(join(dir, 'roles.xml'));
      expect(parsed.reports[0]?.icsr.drugs.map((drug) => drug.role)).toEqual(['1', '2', '4']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('G.k.9.i only for suspect and interacting drugs', () => {
  it('exports the drug–reaction assessments of the suspect drug only, even when a concomitant or not administered one has one stored', async () => {
    const testCase = await filledE2bCase(t, rlf, product, llt);
    await t.database.db.execute(sql`
      insert into event_medications (event_id, product_id, laboratory_id, drug_role)
      select ${testCase.id}, id, laboratory_id, role from products, (values (2), (3), (4)) as r(role) where id = ${product.id}`);
    // A WHO-UMC category stored for every drug × reaction (e.g. saved while each drug was still suspect).
    await t.database.db.execute(sql`
      insert into who_umc_assessments (event_id, ram_id, medication_id, answers, implied_category, category)
      select m.event_id, r.id, m.id, '{"suficiente":true,"temporal":true,"otraCausa":true}'::jsonb, 'Posible', 'Posible'
      from event_medications m join event_rams r on r.event_id = m.event_id where m.event_id = ${testCase.id}`);
    const response = await exportFor(qppv, testCase.meta, 'EVHUMAN');
    expect(response.statusCode, response.body).toBe(200);
    const download = await get(t, qppv, `getE2B/${testCase.meta}/${response.json<E2bSubmission>().Id}`);
    expect(validateXml(download.body, e2bXsdDir())).toEqual([]);
    const dir = await mkdtemp(join(tmpdir(), 'e2b-causality-roles-'));
    try {
      await writeFile(join(dir, 'causality.xml'), download.body);
      const parsed = await parseBatchFile(join(dir, 'causality.xml'));
      const drugs = parsed.reports[0]?.icsr.drugs ?? [];
      const methodsByRole = Object.fromEntries(drugs.map((drug) => [drug.role, drug.reactions.flatMap((link) => link.assessments.map((assessment) => assessment.method))]));
      expect(methodsByRole['1']).toContain('WHO-UMC');
      expect(methodsByRole['3']).toContain('WHO-UMC');
      expect(methodsByRole['2']).toEqual([]);
      expect(methodsByRole['4']).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
