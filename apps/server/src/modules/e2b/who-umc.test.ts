import { randomUUID } from 'node:crypto';
import { ER_STATUS, type E2bSubmission, type WhoUmcAssessment } from '@atalaya/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { get, post, sessionOf, type Session } from '../../test-support/case-edit.js';
import { createMedicationProduct, type MedicationProduct } from '../../test-support/case-medications.js';
import { createLlt, type TestLlt } from '../../test-support/catalog.js';
import { eightDigitCode, filledE2bCase, switchInMeddraVersion } from '../../test-support/e2b.js';
import { pdftotext } from '../../test-support/pdftotext.js';
import { e2bXsdDir } from '../../test-support/reference.js';
import { validateXml } from './xsd.js';

/** The stored WHO-UMC category reaches the case PDF, the CIOMS form and the E2B(R3) export (G.k.9.i.2.r, method WHO-UMC). */

let t: TestApp;
let product: MedicationProduct;
let llt: TestLlt;
let rlf: Session;
let qppv: Session;

beforeAll(async () => {
  t = await createTestApp({ e2bXsdDir: e2bXsdDir() });
  product = await createMedicationProduct(t.database.db);
  llt = await createLlt(t.database.db, { name: `Angioedema ${randomUUID().slice(0, 6)}`, code: eightDigitCode() });
  rlf = await sessionOf(t, 'RLF');
  qppv = await sessionOf(t, 'QPPV', { laboratories: [{ laboratoryId: product.laboratoryId }] });
  await switchInMeddraVersion(t.database.db, qppv.user.id);
});
afterAll(() => t.close());

const flat = (text: string) => text.replace(/\s+/gu, ' ');

describe('WHO-UMC in the documents of a case', () => {
  it('prints the overridden category with its reason in the PDF and the CIOMS form, and exports it in a schema-valid E2B', async () => {
    const testCase = await filledE2bCase(t, rlf, product, llt, { status: ER_STATUS.EN_REVISION_RLF });
    const [pair] = (await get(t, rlf, `getWhoUmcByMeta/${testCase.meta}`)).json<WhoUmcAssessment>().Pares;
    if (!pair) throw new Error('no pair');
    const saved = await post(t, rlf, 'setWhoUmc', {
      er: testCase.meta,
      RamId: pair.RamId,
      MedicamentoId: pair.MedicamentoId,
      Respuestas: { suficiente: true, temporal: true, otraCausa: true },
      Categoria: 'Probable',
      MotivoCambio: 'Mejoró al suspender según la historia clínica',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await t.database.db.update(events).set({ status: ER_STATUS.CERRADO_IMPUTABLE }).where(eq(events.id, testCase.id));

    const pdf = await get(t, rlf, `getERPDF/${testCase.meta}`);
    expect(pdf.statusCode).toBe(200);
    const pdfText = flat(await pdftotext(pdf.rawPayload));
    expect(pdfText).toContain('Causalidad WHO-UMC');
    expect(pdfText).toContain('Mejoró al suspender según la historia clínica');
    expect(pdfText).toMatch(/Probable.*Posible/u);

    const cioms = await get(t, rlf, `getERCIOMS/${testCase.meta}`);
    expect(cioms.statusCode).toBe(200);
    expect(flat(await pdftotext(cioms.rawPayload))).toContain(`${product.commercialName}: Probable (WHO-UMC, Compañía)`);

    const exported = await post(t, qppv, `exportE2B/${testCase.meta}`, { Receptor: 'EVHUMAN' });
    expect(exported.statusCode, exported.body).toBe(200);
    const download = await get(t, qppv, `getE2B/${testCase.meta}/${exported.json<E2bSubmission>().Id}`);
    expect(validateXml(download.body, e2bXsdDir())).toEqual([]);
    const assessments = [...download.body.matchAll(/<value xsi:type="ST">([^<]*)<\/value>\s*<methodCode>\s*<originalText>([^<]*)<\/originalText>/gu)].map((match) => `${match[2]}: ${match[1]}`);
    expect(assessments).toEqual(['Naranjo: Probable', 'WHO-UMC: Probable']);
  }, 120_000);
});
