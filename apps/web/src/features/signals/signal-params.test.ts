import type { SignalRowDto } from '@atalaya/domain';
import { describe, expect, it } from 'vitest';
import {
  caseSearchPath,
  DEFAULT_ORDER,
  EMPTY_FILTERS,
  flagsOf,
  formatInterval,
  formatMeasure,
  icHistoryParams,
  nextOrder,
  periodError,
  signalParams,
  volcanoPoints,
} from './signal-params';

const row = (over: Partial<SignalRowDto> = {}): SignalRowDto => ({
  FarmacoId: 7,
  Farmaco: 'Drug_Z',
  PtCodigo: 10019211,
  Pt: 'Cefalea',
  A: 12,
  B: 30,
  C: 40,
  D: 900,
  E: 3.5,
  PRR: 2.5,
  PRRInf: 1.2,
  PRRSup: 5,
  ROR: 3,
  RORInf: 1.5,
  RORSup: 6,
  Chi2: 8,
  IC: 1.4,
  IC025: 0.6,
  IC975: 2.1,
  EBGM: 2.2,
  EB05: 1.4,
  EB95: 3.3,
  Haldane: false,
  Evans: true,
  SenalIC: true,
  SenalEB05: false,
  SenalROR: true,
  ...over,
});

describe('the query of the table', () => {
  it('carries only what is set, the drug under its kind, PT over SOC, and the order', () => {
    expect(signalParams(EMPTY_FILTERS, DEFAULT_ORDER).toString()).toBe('orden=eb05&dir=desc');
    const params = signalParams(
      { ...EMPTY_FILTERS, desde: '2025-01', hasta: '2025-12', pais: 'UY', grave: 'si', estratos: ['sexo', 'edad', 'sexo'], farmaco: 'producto', drug: 5, laboratorio: 3, soc: 100, pt: 200 },
      { orden: 'ic', dir: 'asc' },
    );
    expect(Object.fromEntries(params)).toEqual({
      desde: '2025-01',
      hasta: '2025-12',
      pais: 'UY',
      grave: 'si',
      estratos: 'sexo,edad',
      farmaco: 'producto',
      producto: '5',
      laboratorio: '3',
      pt: '200',
      orden: 'ic',
      dir: 'asc',
    });
    expect(signalParams({ ...EMPTY_FILTERS, drug: 9, soc: 100 }, DEFAULT_ORDER).get('principio')).toBe('9');
    expect(signalParams({ ...EMPTY_FILTERS, soc: 100 }, DEFAULT_ORDER).get('soc')).toBe('100');
  });

  it('the IC history asks for the row’s pair over the same background', () => {
    const params = icHistoryParams({ ...EMPTY_FILTERS, pais: 'AR', farmaco: 'producto', drug: 1, laboratorio: 4 }, row());
    expect(Object.fromEntries(params)).toEqual({ pais: 'AR', farmaco: 'producto', producto: '7', pt: '10019211' });
  });

  it('refuses a period that is not a month or ends before it starts, in Spanish', () => {
    expect(periodError({ desde: '2025-1', hasta: '' })).toBe('El período debe ser un mes AAAA-MM.');
    expect(periodError({ desde: '2025-06', hasta: '2025-01' })).toBe('El mes «desde» no puede ser posterior al mes «hasta».');
    expect(periodError({ desde: '2025-01', hasta: '2025-01' })).toBeNull();
  });

  it('a header click flips the same column, and starts another descending (names ascending)', () => {
    expect(nextOrder(DEFAULT_ORDER, 'eb05')).toEqual({ orden: 'eb05', dir: 'asc' });
    expect(nextOrder({ orden: 'eb05', dir: 'asc' }, 'eb05')).toEqual({ orden: 'eb05', dir: 'desc' });
    expect(nextOrder(DEFAULT_ORDER, 'prr')).toEqual({ orden: 'prr', dir: 'desc' });
    expect(nextOrder(DEFAULT_ORDER, 'farmaco')).toEqual({ orden: 'farmaco', dir: 'asc' });
  });
});

describe("the count 'a' opens the event search", () => {
  it('by ingredient or product, with the PT and the country, as the search reads its URL', () => {
    const path = caseSearchPath(row(), 'principio', 3);
    expect(path.startsWith('/eventsearch?')).toBe(true);
    expect(Object.fromEntries(new URLSearchParams(path.split('?')[1]))).toEqual({
      PaisId: '3',
      PrincipioActivoId: '7',
      PtCodigo: '10019211',
      orderBy: 'FechaSolicitud DESC',
      pageNumber: '1',
    });
    const byProduct = Object.fromEntries(new URLSearchParams(caseSearchPath(row(), 'producto', null).split('?')[1]));
    expect(byProduct).toEqual({ ProductoId: '7', PtCodigo: '10019211', orderBy: 'FechaSolicitud DESC', pageNumber: '1' });
  });
});

describe('numbers and flags as the table shows them', () => {
  it('two decimals with a comma, a dash for none, ∞ for an infinite ratio, intervals in brackets', () => {
    expect(formatMeasure(2.345)).toBe('2,35');
    expect(formatMeasure(null)).toBe('—');
    expect(formatMeasure(Number.POSITIVE_INFINITY)).toBe('∞');
    expect(formatInterval(1.4, 0.6, 2.1)).toBe('1,40 (0,60–2,10)');
    expect(formatInterval(null, null, null)).toBe('—');
  });

  it('names the flags of a row', () => {
    expect(flagsOf(row())).toEqual(['Evans', 'IC025 > 0', 'ROR025 > 1']);
    expect(flagsOf(row({ Evans: false, SenalIC: false, SenalROR: false }))).toEqual([]);
  });

  it('the volcano splits the rows by IC025 > 0', () => {
    const { flagged, others } = volcanoPoints([row(), row({ FarmacoId: 8, Farmaco: 'Drug_A', SenalIC: false, IC: -0.51234, A: 2 })]);
    expect(flagged).toEqual([{ x: 12, y: 1.4 }]);
    expect(others).toEqual([{ x: 2, y: -0.512 }]);
  });
});
