import { randomUUID } from 'node:crypto';
import { checkIcsr, ER_STATUS, sampleIcsr, type Icsr, type IcsrBatch } from '@atalaya/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventComments } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { sessionOf, type Session } from '../../test-support/case-edit.js';
import { createMedicationProduct, type MedicationProduct } from '../../test-support/case-medications.js';
import { createLlt, type TestLlt } from '../../test-support/catalog.js';
import { eightDigitCode, filledE2bCase } from '../../test-support/e2b.js';
import { e2bXsdDir } from '../../test-support/reference.js';
import { buildBatchXml } from './build.js';
import { loadIcsr } from './load.js';
import { validateXml } from './xsd.js';

/** The batch XML, checked by the official ICH schema. */

let t: TestApp;
let product: MedicationProduct;
let llt: TestLlt;
let rlf: Session;
// The export's time is the run's own: the case is created now, and a fixed date went stale the next
// day (C.1.4 and C.1.5, the case's dates, came out later than the message's creation).
const now = new Date();
const stamp = `${now.toISOString().replace(/[-:T]/g, '').slice(0, 14)}+0000`;
const today = stamp.slice(0, 8);

beforeAll(async () => {
  t = await createTestApp();
  product = await createMedicationProduct(t.database.db);
  llt = await createLlt(t.database.db, { name: `Prurito ${randomUUID().slice(0, 6)}`, code: eightDigitCode() });
  rlf = await sessionOf(t, 'RLF');
});
afterAll(() => t.close());

function batchOf(...icsrs: Icsr[]): IcsrBatch {
  return {
    batch: { batchNumber: 'ATALAYA-B-1', senderId: 'ATALAYA', receiverId: 'EVHUMAN', transmissionDate: stamp },
    messages: icsrs.map((icsr) => ({
      header: { messageId: icsr.report.safetyReportId, senderId: 'ATALAYA', receiverId: 'EVHUMAN', creationDate: stamp },
      icsr,
    })),
  };
}

describe('buildBatchXml', () => {
  it('builds a batch of a closed case that the official ICH schema accepts', async () => {
    const testCase = await filledE2bCase(t, rlf, product, llt, { rams: [{ HospitalizationRequired: true, HospitalizationDateStart: '2024-03-06', HospitalizationDateEnd: '2024-03-07' }] });
    const icsr = await loadIcsr(t.database.db, testCase.id, { now, meddraVersion: '27.1' });
    if (!icsr) throw new Error('case not loaded');
    const xml = buildBatchXml(batchOf(icsr));
    expect(validateXml(xml, e2bXsdDir())).toEqual([]);
    expect(checkIcsr(icsr, { header: batchOf(icsr).messages[0]?.header, today })).toEqual([]);
    expect(xml).toContain('<MCCI_IN200100UV01 ITSVersion="XML_1.0"');
    expect(xml).toContain('<PORR_IN049016UV>');
    expect(xml).toContain(`<id extension="${icsr.report.worldwideUniqueId}" root="2.16.840.1.113883.3.989.2.1.3.2"/>`);
    expect(xml).toContain(`code="${llt.llt_code}" codeSystem="2.16.840.1.113883.6.163" codeSystemVersion="27.1"`);
  });

  it('never sends a seriousness criterion as false: true or nullFlavor NI', async () => {
    const testCase = await filledE2bCase(t, rlf, product, llt);
    const icsr = await loadIcsr(t.database.db, testCase.id, { now, meddraVersion: '27.1' });
    if (!icsr) throw new Error('case not loaded');
    const xml = buildBatchXml(batchOf(icsr));
    for (const criterion of ['34', '21', '33', '35', '12', '26']) {
      const block = new RegExp(`<code code="${criterion}" codeSystem="2\\.16\\.840\\.1\\.113883\\.3\\.989\\.2\\.1\\.1\\.19"/>\\s*<value xsi:type="BL" ([^/]*)/>`).exec(xml);
      expect(block?.[1], criterion).toBe('nullFlavor="NI"');
    }
  });

  it('sends an annulled case as a nullification with its reason (C.1.11)', async () => {
    const testCase = await filledE2bCase(t, rlf, product, llt, { status: ER_STATUS.ANULADO });
    await t.database.db.insert(eventComments).values({ eventId: testCase.id, action: 'Anular', comment: 'Duplicado de otro caso', userId: rlf.user.id });
    const icsr = await loadIcsr(t.database.db, testCase.id, { now, meddraVersion: '27.1' });
    if (!icsr) throw new Error('case not loaded');
    const xml = buildBatchXml(batchOf(icsr));
    expect(validateXml(xml, e2bXsdDir())).toEqual([]);
    expect(xml).toMatch(/<code code="3" codeSystem="2\.16\.840\.1\.113883\.3\.989\.2\.1\.1\.23"\/>\s*<value xsi:type="CE" code="1" codeSystem="2\.16\.840\.1\.113883\.3\.989\.2\.1\.1\.5"\/>/);
    expect(xml).toContain('<originalText>Duplicado de otro caso</originalText>');
  });

  it('builds every element of the model into a schema-valid report, escaping the text', () => {
    const xml = buildBatchXml(batchOf(sampleIcsr(), { ...sampleIcsr(), report: { ...sampleIcsr().report, safetyReportId: 'UY-ATALAYA-2', worldwideUniqueId: 'UY-ATALAYA-2' } }));
    expect(validateXml(xml, e2bXsdDir())).toEqual([]);
    expect(xml.match(/<PORR_IN049016UV>/g)).toHaveLength(2);
    expect(xml).toContain('urticaria &lt;generalizada&gt; &amp; fiebre');
    expect(xml).toContain('<telecom value="tel:+59829153000"/>');
  });
});
