import digamma from '@stdlib/math-base-special-digamma';
import gammaln from '@stdlib/math-base-special-gammaln';
import gammaCdf from '@stdlib/stats-base-dists-gamma-cdf';
import gammaQuantile from '@stdlib/stats-base-dists-gamma-quantile';
import { nelderMead } from './nelder-mead.js';

/**
 * The Gamma–Poisson Shrinker (DuMouchel 1999; openEBGM, Canida & Ihrie 2017): the true ratio λ
 * of a pair has the prior P·Γ(α₁, β₁) + (1 − P)·Γ(α₂, β₂) (β a rate); given its expected count
 * E, its count N is Poisson(λE). EBGM is the geometric mean of λ's posterior; EB05 and EB95 its
 * 5 % and 95 % quantiles.
 */
export interface GpsHyperparameters {
  alpha1: number;
  beta1: number;
  alpha2: number;
  beta2: number;
  p: number;
}

export interface EbgmScore {
  ebgm: number;
  eb05: number;
  eb95: number;
}

/** ln of the negative binomial probability of n given E under Γ(α, β): the marginal of N. */
function logMarginal(n: number, expected: number, alpha: number, beta: number, lgammaRatio: number): number {
  return lgammaRatio - gammaln(n + 1) + n * Math.log(expected / (expected + beta)) + alpha * Math.log(beta / (expected + beta));
}

function logSumExp(x: number, y: number): number {
  const m = Math.max(x, y);
  if (m === Number.NEGATIVE_INFINITY) return m;
  return m + Math.log(Math.exp(x - m) + Math.exp(y - m));
}

/** The posterior weight Qₙ of the first component (DuMouchel 1999, eq. 6). */
export function posteriorWeight(h: GpsHyperparameters, n: number, expected: number): number {
  const l1 = Math.log(h.p) + logMarginal(n, expected, h.alpha1, h.beta1, gammaln(h.alpha1 + n) - gammaln(h.alpha1));
  const l2 = Math.log(1 - h.p) + logMarginal(n, expected, h.alpha2, h.beta2, gammaln(h.alpha2 + n) - gammaln(h.alpha2));
  return Math.exp(l1 - logSumExp(l1, l2));
}

/** The posterior's p-quantile: Q·G₁(x) + (1 − Q)·G₂(x) = p, by bisection on the gamma CDFs. */
function posteriorQuantile(prob: number, q: number, shape1: number, rate1: number, shape2: number, rate2: number): number {
  const x1 = gammaQuantile(prob, shape1, rate1);
  const x2 = gammaQuantile(prob, shape2, rate2);
  let lo = Math.min(x1, x2);
  let hi = Math.max(x1, x2);
  if (hi - lo <= 1e-12 * hi) return lo;
  for (let i = 0; i < 60 && hi - lo > 1e-7 * hi; i += 1) {
    const mid = (lo + hi) / 2;
    const cdf = q * gammaCdf(mid, shape1, rate1) + (1 - q) * gammaCdf(mid, shape2, rate2);
    if (cdf < prob) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** EBGM = 2^E[log₂ λ | N], EB05 and EB95 (DuMouchel 1999, eqs. 7–8). */
export function ebgmScore(h: GpsHyperparameters, n: number, expected: number): EbgmScore {
  const q = posteriorWeight(h, n, expected);
  const shape1 = h.alpha1 + n;
  const rate1 = h.beta1 + expected;
  const shape2 = h.alpha2 + n;
  const rate2 = h.beta2 + expected;
  const meanLog = q * (digamma(shape1) - Math.log(rate1)) + (1 - q) * (digamma(shape2) - Math.log(rate2));
  return {
    ebgm: Math.exp(meanLog),
    eb05: posteriorQuantile(0.05, q, shape1, rate1, shape2, rate2),
    eb95: posteriorQuantile(0.95, q, shape1, rate1, shape2, rate2),
  };
}

/** A pair's observed count N (≥ 1) and expected count E, the data the prior is fitted to. */
export interface ObservedExpected {
  n: number;
  expected: number;
}

/**
 * The negative log-likelihood of the hyperparameters over the pairs with N ≥ 1, the zero cells
 * left out: each pair's marginal is truncated at zero (openEBGM's `zeroes = FALSE, N_star = 1`).
 */
export function negativeLogLikelihood(h: GpsHyperparameters, pairs: readonly (ObservedExpected & { weight?: number })[]): number {
  const byN = new Map<number, { lg1: number; lg2: number }>();
  const lga1 = gammaln(h.alpha1);
  const lga2 = gammaln(h.alpha2);
  const logP = Math.log(h.p);
  const log1P = Math.log(1 - h.p);
  let total = 0;
  for (const { n, expected, weight = 1 } of pairs) {
    let lg = byN.get(n);
    if (!lg) byN.set(n, (lg = { lg1: gammaln(h.alpha1 + n) - lga1, lg2: gammaln(h.alpha2 + n) - lga2 }));
    const r1 = Math.log(h.beta1 / (expected + h.beta1));
    const r2 = Math.log(h.beta2 / (expected + h.beta2));
    const s1 = Math.log(expected / (expected + h.beta1));
    const s2 = Math.log(expected / (expected + h.beta2));
    // ln f(n) without the −ln n! both components share (a constant of the data).
    const l1 = logP + lg.lg1 + n * s1 + h.alpha1 * r1;
    const l2 = log1P + lg.lg2 + n * s2 + h.alpha2 * r2;
    // P(N = 0) = P·(β₁/(E+β₁))^α₁ + (1−P)·(β₂/(E+β₂))^α₂.
    const zero = Math.exp(logSumExp(logP + h.alpha1 * r1, log1P + h.alpha2 * r2));
    total += weight * (logSumExp(l1, l2) - Math.log1p(-zero));
  }
  return -total;
}

/** openEBGM's `autoHyper` bounds: each α and β in [1e-5, 20], P in (0, 1). */
export const GPS_BOUNDS = { lower: 1e-5, upper: 20 } as const;
const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));
const logit = (y: number) => Math.log(y / (1 - y));
const bounded = (x: number) => GPS_BOUNDS.lower + (GPS_BOUNDS.upper - GPS_BOUNDS.lower) * sigmoid(x);
const unbounded = (y: number) => logit((y - GPS_BOUNDS.lower) / (GPS_BOUNDS.upper - GPS_BOUNDS.lower));
const fromFree = (x: number[]): GpsHyperparameters => ({
  alpha1: bounded(x[0] ?? 0),
  beta1: bounded(x[1] ?? 0),
  alpha2: bounded(x[2] ?? 0),
  beta2: bounded(x[3] ?? 0),
  p: sigmoid(x[4] ?? 0),
});
const toFree = (h: GpsHyperparameters): number[] => [
  unbounded(h.alpha1),
  unbounded(h.beta1),
  unbounded(h.alpha2),
  unbounded(h.beta2),
  logit(h.p),
];

/** Pairs of equal (N, E) merged into one weighted point: the same likelihood, fewer terms. */
export function groupObservedExpected(pairs: readonly ObservedExpected[]): (ObservedExpected & { weight: number })[] {
  const groups = new Map<string, ObservedExpected & { weight: number }>();
  for (const { n, expected } of pairs) {
    if (n < 1 || !(expected > 0)) continue;
    const key = `${n}:${expected}`;
    const group = groups.get(key);
    if (group) group.weight += 1;
    else groups.set(key, { n, expected, weight: 1 });
  }
  return [...groups.values()];
}

/** openEBGM's vignette starting points (alpha1, beta1, alpha2, beta2, p). */
export const GPS_STARTS: readonly GpsHyperparameters[] = [
  { alpha1: 0.2, beta1: 0.1, alpha2: 2, beta2: 4, p: 1 / 3 },
  { alpha1: 0.1, beta1: 0.1, alpha2: 10, beta2: 10, p: 0.2 },
  { alpha1: 0.3, beta1: 0.5, alpha2: 6, beta2: 6, p: 0.5 },
  { alpha1: 0.5, beta1: 0.3, alpha2: 12, beta2: 12, p: 0.8 },
  { alpha1: 0.2, beta1: 0.2, alpha2: 5, beta2: 5, p: 0.4 },
];

export interface GpsFit {
  hyperparameters: GpsHyperparameters;
  negativeLogLikelihood: number;
  converged: boolean;
}

/**
 * Maximum-likelihood hyperparameters by Nelder–Mead, each α and β mapped into openEBGM's bounds
 * [1e-5, 20] by a logistic, P by logit; from each starting point, each run restarted once from
 * where it stopped; the best is kept.
 */
export function fitGpsHyperparameters(
  pairs: readonly ObservedExpected[],
  options: { starts?: readonly GpsHyperparameters[]; maxIterations?: number } = {},
): GpsFit {
  const used = groupObservedExpected(pairs);
  const objective = (x: number[]) => negativeLogLikelihood(fromFree(x), used);
  let best: GpsFit | null = null;
  for (const start of options.starts ?? GPS_STARTS) {
    let run = nelderMead(objective, toFree(start), { maxIterations: options.maxIterations ?? 2000, tolerance: 1e-10 });
    run = nelderMead(objective, run.x, { maxIterations: options.maxIterations ?? 2000, tolerance: 1e-10, step: 0.1 });
    if (!best || run.fx < best.negativeLogLikelihood) {
      best = { hyperparameters: fromFree(run.x), negativeLogLikelihood: run.fx, converged: run.converged };
    }
  }
  if (!best) throw new Error('no starting point');
  return best;
}
