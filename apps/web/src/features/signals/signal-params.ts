import { APP_ROUTES, DEFAULT_SEARCH_ORDER, type QueryOf, SIGNAL_SORTS, type SignalRowDto, type signalsApi } from '@atalaya/domain';

/**
 * The Señales screen's pure logic (docs/signals.md 'The screen'): its filters as the query of
 * `GET /api/signals`, the event search that a count 'a' opens, the numbers as the table shows
 * them, and the volcano's points.
 */

export type SignalSort = (typeof SIGNAL_SORTS)[number];
export type DrugKind = 'principio' | 'producto';
export type Seriousness = '' | 'si' | 'no';
export type Stratum = 'sexo' | 'edad' | 'pais';

/** The filters of the form; '' or null = any. */
export interface SignalFilterState {
  desde: string;
  hasta: string;
  /** A country code. */
  pais: string | null;
  laboratorio: number | null;
  farmaco: DrugKind;
  /** The active ingredient or product (by `farmaco`). */
  drug: number | null;
  /** SOC or PT (MedDRA codes). */
  soc: number | null;
  pt: number | null;
  grave: Seriousness;
  estratos: readonly Stratum[];
  /** 'Incluir concomitantes': also the drugs a case holds only as concomitants (`concomitantes=si`). */
  concomitantes: boolean;
}

export const EMPTY_FILTERS: SignalFilterState = {
  desde: '',
  hasta: '',
  pais: null,
  laboratorio: null,
  farmaco: 'principio',
  drug: null,
  soc: null,
  pt: null,
  grave: '',
  estratos: [],
  concomitantes: false,
};

export interface SignalOrder {
  orden: SignalSort;
  dir: 'asc' | 'desc';
}

export const DEFAULT_ORDER: SignalOrder = { orden: 'eb05', dir: 'desc' };

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The period's error in Spanish (the server says the same), or null. */
export function periodError(filters: Pick<SignalFilterState, 'desde' | 'hasta'>): string | null {
  if (filters.desde && !MONTH.test(filters.desde)) return 'El período debe ser un mes AAAA-MM.';
  if (filters.hasta && !MONTH.test(filters.hasta)) return 'El período debe ser un mes AAAA-MM.';
  if (filters.desde && filters.hasta && filters.desde > filters.hasta) return 'El mes «desde» no puede ser posterior al mes «hasta».';
  return null;
}

/** The query of `GET /api/signals` (packages/domain/src/api/signals.ts). */
export type SignalTableQuery = QueryOf<typeof signalsApi.signals>;
/** The table's filters and order: the query of the table without its page, and of the export without its format. */
export type SignalFiltersQuery = Omit<SignalTableQuery, 'limite' | 'cursor'>;
/** The query of `GET /api/signals/ic-history`. */
export type SignalIcHistoryQuery = QueryOf<typeof signalsApi.signalsIcHistory>;

/** The background every Señales query shares: only what is set. */
function backgroundQuery(filters: SignalFilterState): Pick<SignalFiltersQuery, 'desde' | 'hasta' | 'pais' | 'grave' | 'estratos' | 'farmaco' | 'concomitantes'> {
  return {
    ...(filters.desde ? { desde: filters.desde } : {}),
    ...(filters.hasta ? { hasta: filters.hasta } : {}),
    ...(filters.pais ? { pais: filters.pais } : {}),
    ...(filters.grave ? { grave: filters.grave } : {}),
    ...(filters.estratos.length ? { estratos: [...new Set(filters.estratos)].join(',') } : {}),
    ...(filters.farmaco === 'producto' ? { farmaco: 'producto' as const } : {}),
    ...(filters.concomitantes ? { concomitantes: 'si' as const } : {}),
  };
}

/** One drug under its kind: `principio` or `producto`. */
function drugQuery(kind: DrugKind, drug: number): Pick<SignalFiltersQuery, 'principio' | 'producto'> {
  return kind === 'producto' ? { producto: String(drug) } : { principio: String(drug) };
}

/** The query of the table (and of its export, without the page): only what is set. */
export function signalParams(filters: SignalFilterState, order: SignalOrder): SignalFiltersQuery {
  return {
    ...backgroundQuery(filters),
    ...(filters.drug === null ? {} : drugQuery(filters.farmaco, filters.drug)),
    ...(filters.laboratorio === null ? {} : { laboratorio: String(filters.laboratorio) }),
    ...(filters.pt !== null ? { pt: String(filters.pt) } : filters.soc !== null ? { soc: String(filters.soc) } : {}),
    orden: order.orden,
    dir: order.dir,
  };
}

/** The query of one pair's IC history: the table's background and the pair. */
export function icHistoryParams(filters: SignalFilterState, row: Pick<SignalRowDto, 'FarmacoId' | 'PtCodigo'>): SignalIcHistoryQuery {
  return { ...backgroundQuery(filters), ...drugQuery(filters.farmaco, row.FarmacoId), pt: String(row.PtCodigo) };
}

export type SignalTab = 'tabla' | 'registro';

/** A pair of the table (the IC chart's). */
export interface SignalPair {
  drug: number;
  pt: number;
}

/**
 * The screen as its URL holds it (`/signals?…`), so a reload, a shared link or Back shows the
 * same table: the tab, the applied filters and the order under the names of `GET /api/signals`
 * (`desde`, `hasta`, `pais`, `laboratorio`, `farmaco`, `principio`/`producto`, `soc`, `pt`,
 * `grave`, `estratos`, `concomitantes`, `orden`, `dir`), the pages loaded (`paginas`, 'Cargar más') and the IC
 * chart's pair (`par=drug-pt`).
 */
export interface SignalScreenState {
  tab: SignalTab;
  filters: SignalFilterState;
  order: SignalOrder;
  /** Pages of the keyset loaded (1 = the first). */
  pages: number;
  /** The pair of the IC chart; null = the first row. */
  pair: SignalPair | null;
}

export const DEFAULT_SCREEN: SignalScreenState = { tab: 'tabla', filters: EMPTY_FILTERS, order: DEFAULT_ORDER, pages: 1, pair: null };

/** Most pages a URL asks to reload (100 rows each). */
export const MAX_URL_PAGES = 50;

/** A whole number from 1 (at most 2,147,483,647), or null. */
function positiveId(value: string | null): number | null {
  if (value === null || !/^\d{1,10}$/.test(value)) return null;
  const number = Number(value);
  return number >= 1 && number <= 2_147_483_647 ? number : null;
}

const STRATA: readonly Stratum[] = ['sexo', 'edad', 'pais'];

/** Reads the screen from a query string; anything malformed falls back to its default (the URL may be hand-edited). */
export function signalStateFromParams(params: URLSearchParams): SignalScreenState {
  const month = (value: string | null) => (value && MONTH.test(value) ? value : '');
  const farmaco: DrugKind = params.get('farmaco') === 'producto' ? 'producto' : 'principio';
  const grave = params.get('grave');
  const pais = params.get('pais');
  const pt = positiveId(params.get('pt'));
  const estratos = (params.get('estratos') ?? '').split(',').filter((s): s is Stratum => (STRATA as readonly string[]).includes(s));
  const filters: SignalFilterState = {
    desde: month(params.get('desde')),
    hasta: month(params.get('hasta')),
    pais: pais && /^[A-Za-z]{2,3}$/.test(pais) ? pais.toUpperCase() : null,
    laboratorio: positiveId(params.get('laboratorio')),
    farmaco,
    drug: positiveId(params.get(farmaco)),
    soc: pt === null ? positiveId(params.get('soc')) : null,
    pt,
    grave: grave === 'si' || grave === 'no' ? grave : '',
    estratos: [...new Set(estratos)],
    concomitantes: params.get('concomitantes') === 'si',
  };
  if (periodError(filters)) {
    filters.desde = '';
    filters.hasta = '';
  }
  const orden = params.get('orden');
  const sort = (SIGNAL_SORTS as readonly string[]).includes(orden ?? '') ? (orden as SignalSort) : DEFAULT_ORDER.orden;
  const dir = params.get('dir');
  const order: SignalOrder = { orden: sort, dir: dir === 'asc' || dir === 'desc' ? dir : 'desc' };
  const pages = Math.min(positiveId(params.get('paginas')) ?? 1, MAX_URL_PAGES);
  const pairMatch = /^(\d{1,10})-(\d{1,10})$/.exec(params.get('par') ?? '');
  const pairDrug = pairMatch ? positiveId(pairMatch[1] ?? null) : null;
  const pairPt = pairMatch ? positiveId(pairMatch[2] ?? null) : null;
  return {
    tab: params.get('tab') === 'registro' ? 'registro' : 'tabla',
    filters,
    order,
    pages,
    pair: pairDrug !== null && pairPt !== null ? { drug: pairDrug, pt: pairPt } : null,
  };
}

/** Writes the screen into a query string: the table's own query, then what is not the default. */
export function signalStateToParams(state: SignalScreenState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.tab === 'registro') params.set('tab', 'registro');
  for (const [key, value] of Object.entries(signalParams(state.filters, state.order))) if (value !== undefined) params.set(key, value);
  if (state.pages > 1) params.set('paginas', String(Math.min(state.pages, MAX_URL_PAGES)));
  if (state.pair) params.set('par', `${state.pair.drug}-${state.pair.pt}`);
  return params;
}

/** A header click: the same column flips its direction; another starts descending (text ascending). */
export function nextOrder(current: SignalOrder, column: SignalSort): SignalOrder {
  if (current.orden === column) return { orden: column, dir: current.dir === 'desc' ? 'asc' : 'desc' };
  return { orden: column, dir: column === 'farmaco' || column === 'pt' ? 'asc' : 'desc' };
}

/**
 * The event search of a pair's cases ('a'): everything the table computed 'a' with that the
 * search knows, so that it lists exactly those cases — the drug (ingredient or product), the
 * PT, the country (`PaisId`), the seriousness (`Grave`), the months of receipt
 * (`MesRecepcionDesde`/`Hasta`) and `SoloContados` (only the cases the table counts, under that
 * drug as recorded; `IncluirConcomitantes` when the table counted concomitant drugs too), and
 * the table's laboratory and SOC filters as `FarmacoLaboratorioId` (the drug is the
 * laboratory's) and `SocCodigo` — they choose rows, not cases, and leave the total a. The
 * strata change E only.
 */
export function caseSearchPath(
  row: Pick<SignalRowDto, 'FarmacoId' | 'PtCodigo'>,
  filters: Pick<SignalFilterState, 'farmaco' | 'desde' | 'hasta' | 'grave'> & Partial<Pick<SignalFilterState, 'concomitantes' | 'laboratorio' | 'soc'>>,
  countryId: number | null,
): string {
  const params = new URLSearchParams();
  if (countryId !== null) params.set('PaisId', String(countryId));
  params.set(filters.farmaco === 'producto' ? 'ProductoId' : 'PrincipioActivoId', String(row.FarmacoId));
  params.set('PtCodigo', String(row.PtCodigo));
  if (filters.grave) params.set('Grave', filters.grave === 'si' ? 'true' : 'false');
  if (filters.desde) params.set('MesRecepcionDesde', filters.desde);
  if (filters.hasta) params.set('MesRecepcionHasta', filters.hasta);
  params.set('SoloContados', 'true');
  if (filters.concomitantes) params.set('IncluirConcomitantes', 'true');
  // The laboratory and SOC choose the row (its drug and PT); carried so that the search shows them, with the same total.
  if (filters.laboratorio !== undefined && filters.laboratorio !== null) params.set('FarmacoLaboratorioId', String(filters.laboratorio));
  if (filters.soc !== undefined && filters.soc !== null) params.set('SocCodigo', String(filters.soc));
  params.set('orderBy', DEFAULT_SEARCH_ORDER);
  params.set('pageNumber', '1');
  return `${APP_ROUTES.eventSearch.path}?${params.toString()}`;
}

const NUMBER = new Intl.NumberFormat('es-UY', { maximumFractionDigits: 2, minimumFractionDigits: 2 });

/** A measure as the table shows it ('2,35'; '—' when there is none; '∞' for an infinite ratio). */
export function formatMeasure(value: number | null): string {
  if (value === null || Number.isNaN(value)) return '—';
  if (!Number.isFinite(value)) return value > 0 ? '∞' : '−∞';
  return NUMBER.format(value);
}

/** A measure with its interval: '2,35 (1,10–5,02)'. */
export function formatInterval(value: number | null, lower: number | null, upper: number | null): string {
  if (value === null) return '—';
  return `${formatMeasure(value)} (${formatMeasure(lower)}–${formatMeasure(upper)})`;
}

/** The flags of a row, as the badges name them. */
export function flagsOf(row: Pick<SignalRowDto, 'Evans' | 'SenalIC' | 'SenalEB05' | 'SenalROR'>): string[] {
  const flags: string[] = [];
  if (row.Evans) flags.push('Evans');
  if (row.SenalIC) flags.push('IC025 > 0');
  if (row.SenalEB05) flags.push('EB05 ≥ 2');
  if (row.SenalROR) flags.push('ROR025 > 1');
  return flags;
}

export interface VolcanoPoint {
  /** a, the pair's cases. */
  x: number;
  /** IC. */
  y: number;
}

/**
 * The volcano of the rows on screen: IC against a, split into the pairs whose IC025 > 0
 * (flagged) and the rest.
 */
export function volcanoPoints(rows: readonly SignalRowDto[]): { flagged: VolcanoPoint[]; others: VolcanoPoint[] } {
  const flagged: VolcanoPoint[] = [];
  const others: VolcanoPoint[] = [];
  for (const row of rows) {
    const point = { x: row.A, y: Math.round(row.IC * 1000) / 1000 };
    (row.SenalIC ? flagged : others).push(point);
  }
  return { flagged, others };
}
