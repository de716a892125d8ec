import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sampleIcsr, type Icsr } from '@atalaya/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { icsrArbitrary } from '../../test-support/icsr-arbitrary.js';
import { e2bXsdDir } from '../../test-support/reference.js';
import { parseBatchFile } from '../e2b-import/index.js';
import { buildBatchXml } from './build.js';
import { validateXml } from './xsd.js';

/**
 * Export → import → export of generated reports (issue 29 point 5, a fast-check property): the
 * sample report with its texts, dates, quantities, seriousness flags, codes and nullFlavors drawn
 * at random is built, validated against the schema, parsed, built and parsed again; the two parsed
 * models are equal, and the drawn values are read back. The second property draws whole reports,
 * every field (test-support/icsr-arbitrary.ts, routes coded in EDQM or ICH list 14), reads back
 * exactly what it drew, and exports it again to the same file (docs/e2b.md 'Round trip').
 */

let dir: string;
let count = 0;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'e2b-property-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const HEADER = { batchNumber: 'ATALAYA-P-1', senderId: 'ATALAYA', receiverId: 'EVHUMAN', transmissionDate: '20261129101530+0000' };

const exported = (icsr: Icsr): string =>
  buildBatchXml({ batch: HEADER, messages: [{ header: { messageId: icsr.report.safetyReportId, senderId: 'ATALAYA', receiverId: 'EVHUMAN', creationDate: HEADER.transmissionDate }, icsr }] });

async function roundTrip(icsr: Icsr): Promise<Icsr> {
  const xml = exported(icsr);
  expect(validateXml(xml, e2bXsdDir())).toEqual([]);
  count += 1;
  const path = join(dir, `${count}.xml`);
  await writeFile(path, xml);
  const parsed = await parseBatchFile(path);
  const [report] = parsed.reports;
  if (!report) throw new Error('no report parsed');
  return report.icsr;
}

const word = fc.stringMatching(/^[A-Za-z0-9ÁÉÍÓÚáéíóúÑñ][A-Za-z0-9ÁÉÍÓÚáéíóúÑñ.,'-]{0,29}$/);
const day = fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2025-12-31T00:00:00Z'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10).replaceAll('-', ''));
const flag = fc.constantFrom<true | { nullFlavor: 'NI' }>(true, { nullFlavor: 'NI' });
const nameOrFlavor = fc.oneof(word, fc.constantFrom({ nullFlavor: 'MSK' as const }, { nullFlavor: 'UNK' as const }, { nullFlavor: 'ASKU' as const }, { nullFlavor: 'NASK' as const }));

const drawn = fc.record({
  patientName: nameOrFlavor,
  narrative: word,
  reactionText: word,
  drugName: word,
  substance: word,
  weight: fc.integer({ min: 1, max: 250 }),
  height: fc.integer({ min: 30, max: 230 }),
  start: day,
  outcome: fc.constantFrom('0', '1', '2', '3', '4', '5'),
  seriousness: fc.tuple(flag, flag, flag, flag, flag, flag),
  sex: fc.constantFrom('1', '2', { nullFlavor: 'UNK' as const }),
  dose: fc.integer({ min: 1, max: 5000 }),
});

describe('export → import → export of generated reports', () => {
  it('comes back the same', async () => {
    await fc.assert(
      fc.asyncProperty(drawn, async (values) => {
        const icsr = sampleIcsr();
        icsr.patient.name = values.patientName;
        icsr.patient.weightKg = values.weight;
        icsr.patient.heightCm = values.height;
        icsr.patient.sex = values.sex as Icsr['patient']['sex'];
        icsr.narrative.narrative = values.narrative;
        const [reaction] = icsr.reactions;
        if (reaction) {
          reaction.primarySourceText = values.reactionText;
          reaction.startDate = values.start;
          reaction.outcome = values.outcome as typeof reaction.outcome;
          const [death, life, hospital, disabling, congenital, other] = values.seriousness;
          reaction.seriousness = { death, lifeThreatening: life, hospitalisation: hospital, disabling, congenitalAnomaly: congenital, otherMedicallyImportant: other };
        }
        const [drug] = icsr.drugs;
        if (drug) {
          drug.name = values.drugName;
          const [substance] = drug.substances;
          if (substance) substance.name = values.substance;
          const [dosage] = drug.dosages;
          if (dosage?.dose) dosage.dose = { ...dosage.dose, value: values.dose };
        }
        const first = await roundTrip(icsr);
        const second = await roundTrip(first);
        expect(second).toEqual(first);
        expect(first.patient.name).toEqual(values.patientName);
        expect(first.patient.weightKg).toBe(values.weight);
        expect(first.patient.sex).toEqual(values.sex);
        expect(first.narrative.narrative).toBe(values.narrative);
        expect(first.reactions[0]).toMatchObject({ primarySourceText: values.reactionText, startDate: values.start, outcome: values.outcome });
        expect(first.drugs[0]?.name).toBe(values.drugName);
        expect(first.drugs[0]?.substances[0]?.name).toBe(values.substance);
      }),
      { numRuns: 25 },
    );
  });

  it('reads back every field of a report drawn whole: the model built, validated and parsed is the one drawn, and exports to the same file', async () => {
    await fc.assert(
      fc.asyncProperty(icsrArbitrary, async (icsr) => {
        const parsed = await roundTrip(icsr);
        expect(parsed).toEqual(icsr);
        // export → schema → parse → export: the second file is the first, byte for byte.
        expect(exported(parsed)).toBe(exported(icsr));
      }),
      { numRuns: 40 },
    );
  });
});
