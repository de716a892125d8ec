import { queryStringOf, type SignalRowDto } from '@atalaya/domain';
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
  DEFAULT_SCREEN,
  MAX_URL_PAGES,
  type SignalScreenState,
  signalParams,
  signalStateFromParams,
  signalStateToParams,
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
    expect(queryStringOf(signalParams(EMPTY_FILTERS, DEFAULT_ORDER))).toBe('?orden=eb05&dir=desc');
    const params = signalParams(
      { ...EMPTY_FILTERS, desde: '2025-01', hasta: '2025-12', pais: 'UY', grave: 'si', estratos: ['sexo', 'edad', 'sexo'], farmaco: 'producto', drug: 5, laboratorio: 3, soc: 100, pt: 200 },
      { orden: 'ic', dir: 'asc' },
    );
    expect(params).toEqual({
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
    expect(signalParams({ ...EMPTY_FILTERS, drug: 9, soc: 100 }, DEFAULT_ORDER).principio).toBe('9');
    expect(signalParams({ ...EMPTY_FILTERS, soc: 100 }, DEFAULT_ORDER).soc).toBe('100');
  });

  it("'Incluir concomitantes' is concomitantes=si in the table, its export and the IC history; off, nothing (suspect or interacting drugs)", () => {
    expect(signalParams({ ...EMPTY_FILTERS, concomitantes: true }, DEFAULT_ORDER).concomitantes).toBe('si');
    expect(signalParams(EMPTY_FILTERS, DEFAULT_ORDER)).not.toHaveProperty('concomitantes');
    expect(icHistoryParams({ ...EMPTY_FILTERS, concomitantes: true }, row()).concomitantes).toBe('si');
    expect(signalStateFromParams(new URLSearchParams('concomitantes=si')).filters.concomitantes).toBe(true);
    expect(signalStateFromParams(new URLSearchParams('concomitantes=1')).filters.concomitantes).toBe(false);
  });

  it('the IC history asks for the row’s pair over the same background', () => {
    const params = icHistoryParams({ ...EMPTY_FILTERS, pais: 'AR', farmaco: 'producto', drug: 1, laboratorio: 4 }, row());
    expect(params).toEqual({ pais: 'AR', farmaco: 'producto', producto: '7', pt: '10019211' });
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
    const path = caseSearchPath(row(), { ...EMPTY_FILTERS, desde: '2025-01', hasta: '2025-06', grave: 'si' }, 3);
    expect(path.startsWith('/eventsearch?')).toBe(true);
    const query = new URLSearchParams(path.split('?')[1]);
    expect(Object.fromEntries(query)).toEqual({
      PaisId: '3',
      PrincipioActivoId: '7',
      PtCodigo: '10019211',
      Grave: 'true',
      MesRecepcionDesde: '2025-01',
      MesRecepcionHasta: '2025-06',
      SoloContados: 'true',
      orderBy: 'FechaSolicitud DESC',
      pageNumber: '1',
    });
    const byProduct = Object.fromEntries(new URLSearchParams(caseSearchPath(row(), { ...EMPTY_FILTERS, farmaco: 'producto', grave: 'no' }, null).split('?')[1]));
    expect(byProduct).toEqual({ ProductoId: '7', PtCodigo: '10019211', Grave: 'false', SoloContados: 'true', orderBy: 'FechaSolicitud DESC', pageNumber: '1' });
  });

  it('carries the table’s laboratory and SOC as FarmacoLaboratorioId and SocCodigo, as the search reads them (criteria.test.ts)', () => {
    const path = caseSearchPath(row(), { ...EMPTY_FILTERS, laboratorio: 4, soc: 10029205 }, null);
    const query = new URLSearchParams(path.split('?')[1]);
    expect(query.get('FarmacoLaboratorioId')).toBe('4');
    expect(query.get('SocCodigo')).toBe('10029205');
    // Without a laboratory or SOC in the table, none in the search.
    const plain = new URLSearchParams(caseSearchPath(row(), EMPTY_FILTERS, null).split('?')[1]);
    expect(plain.has('FarmacoLaboratorioId') || plain.has('SocCodigo')).toBe(false);
  });

  it('with concomitants included, the search counts them too (IncluirConcomitantes)', () => {
    const query = new URLSearchParams(caseSearchPath(row(), { ...EMPTY_FILTERS, concomitantes: true }, null).split('?')[1]);
    expect(query.get('IncluirConcomitantes')).toBe('true');
    expect(new URLSearchParams(caseSearchPath(row(), EMPTY_FILTERS, null).split('?')[1]).has('IncluirConcomitantes')).toBe(false);
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

describe('the screen in the URL', () => {
  const full: SignalScreenState = {
    tab: 'tabla',
    filters: {
      desde: '2025-01',
      hasta: '2025-12',
      pais: 'UY',
      laboratorio: 4,
      farmaco: 'producto',
      drug: 31,
      soc: null,
      pt: 10019211,
      grave: 'si',
      estratos: ['sexo', 'edad'],
      concomitantes: true,
    },
    order: { orden: 'prr', dir: 'asc' },
    pages: 3,
    pair: { drug: 31, pt: 10019211 },
  };

  it('writes every filter, the order, the pages and the chart pair, and reads them back the same', () => {
    const params = signalStateToParams(full);
    expect(Object.fromEntries(params)).toEqual({
      desde: '2025-01',
      hasta: '2025-12',
      pais: 'UY',
      grave: 'si',
      estratos: 'sexo,edad',
      farmaco: 'producto',
      concomitantes: 'si',
      producto: '31',
      laboratorio: '4',
      pt: '10019211',
      orden: 'prr',
      dir: 'asc',
      paginas: '3',
      par: '31-10019211',
    });
    // A reload or a shared link: the same string gives the same screen.
    expect(signalStateFromParams(new URLSearchParams(params.toString()))).toEqual(full);
  });

  it('holds the register tab and a SOC', () => {
    const state: SignalScreenState = { ...DEFAULT_SCREEN, tab: 'registro', filters: { ...EMPTY_FILTERS, soc: 10029205, drug: 12 } };
    const params = signalStateToParams(state);
    expect(params.get('tab')).toBe('registro');
    expect(params.get('principio')).toBe('12');
    expect(signalStateFromParams(params)).toEqual(state);
  });

  it('an empty query is the default screen, and the default screen writes only the order', () => {
    expect(signalStateFromParams(new URLSearchParams())).toEqual(DEFAULT_SCREEN);
    expect(signalStateToParams(DEFAULT_SCREEN).toString()).toBe('orden=eb05&dir=desc');
  });

  it('drops what a hand-edited URL gets wrong', () => {
    const state = signalStateFromParams(
      new URLSearchParams('desde=2025-13&hasta=2025-02&pais=U1&laboratorio=-3&farmaco=x&principio=abc&soc=5&pt=0&grave=tal&estratos=sexo,luna,sexo&orden=nada&dir=up&paginas=9999&par=1-&tab=otro'),
    );
    expect(state).toEqual({
      ...DEFAULT_SCREEN,
      filters: { ...EMPTY_FILTERS, hasta: '2025-02', soc: 5, estratos: ['sexo'] },
      pages: MAX_URL_PAGES,
    });
  });

  it('a reversed period is dropped whole; a PT wins over a SOC', () => {
    const state = signalStateFromParams(new URLSearchParams('desde=2025-06&hasta=2025-01&soc=5&pt=6'));
    expect(state.filters).toMatchObject({ desde: '', hasta: '', soc: null, pt: 6 });
  });
});
