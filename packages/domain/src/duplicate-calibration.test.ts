import { describe, expect, it } from 'vitest';
import {
  calibratedThreshold,
  CORRUPTIBLE_FIELDS,
  type CorruptionRates,
  oneEdit,
  plantDuplicates,
  thresholdMetrics,
} from './duplicate-calibration.js';
import { editDistance, type DuplicateRecord } from './duplicates.js';
import { SeededRandom } from './random.js';

/** A population of distinct reports, each with every field given. */
function population(size: number, seed = 7): DuplicateRecord[] {
  const random = new SeededRandom(seed);
  return Array.from({ length: size }, (_, index) => ({
    caseNumbers: [`UY-2026-${String(index).padStart(6, '0')}`],
    initials: Array.from({ length: random.int(2, 3) }, () => random.pick([...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'])).join(''),
    sex: random.pick(['M', 'F']),
    ageYears: random.int(1, 95),
    countryId: random.int(1, 10),
    onset: new Date(Date.UTC(2024, 0, 1) + random.int(0, 900) * 86_400_000).toISOString().slice(0, 10),
    drugIds: [random.int(1, 40), random.int(41, 80)],
    ingredientIds: [random.int(1, 60)],
    lltCodes: [10_000_000 + random.int(0, 200), 10_000_300 + random.int(0, 200)],
    ptCodes: [20_000_000 + random.int(0, 10)],
    emails: [`r${random.int(1, 500)}@example.org`],
    phones: [String(random.int(20_000_000, 99_999_999))],
  }));
}

const NONE: CorruptionRates = { initialsTypo: 0, fieldMissing: 0, onsetShift: 0, onsetShiftMaxDays: 7, ageShift: 0, drugChange: 0, reactionChange: 0, contactChange: 0 };

describe('planting known duplicates', () => {
  it('plants the same pairs and corruptions for the same seed, others for another seed', () => {
    const base = population(2000);
    const first = plantDuplicates(base, { seed: 11, rate: 0.05 });
    const again = plantDuplicates(base, { seed: 11, rate: 0.05 });
    const other = plantDuplicates(base, { seed: 12, rate: 0.05 });
    expect(again).toEqual(first);
    expect(other.pairs).not.toEqual(first.pairs);
  });

  it('plants the share asked, labels them duplicates, and draws random and hard non-duplicates', () => {
    const base = population(2000);
    const set = plantDuplicates(base, { seed: 3, rate: 0.025, negativesPerDuplicate: 10, hardNegativesPerDuplicate: 2 });
    expect(set.planted).toBe(50);
    expect(set.records).toHaveLength(2050);
    const planted = set.pairs.filter((pair) => pair.kind === 'planted');
    expect(planted).toHaveLength(50);
    expect(planted.every((pair) => pair.duplicate && pair.left < 2000 && pair.right >= 2000)).toBe(true);
    expect(new Set(planted.map((pair) => pair.left)).size).toBe(50);
    expect(set.pairs.filter((pair) => pair.kind === 'random' && !pair.duplicate)).toHaveLength(500);
    const hard = set.pairs.filter((pair) => pair.kind === 'hard');
    expect(hard).toHaveLength(100);
    for (const pair of hard) {
      const [a, b] = [set.records[pair.left] as DuplicateRecord, set.records[pair.right] as DuplicateRecord];
      expect(pair.left).not.toBe(pair.right);
      expect(a.sex).toBe(b.sex);
      expect(Math.floor((a.ageYears ?? 0) / 10)).toBe(Math.floor((b.ageYears ?? 0) / 10));
      expect(a.drugIds.some((drug) => b.drugIds.includes(drug))).toBe(true);
      expect(a.ptCodes.some((pt) => b.ptCodes.includes(pt))).toBe(true);
    }
  });

  it('corrupts at about the rates asked', () => {
    const base = population(4000);
    const rates: CorruptionRates = { initialsTypo: 0.2, fieldMissing: 0.1, onsetShift: 0.3, onsetShiftMaxDays: 5, ageShift: 0.4, drugChange: 0.25, reactionChange: 0.35, contactChange: 0.5 };
    const set = plantDuplicates(base, { seed: 5, rate: 0.5, corruption: rates, negativesPerDuplicate: 0, hardNegativesPerDuplicate: 0 });
    const n = set.planted;
    expect(n).toBe(2000);
    // Within 4 standard deviations of a binomial count.
    const near = (count: number, trials: number, p: number) => expect(Math.abs(count - trials * p)).toBeLessThan(4 * Math.sqrt(trials * p * (1 - p)) + 1);
    near(set.applied.initialsTypo, n, rates.initialsTypo);
    near(set.applied.onsetShift, n, rates.onsetShift);
    near(set.applied.ageShift, n, rates.ageShift);
    near(set.applied.drugChange, n, rates.drugChange);
    near(set.applied.reactionChange, n, rates.reactionChange);
    near(set.applied.contactChange, n, rates.contactChange);
    near(set.applied.missingField, n * CORRUPTIBLE_FIELDS, rates.fieldMissing);
    // What the records show agrees with what was counted.
    const planted = set.pairs.filter((pair) => pair.duplicate);
    const shown = (test: (a: DuplicateRecord, b: DuplicateRecord) => boolean) =>
      planted.filter((pair) => test(set.records[pair.left] as DuplicateRecord, set.records[pair.right] as DuplicateRecord)).length;
    near(shown((a, b) => b.sex === null), n, rates.fieldMissing);
    near(shown((a, b) => b.initials !== null && b.initials !== a.initials), n, rates.initialsTypo * (1 - rates.fieldMissing));
    expect(shown((a, b) => b.initials !== null && a.initials !== null && editDistance(a.initials, b.initials) > 1)).toBe(0);
    const shifts = planted.map((pair) => [set.records[pair.left]?.onset, set.records[pair.right]?.onset] as const).filter(([a, b]) => a && b && a !== b);
    for (const [a, b] of shifts) expect(Math.abs(Date.parse(a ?? '') - Date.parse(b ?? '')) / 86_400_000).toBeLessThanOrEqual(5);
    expect(shown((a, b) => b.ageYears !== null && a.ageYears !== null && Math.abs(a.ageYears - b.ageYears) > 1)).toBe(0);
  });

  it('copies the record exactly but for its case number when no corruption is asked', () => {
    const base = population(200);
    const set = plantDuplicates(base, { seed: 9, rate: 0.1, corruption: NONE });
    for (const pair of set.pairs.filter((item) => item.duplicate)) {
      expect(set.records[pair.right]).toEqual({ ...set.records[pair.left], caseNumbers: [] });
    }
  });

  it('makes one edit of the initials', () => {
    const random = new SeededRandom(1);
    for (const text of ['AB', 'ABC', 'A', 'AA', 'ZZZ']) {
      for (let index = 0; index < 50; index += 1) expect(editDistance(text, oneEdit(text, random))).toBe(1);
    }
  });
});

describe('precision and recall at thresholds', () => {
  // Hand-worked: duplicates score 30, 20, 12, 8; non-duplicates 25, 14, 10, 5, 2, 0.
  const pairs = [
    ...[30, 20, 12, 8].map((score) => ({ score, duplicate: true })),
    ...[25, 14, 10, 5, 2, 0].map((score) => ({ score, duplicate: false })),
  ];

  it('counts a pair at or above the threshold as proposed', () => {
    const [at10, at15, at26, at31] = thresholdMetrics(pairs, [10, 15, 26, 31]);
    // ≥ 10: TP 30, 20, 12; FP 25, 14, 10; FN 8; TN 5, 2, 0.
    expect(at10).toEqual({ threshold: 10, truePositives: 3, falsePositives: 3, falseNegatives: 1, trueNegatives: 3, precision: 0.5, recall: 0.75, f1: 0.6 });
    // ≥ 15: TP 30, 20; FP 25. Precision 2/3, recall 1/2, F1 = 2·(2/3)(1/2)/(2/3 + 1/2) = 4/7.
    expect(at15?.precision).toBeCloseTo(2 / 3);
    expect(at15?.recall).toBe(0.5);
    expect(at15?.f1).toBeCloseTo(4 / 7);
    // ≥ 26: TP 30 only: precision 1, recall 1/4, F1 0.4.
    expect(at26).toMatchObject({ truePositives: 1, falsePositives: 0, precision: 1, recall: 0.25 });
    expect(at26?.f1).toBeCloseTo(0.4);
    // ≥ 31: nothing proposed: precision undefined.
    expect(at31).toMatchObject({ truePositives: 0, falsePositives: 0, precision: null, recall: 0, f1: null });
  });

  it('chooses the threshold meeting recall and precision, or none', () => {
    expect(calibratedThreshold(thresholdMetrics(pairs, [5, 10, 15, 20, 26]))).toBeNull();
    expect(calibratedThreshold(thresholdMetrics(pairs, [10, 15]), 0.5, 0.5)?.threshold).toBe(10);
    const separable = [...[30, 22, 21].map((score) => ({ score, duplicate: true })), ...[12, 8, 3].map((score) => ({ score, duplicate: false }))];
    // 13..21 all separate perfectly: the lowest of the tie.
    expect(calibratedThreshold(thresholdMetrics(separable, [10, 13, 15, 21, 25]))?.threshold).toBe(13);
  });
});
