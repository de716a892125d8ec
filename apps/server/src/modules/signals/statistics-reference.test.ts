import { readFileSync } from 'node:fs';
import {
  chiSquare,
  countPairs,
  ebgmScore,
  fitGpsHyperparameters,
  informationComponent,
  negativeLogLikelihood,
  prr,
  ror,
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


/**
 * The real FAERS statin table (pvLRT's `statin46`, FAERS 2014Q3–2020Q4): already a contingency
 * table of drug–event pair counts, 46 PTs and 'Other Pt' × six statins and 'Other'. Its README
 * names no published PRR, ROR, χ² or IC, so there is nothing printed to compare with: each 2×2
 * (a the cell, the margins the row and column sums of the whole table, as the README says) is
 * checked against an independent recomputation by other algebra — ROR as a ratio of odds in log
 * space, PRR by the cross-product, χ² with Yates by the closed 2×2 formula, E and IC's point from
 * the margins. The IC's and the ratios' intervals, and EBGM, have no independent check here.
 * 64 million pair counts cannot be loaded as cases (one case per report), so no table call.
 */
describe('FAERS statins (pvLRT statin46): the domain formulas against an independent recomputation', () => {
  const cells = readCsv('statin46_long.csv').map((r) => ({ drug: r.drug ?? '', ae: r.ae ?? '', n: Number(r.n) }));
  const total = cells.reduce((sum, cell) => sum + cell.n, 0);
  const byDrug = new Map<string, number>();
  const byAe = new Map<string, number>();
  for (const cell of cells) {
    byDrug.set(cell.drug, (byDrug.get(cell.drug) ?? 0) + cell.n);
    byAe.set(cell.ae, (byAe.get(cell.ae) ?? 0) + cell.n);
  }
  const pairs = cells
    .filter((cell) => cell.drug !== 'Other' && cell.ae !== 'Other Pt')
    .map((cell) => {
      const a = cell.n;
      const b = (byDrug.get(cell.drug) ?? 0) - a;
      const c = (byAe.get(cell.ae) ?? 0) - a;
      return { ...cell, a, b, c, d: total - a - b - c };
    });

  it('is the table the README describes: 329 cells, six statins × 46 PTs, 63,976,610 pair counts', () => {
    expect(cells).toHaveLength(329);
    expect(total).toBe(63_976_610);
    expect(pairs).toHaveLength(6 * 46);
    for (const pair of pairs) expect(pair.a + pair.b + pair.c + pair.d).toBe(total);
  });

  it('PRR, ROR, χ² (Yates) and IC agree with the recomputation on every statin × PT', () => {
    const close = (actual: number, expected: number, what: string) => expect(Math.abs(actual - expected) / Math.max(1, Math.abs(expected)), what).toBeLessThan(1e-9);
    for (const pair of pairs) {
      const what = `${pair.drug} × ${pair.ae}`;
      // Haldane (+0.5) when a cell is zero, as documented.
      const h = pair.a && pair.b && pair.c && pair.d ? 0 : 0.5;
      const [a, b, c, d] = [pair.a + h, pair.b + h, pair.c + h, pair.d + h];
      close(ror(pair).value, Math.exp(Math.log(a / b) - Math.log(c / d)), `ROR ${what}`);
      close(prr(pair).value, (a * (c + d)) / (c * (a + b)), `PRR ${what}`);
      const n = pair.a + pair.b + pair.c + pair.d;
      const gap = Math.abs(pair.a * pair.d - pair.b * pair.c);
      const margins = (pair.a + pair.b) * (pair.c + pair.d) * (pair.a + pair.c) * (pair.b + pair.d);
      // The closed formula equals R's per-cell correction while every |O − E| ≥ 0.5.
      const yates = gap / n >= 0.5 ? (n * (gap - n / 2) ** 2) / margins : null;
      if (yates !== null) close(chiSquare(pair, { yates: true }) ?? Number.NaN, yates, `χ² ${what}`);
      const expected = ((pair.a + pair.b) * (pair.a + pair.c)) / n;
      close(informationComponent(pair.a, expected).value, Math.log2((pair.a + 0.5) / (expected + 0.5)), `IC ${what}`);
    }
  });
});
