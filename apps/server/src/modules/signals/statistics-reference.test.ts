import { readFileSync } from 'node:fs';
import {
  countPairs,
  ebgmScore,
  fitGpsHyperparameters,
  informationComponent,
  negativeLogLikelihood,
  type SignalRow,
} from '@atalaya/domain';
import { describe, expect, it } from 'vitest';
import { referencePath } from '../../test-support/reference.js';

// The statistics of packages/domain/src/signals against what the published packages print, on the
// public sets of ../shared/reference/signals (docs/signals.md).


/** A small CSV reader for the reference files (quoted fields without embedded quotes). */
function readCsv(name: string): Record<string, string>[] {
  const [head = '', ...lines] = readFileSync(referencePath('signals', name), 'utf8').trim().split(/\r?\n/);
  const split = (line: string) => {
    const cells: string[] = [];
    let cell = '';
    let quoted = false;
    for (const ch of line) {
      if (ch === '"') quoted = !quoted;
      else if (ch === ',' && !quoted) {
        cells.push(cell);
        cell = '';
      } else cell += ch;
    }
    cells.push(cell);
    return cells;
  };
  const names = split(head);
  return lines.map((line) => {
    const cells = split(line);
    return Object.fromEntries(names.map((column, i) => [column, cells[i] ?? '']));
  });
}

describe('counting and the IC on pvda (Norén, Hopstadius & Bate 2013)', () => {
  const rows: SignalRow[] = readCsv('pvda_drug_event_df.csv').map((r) => ({ reportId: r.report_id ?? '', drug: r.drug ?? '', event: r.event ?? '' }));

  it('Drug_Z × Event_1: 88 cases, E 55.6, IC 0.66 (0.34–0.94), as pvda prints', () => {
    const pairs = countPairs(rows);
    const pair = pairs.find((p) => p.drug === 'Drug_Z' && p.event === 'Event_1');
    expect(pair?.a).toBe(88);
    expect(pair?.expected).toBeCloseTo(55.6, 1);
    const ic = informationComponent(pair?.a ?? 0, pair?.expected ?? 0);
    expect(ic.value).toBeCloseTo(0.66, 2);
    expect(ic.lower).toBeCloseTo(0.34, 2);
    expect(ic.upper).toBeCloseTo(0.94, 2);
    // The whole 2×2 adds up to the 1,000 reports.
    expect((pair?.a ?? 0) + (pair?.b ?? 0) + (pair?.c ?? 0) + (pair?.d ?? 0)).toBe(1000);
  });

  it('a pair repeated inside one report counts once', () => {
    const pairs = countPairs([
      { reportId: '1', drug: 'X', event: 'E' },
      { reportId: '1', drug: 'X', event: 'E' },
      { reportId: '2', drug: 'X', event: 'F' },
      { reportId: '3', drug: 'Y', event: 'E' },
    ]);
    expect(pairs.find((p) => p.drug === 'X' && p.event === 'E')).toMatchObject({ a: 1, b: 1, c: 1, d: 0 });
  });
});

describe('EBGM on CAERS 2012 (DuMouchel 1999; openEBGM vignette)', () => {
  const rows: SignalRow[] = readCsv('caers.csv').map((r) => ({ reportId: r.id ?? '', drug: r.var1 ?? '', event: r.var2 ?? '' }));
  const pairs = countPairs(rows);
  const published = { alpha1: 3.2538, beta1: 0.39989, alpha2: 2.0261, beta2: 1.9081, p: 0.065346 };

  it('at the vignette hyperparameters, 131 of 17,189 pairs have EB05 ≥ 2, led by the vignette’s top three', () => {
    expect(pairs).toHaveLength(17_189);
    const scored = pairs.map((pair) => ({ pair, score: ebgmScore(published, pair.a, pair.expected) }));
    expect(scored.filter((s) => s.score.eb05 >= 2)).toHaveLength(131);
    scored.sort((x, y) => y.score.eb05 - x.score.eb05);
    expect(scored.slice(0, 3).map((s) => [s.pair.drug, s.pair.event, s.pair.a])).toEqual([
      ['REUMOFAN PLUS', 'WEIGHT INCREASED', 16],
      ['HYDROXYCUT REGULAR RAPID RELEASE CAPLETS', 'EMOTIONAL DISTRESS', 19],
      ['REUMOFAN PLUS', 'IMMOBILE', 6],
    ]);
    for (const { score } of scored.slice(0, 20)) {
      expect(score.eb05).toBeLessThan(score.ebgm);
      expect(score.ebgm).toBeLessThan(score.eb95);
    }
  });

  it('the maximum-likelihood fit (Nelder–Mead) reaches at least the likelihood of the published estimate', () => {
    const data = pairs.map((p) => ({ n: p.a, expected: p.expected }));
    const fit = fitGpsHyperparameters(data);
    // openEBGM fitted on squashed data; on the whole table the exact optimum can only be as good or better.
    expect(fit.negativeLogLikelihood).toBeLessThanOrEqual(negativeLogLikelihood(published, data) + 1e-6);
    for (const value of [fit.hyperparameters.alpha1, fit.hyperparameters.beta1, fit.hyperparameters.alpha2, fit.hyperparameters.beta2]) {
      expect(value).toBeGreaterThanOrEqual(1e-5);
      expect(value).toBeLessThanOrEqual(20);
    }
    expect(fit.hyperparameters.p).toBeGreaterThan(0);
    expect(fit.hyperparameters.p).toBeLessThan(1);
  }, 120_000);
});

