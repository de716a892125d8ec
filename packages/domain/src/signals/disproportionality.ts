import gammaQuantile from '@stdlib/stats-base-dists-gamma-quantile';
import normalQuantile from '@stdlib/stats-base-dists-normal-quantile';

/**
 * Frequentist disproportionality measures and the IC (docs/signals.md). Each takes the 2×2 table
 * of distinct reports: a drug and event, b drug without event, c event without drug, d neither.
 */
export interface TwoByTwo {
  a: number;
  b: number;
  c: number;
  d: number;
}

export interface RatioWithInterval {
  value: number;
  lower: number;
  upper: number;
  /** The Haldane correction (+0.5 to every cell) was applied because a cell was zero. */
  haldane: boolean;
}

/** z of a two-sided 95 % interval, 1.959964… */
export const Z95 = normalQuantile(0.975, 0, 1);

/** Haldane(-Anscombe): when any cell is zero, 0.5 is added to all four. */
export function haldane(table: TwoByTwo): { table: TwoByTwo; corrected: boolean } {
  const { a, b, c, d } = table;
  if (a > 0 && b > 0 && c > 0 && d > 0) return { table, corrected: false };
  return { table: { a: a + 0.5, b: b + 0.5, c: c + 0.5, d: d + 0.5 }, corrected: true };
}

/** PRR = [a/(a+b)] / [c/(c+d)], 95 % CI exp(ln PRR ± z·√(1/a − 1/(a+b) + 1/c − 1/(c+d))) (Evans 2001). */
export function prr(table: TwoByTwo): RatioWithInterval {
  const { table: t, corrected } = haldane(table);
  const value = t.a / (t.a + t.b) / (t.c / (t.c + t.d));
  const se = Math.sqrt(1 / t.a - 1 / (t.a + t.b) + 1 / t.c - 1 / (t.c + t.d));
  return { value, lower: Math.exp(Math.log(value) - Z95 * se), upper: Math.exp(Math.log(value) + Z95 * se), haldane: corrected };
}

/** ROR = ad / bc, 95 % CI exp(ln ROR ± z·√(1/a + 1/b + 1/c + 1/d)) (Woolf; van Puijenbroek 2002). */
export function ror(table: TwoByTwo): RatioWithInterval {
  const { table: t, corrected } = haldane(table);
  const value = (t.a * t.d) / (t.b * t.c);
  const se = Math.sqrt(1 / t.a + 1 / t.b + 1 / t.c + 1 / t.d);
  return { value, lower: Math.exp(Math.log(value) - Z95 * se), upper: Math.exp(Math.log(value) + Z95 * se), haldane: corrected };
}

/**
 * Pearson's χ² of the 2×2 table, by default with Yates' continuity correction as R's
 * `chisq.test(correct = TRUE)`: each |O − E| is reduced by min(0.5, |O − E|), so the corrected
 * difference never goes below zero. Null when a margin is zero (an expected cell is 0).
 */
export function chiSquare(table: TwoByTwo, options: { yates?: boolean } = {}): number | null {
  const { a, b, c, d } = table;
  const n = a + b + c + d;
  const observed = [a, b, c, d];
  const rows = [a + b, c + d];
  const cols = [a + c, b + d];
  const expected = [
    ((rows[0] ?? 0) * (cols[0] ?? 0)) / n,
    ((rows[0] ?? 0) * (cols[1] ?? 0)) / n,
    ((rows[1] ?? 0) * (cols[0] ?? 0)) / n,
    ((rows[1] ?? 0) * (cols[1] ?? 0)) / n,
  ];
  if (n === 0 || expected.some((e) => e === 0)) return null;
  const yates = (options.yates ?? true) ? Math.min(0.5, ...observed.map((o, i) => Math.abs(o - (expected[i] ?? 0)))) : 0;
  let sum = 0;
  for (let i = 0; i < 4; i += 1) {
    const e = expected[i] ?? 0;
    sum += (Math.abs((observed[i] ?? 0) - e) - yates) ** 2 / e;
  }
  return sum;
}

/** Evans et al. (2001): PRR ≥ 2, χ² (Yates) ≥ 4 and a ≥ 3. */
export function evansFlag(a: number, prrValue: number, chi2: number | null): boolean {
  return a >= 3 && prrValue >= 2 && chi2 !== null && chi2 >= 4;
}

export interface InformationComponent {
  value: number;
  lower: number;
  upper: number;
}

/**
 * The shrunk information component IC = log2((O + 0.5)/(E + 0.5)), its 95 % credibility
 * interval from the gamma(O + 0.5, rate E + 0.5) quantiles at 2.5 % and 97.5 %
 * (Norén, Hopstadius & Bate 2013, as pvda and VigiBase).
 */
export function informationComponent(observed: number, expected: number): InformationComponent {
  const shape = observed + 0.5;
  const rate = expected + 0.5;
  return {
    value: Math.log2(shape / rate),
    lower: Math.log2(gammaQuantile(0.025, shape, rate)),
    upper: Math.log2(gammaQuantile(0.975, shape, rate)),
  };
}
