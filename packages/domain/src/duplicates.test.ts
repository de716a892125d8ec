import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ageInYears,
  DEFAULT_DUPLICATE_THRESHOLD,
  DUPLICATE_FIELDS,
  duplicateScore,
  editDistance,
  emptyDuplicateRecord,
  type DuplicateFrequencies,
  type DuplicateRecord,
} from './duplicates.js';

const letter = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split(''));
const day = fc.integer({ min: 0, max: 3000 }).map((n) => new Date(Date.UTC(2018, 0, 1) + n * 86_400_000).toISOString().slice(0, 10));

/** A report with every field given. */
const fullRecord: fc.Arbitrary<DuplicateRecord> = fc.record({
  caseNumbers: fc.array(fc.stringMatching(/^[A-Z]{2}-20\d\d-\d{6}$/), { minLength: 1, maxLength: 2 }),
  initials: fc.array(letter, { minLength: 2, maxLength: 3 }).map((letters) => letters.join('')),
  sex: fc.constantFrom('M', 'F'),
  ageYears: fc.integer({ min: 0, max: 95 }),
  countryId: fc.integer({ min: 1, max: 20 }),
  onset: day,
  drugIds: fc.uniqueArray(fc.integer({ min: 1, max: 500 }), { minLength: 1, maxLength: 3 }),
  ingredientIds: fc.uniqueArray(fc.integer({ min: 1, max: 300 }), { minLength: 1, maxLength: 3 }),
  lltCodes: fc.uniqueArray(fc.integer({ min: 10_000_000, max: 10_090_000 }), { minLength: 1, maxLength: 3 }),
  ptCodes: fc.uniqueArray(fc.integer({ min: 10_000_000, max: 10_090_000 }), { minLength: 1, maxLength: 3 }),
  emails: fc.array(fc.emailAddress(), { minLength: 1, maxLength: 1 }),
  phones: fc.array(fc.stringMatching(/^\d{8}$/), { minLength: 1, maxLength: 1 }),
});

/** No background frequencies: every value reads as unseen. */
const frequencies: DuplicateFrequencies = {};

/** The same report with every field different (an unrelated report). */
function unrelated(record: DuplicateRecord): DuplicateRecord {
  const shift = (ids: readonly number[]) => ids.map((id) => id + 100_000);
  return {
    caseNumbers: record.caseNumbers.map((number) => `X${number}`),
    // Two letters longer, so never one edit (a typo) away: rot13 alone plus one letter could be ('DQ' → 'QDQ').
    initials: (record.initials ?? '').split('').map((c) => String.fromCharCode(((c.charCodeAt(0) - 65 + 13) % 26) + 65)).join('') + 'QZ',
    sex: record.sex === 'M' ? 'F' : 'M',
    ageYears: (record.ageYears ?? 0) + 40,
    countryId: (record.countryId ?? 0) + 100,
    onset: new Date(Date.parse(`${record.onset}T00:00:00Z`) + 400 * 86_400_000).toISOString().slice(0, 10),
    drugIds: shift(record.drugIds),
    ingredientIds: shift(record.ingredientIds),
    lltCodes: shift(record.lltCodes),
    ptCodes: shift(record.ptCodes),
    emails: record.emails.map((email) => `x${email}`),
    phones: record.phones.map((phone) => String((Number(phone) + 1) % 100_000_000).padStart(8, '0')),
  };
}

/** One letter of the initials replaced by another. */
function withTypo(record: DuplicateRecord, position: number): DuplicateRecord {
  const initials = record.initials ?? 'AB';
  const index = position % initials.length;
  const next = initials[index] === 'Z' ? 'A' : String.fromCharCode(initials.charCodeAt(index) + 1);
  return { ...record, initials: initials.slice(0, index) + next + initials.slice(index + 1) };
}

/** A second report of the same reaction: its own case number (as every report has). */
function secondReport(record: DuplicateRecord): DuplicateRecord {
  return { ...record, caseNumbers: record.caseNumbers.map((number) => `Y${number}`) };
}

const score = (a: DuplicateRecord, b: DuplicateRecord, f: DuplicateFrequencies = frequencies) => duplicateScore(a, b, f).score;

describe('duplicateScore (hit-miss model)', () => {
  it('orders identical > one typo in the initials > other initials > an unrelated report', () => {
    fc.assert(
      fc.property(fullRecord, fc.nat(), (record, position) => {
        const twin = secondReport(record);
        const identical = score(record, twin);
        const typo = score(record, withTypo(twin, position));
        const otherInitials = score(record, { ...twin, initials: unrelated(record).initials });
        const random = score(record, unrelated(record));
        expect(identical).toBeGreaterThan(typo);
        expect(typo).toBeGreaterThan(otherInitials);
        expect(otherInitials).toBeGreaterThan(random);
      }),
    );
  });

  it('orders identical > any one field different > an unrelated report', () => {
    const fields = ['initials', 'sex', 'ageYears', 'countryId', 'onset', 'drugIds', 'ingredientIds', 'lltCodes', 'ptCodes', 'emails', 'phones'] as const;
    fc.assert(
      fc.property(fullRecord, fc.constantFrom(...fields), (record, field) => {
        const twin = secondReport(record);
        const different = { ...twin, [field]: unrelated(record)[field] };
        expect(score(record, twin)).toBeGreaterThan(score(record, different));
        expect(score(record, different)).toBeGreaterThan(score(record, unrelated(record)));
      }),
    );
  });

  it('scores a second report of the same reaction above the threshold, an unrelated one below', () => {
    fc.assert(
      fc.property(fullRecord, (record) => {
        expect(score(record, secondReport(record))).toBeGreaterThan(DEFAULT_DUPLICATE_THRESHOLD);
        expect(score(record, unrelated(record))).toBeLessThan(DEFAULT_DUPLICATE_THRESHOLD);
      }),
    );
  });

  it('leaves the score unchanged by a field missing on one side, whatever the other side holds', () => {
    const nullable = { initials: null, sex: null, ageYears: null, countryId: null, onset: null } as const;
    const lists = { caseNumbers: [], drugIds: [], ingredientIds: [], lltCodes: [], ptCodes: [], emails: [], phones: [] } as const;
    const blank = { ...nullable, ...lists };
    const keys = Object.keys(blank) as (keyof typeof blank)[];
    fc.assert(
      fc.property(fullRecord, fullRecord, fullRecord, fc.constantFrom(...keys), (a, b, other, key) => {
        const withoutField = { ...a, [key]: blank[key] };
        const withField = score(withoutField, b);
        expect(withField).toBe(score(withoutField, { ...b, [key]: other[key] }));
        expect(score(withoutField, b)).toBe(score(b, withoutField));
        // Nothing given at all weighs nothing.
        expect(score(emptyDuplicateRecord(), b)).toBe(0);
      }),
    );
  });

  it('gives each missing field a contribution of 0 and the rest their own weight', () => {
    fc.assert(
      fc.property(fullRecord, fullRecord, (a, b) => {
        const result = duplicateScore({ ...a, sex: null }, b);
        const sex = result.contributions.find((part) => part.field === 'sex');
        expect(sex).toEqual({ field: 'sex', outcome: 'missing', weight: 0, shared: [] });
        expect(result.contributions.map((part) => part.field)).toEqual([...DUPLICATE_FIELDS]);
        const sum = result.contributions.reduce((total, part) => total + part.weight, 0);
        expect(Math.abs(result.score - sum)).toBeLessThan(0.1);
      }),
    );
  });

  it('adds more for a shared rare drug or PT than for a common one', () => {
    const counts = (common: string, rare: string) => ({ known: new Map([[common, 0.5], [rare, 0.00003]]), otherwise: 0.0001 });
    const background: DuplicateFrequencies = { drug: counts('1', '2'), pt: counts('10019211', '10037087') };
    fc.assert(
      fc.property(fullRecord, (record) => {
        const base = { ...record, drugIds: [], ptCodes: [] };
        const withDrug = (id: number) => score({ ...base, drugIds: [id] }, secondReport({ ...base, drugIds: [id] }), background);
        const withPt = (code: number) => score({ ...base, ptCodes: [code] }, secondReport({ ...base, ptCodes: [code] }), background);
        expect(withDrug(2)).toBeGreaterThan(withDrug(1) + 10);
        expect(withPt(10037087)).toBeGreaterThan(withPt(10019211) + 10);
      }),
    );
  });

  it('is symmetric', () => {
    const background: DuplicateFrequencies = { initials: { known: new Map([['AB', 0.04]]), otherwise: 0.0002 }, sex: { known: new Map([['M', 0.48], ['F', 0.52]]), otherwise: 0.01 } };
    fc.assert(
      fc.property(fullRecord, fullRecord, fc.nat(), (a, b, position) => {
        expect(score(a, b, background)).toBe(score(b, a, background));
        const typo = withTypo(a, position);
        expect(score(a, typo, background)).toBe(score(typo, a, background));
      }),
    );
  });

  it('crosses the threshold on a shared case number alone (an E2B C.1.8.1 or C.1.9.1)', () => {
    const a = { ...emptyDuplicateRecord(), caseNumbers: ['ES-ACME-2026-0001'] };
    const b = { ...emptyDuplicateRecord(), caseNumbers: ['es-acme-2026-0001 '], sex: 'M' };
    expect(score(a, b)).toBeGreaterThan(DEFAULT_DUPLICATE_THRESHOLD);
    expect(score(a, { ...b, caseNumbers: ['ES-ACME-2026-0002'] })).toBeLessThan(1);
  });

  it('lets dates and ages agree within a tolerance, weighing less the further apart', () => {
    const base = { ...emptyDuplicateRecord(), onset: '2026-03-10', ageYears: 40 };
    const at = (onset: string, ageYears: number) => duplicateScore(base, { ...base, onset, ageYears }).contributions;
    const onset = (parts: ReturnType<typeof at>) => parts.find((part) => part.field === 'onset')!;
    const age = (parts: ReturnType<typeof at>) => parts.find((part) => part.field === 'age')!;
    expect(onset(at('2026-03-10', 40)).weight).toBeGreaterThan(onset(at('2026-03-12', 40)).weight);
    expect(onset(at('2026-03-12', 40))).toMatchObject({ outcome: 'agree' });
    expect(onset(at('2026-03-12', 40)).weight).toBeGreaterThan(0);
    expect(onset(at('2026-06-12', 40)).weight).toBeLessThan(0);
    expect(age(at('2026-03-10', 41))).toMatchObject({ outcome: 'agree' });
    expect(age(at('2026-03-10', 41)).weight).toBeGreaterThan(0);
    expect(age(at('2026-03-10', 60)).weight).toBeLessThan(0);
  });
});

describe('helpers', () => {
  it('counts a swap of two letters as one edit', () => {
    expect(editDistance('JPG', 'PJG')).toBe(1);
    expect(editDistance('JPG', 'JPH')).toBe(1);
    expect(editDistance('JPG', 'XYZ')).toBe(3);
  });
  it('turns a case age into years', () => {
    expect(ageInYears(6, 'Meses')).toBe(0.5);
    expect(ageInYears(40, 'Años')).toBe(40);
    expect(ageInYears(null, 'Años')).toBeNull();
  });
});
