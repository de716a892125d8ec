import { describe, expect, it } from 'vitest';
import {
  chiSquare,
  countPairs,
  evansFlag,
  nelderMead,
  prr,
  ror,
  scorePair,
  type SignalRow,
} from './index.js';

describe('χ² of a 2×2 table (OpenEpi; R chisq.test)', () => {
  it('66/28/36/32 gives χ² 5.047 uncorrected and 4.334 with Yates, as OpenEpi prints', () => {
    const table = { a: 66, b: 28, c: 36, d: 32 };
    expect(chiSquare(table, { yates: false })).toBeCloseTo(5.047, 3);
    expect(chiSquare(table)).toBeCloseTo(4.334, 3);
  });

  it("Yates' correction never goes below zero: |O − E| < 0.5 gives 0, as R's min(0.5, |O − E|)", () => {
    // E(a) = 10·10/21 = 4.76: |O − E| = 0.24, so the corrected statistic is exactly 0.
    expect(chiSquare({ a: 5, b: 5, c: 5, d: 6 })).toBe(0);
    expect(chiSquare({ a: 5, b: 5, c: 5, d: 6 }, { yates: false })).toBeGreaterThan(0);
  });

  it('is null when a margin is empty (no expected count)', () => {
    expect(chiSquare({ a: 3, b: 0, c: 5, d: 0 })).toBeNull();
  });
});

describe('PRR and ROR with their 95 % intervals', () => {
  it('a=10, b=90, c=20, d=880: PRR 4.5 (2.168–9.342), ROR 4.889 (2.220–10.766)', () => {
    const table = { a: 10, b: 90, c: 20, d: 880 };
    const p = prr(table);
    expect(p.value).toBeCloseTo(4.5, 6);
    expect(p.lower).toBeCloseTo(2.1677, 3);
    expect(p.upper).toBeCloseTo(9.3416, 3);
    expect(p.haldane).toBe(false);
    const r = ror(table);
    expect(r.value).toBeCloseTo(4.8889, 4);
    // se = √(1/10 + 1/90 + 1/20 + 1/880) = 0.402800
    expect(r.lower).toBeCloseTo(2.22, 2);
    expect(r.upper).toBeCloseTo(10.766, 2);
  });

  it('a zero cell takes the Haldane correction (+0.5 to each cell) and says so', () => {
    const table = { a: 4, b: 0, c: 10, d: 100 };
    const p = prr(table);
    expect(p.haldane).toBe(true);
    expect(p.value).toBeCloseTo(4.5 / 5 / (10.5 / 111), 6);
    const r = ror(table);
    expect(r.haldane).toBe(true);
    expect(r.value).toBeCloseTo((4.5 * 100.5) / (0.5 * 10.5), 6);
    expect(Number.isFinite(r.upper)).toBe(true);
  });
});

describe('the Evans flag (PRR ≥ 2, χ² ≥ 4, a ≥ 3)', () => {
  it('needs all three', () => {
    expect(evansFlag(3, 2, 4)).toBe(true);
    expect(evansFlag(2, 10, 40)).toBe(false);
    expect(evansFlag(5, 1.99, 40)).toBe(false);
    expect(evansFlag(5, 10, 3.99)).toBe(false);
    expect(evansFlag(5, 10, null)).toBe(false);
  });
});

describe('stratification: E summed over strata', () => {
  it('E = Σ n(drug)ₛ·n(event)ₛ/Nₛ, not the crude (a+b)(a+c)/N', () => {
    // Stratum F: 4 reports, X in 2, E in 2 (1 together); stratum M: 2 reports, X in 2, E in 1.
    const rows: SignalRow[] = [
      { reportId: '1', drug: 'X', event: 'E', stratum: 'F' },
      { reportId: '2', drug: 'X', event: 'G', stratum: 'F' },
      { reportId: '3', drug: 'Y', event: 'E', stratum: 'F' },
      { reportId: '4', drug: 'Y', event: 'G', stratum: 'F' },
      { reportId: '5', drug: 'X', event: 'E', stratum: 'M' },
      { reportId: '6', drug: 'X', event: 'G', stratum: 'M' },
    ];
    const stratified = countPairs(rows, { stratified: true }).find((p) => p.drug === 'X' && p.event === 'E');
    expect(stratified?.expected).toBeCloseTo((2 * 2) / 4 + (2 * 1) / 2, 10);
    const crude = countPairs(rows).find((p) => p.drug === 'X' && p.event === 'E');
    expect(crude?.expected).toBeCloseTo((4 * 3) / 6, 10);
    expect(stratified?.a).toBe(crude?.a);
  });
});

describe('Nelder–Mead', () => {
  it('finds the minimum of the Rosenbrock function', () => {
    const result = nelderMead((x) => 100 * ((x[1] ?? 0) - (x[0] ?? 0) ** 2) ** 2 + (1 - (x[0] ?? 0)) ** 2, [-1.2, 1], { maxIterations: 5000, tolerance: 1e-14 });
    expect(result.x[0]).toBeCloseTo(1, 3);
    expect(result.x[1]).toBeCloseTo(1, 3);
  });
});

describe('scorePair: the flags', () => {
  it('flags a strong pair on all four measures and a null pair on none', () => {
    const hyper = { alpha1: 3.2538, beta1: 0.39989, alpha2: 2.0261, beta2: 1.9081, p: 0.065346 };
    const strong = scorePair({ a: 30, b: 70, c: 100, d: 9800, expected: (100 * 130) / 10_000 }, hyper);
    expect(strong.flags).toEqual({ evans: true, ic025: true, eb05: true, ror025: true });
    const none = scorePair({ a: 1, b: 99, c: 99, d: 9801, expected: 1 }, hyper);
    expect(none.flags).toEqual({ evans: false, ic025: false, eb05: false, ror025: false });
    expect(scorePair({ a: 30, b: 70, c: 100, d: 9800, expected: 1.3 }, null).ebgm).toBeNull();
  });
});
