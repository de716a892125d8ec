import type { PairCounts } from './counting.js';
import { chiSquare, evansFlag, informationComponent, prr, ror, type InformationComponent, type RatioWithInterval } from './disproportionality.js';
import { ebgmScore, type EbgmScore, type GpsHyperparameters } from './ebgm.js';

/** Every measure of one pair and its flags (docs/signals.md 'Flags'). */
export interface PairScores {
  prr: RatioWithInterval;
  ror: RatioWithInterval;
  /** χ² with Yates' correction; null when a margin is empty. */
  chiSquare: number | null;
  ic: InformationComponent;
  /** Null without hyperparameters (no fit yet). */
  ebgm: EbgmScore | null;
  flags: {
    /** PRR ≥ 2, χ² ≥ 4, a ≥ 3 (Evans 2001). */
    evans: boolean;
    /** IC025 > 0 (Norén 2013). */
    ic025: boolean;
    /** EB05 ≥ 2 (Szarfman 2002). */
    eb05: boolean;
    /** ROR025 > 1 (EMA, EudraVigilance). */
    ror025: boolean;
  };
}

export function scorePair(pair: Pick<PairCounts, 'a' | 'b' | 'c' | 'd' | 'expected'>, hyperparameters: GpsHyperparameters | null): PairScores {
  const p = prr(pair);
  const r = ror(pair);
  const chi = chiSquare(pair);
  const ic = informationComponent(pair.a, pair.expected);
  const eb = hyperparameters && pair.expected > 0 ? ebgmScore(hyperparameters, pair.a, pair.expected) : null;
  return {
    prr: p,
    ror: r,
    chiSquare: chi,
    ic,
    ebgm: eb,
    flags: { evans: evansFlag(pair.a, p.value, chi), ic025: ic.lower > 0, eb05: eb !== null && eb.eb05 >= 2, ror025: r.lower > 1 },
  };
}
