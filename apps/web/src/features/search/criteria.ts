import {
  DEFAULT_SEARCH_ORDER,
  isIsoDate,
  MAX_EVENT_IDENTIFIER_LENGTH,
  MSG,
  parseOrderBy,
  parsePageKey,
  SEARCH_ORDER_COLUMNS,
  SEARCH_PAGE_SIZE,
  type SearchCriteria,
  type SearchRequest,
  type UserLaboratory,
} from '@atalaya/domain';

/**
 * The search as the URL holds it (issue 16 §2): the filters, the order and the page, so a search
 * can be bookmarked, shared, reloaded and reached again with Back. The query-string names are the
 * body fields of `getERByFilters` (`PaisId=1&ProductoId=7&orderBy=FechaSolicitud+DESC&pageNumber=2&pageKey=after:…`).
 */
export const ID_FILTERS = [
  'PaisId',
  'CompaniaId',
  'LaboratorioId',
  'ProductoId',
  'PrincipioActivoId',
  'EstadoId',
  'TipoRAMId',
  'GrupoId',
  'SubGrupoId',
] as const satisfies readonly (keyof SearchCriteria)[];
export type IdFilter = (typeof ID_FILTERS)[number];

export const DATE_FILTERS = ['FechaCreacionDesde', 'FechaCreacionHasta', 'FechaModificacionDesde', 'FechaModificacionHasta'] as const satisfies readonly (keyof SearchCriteria)[];
export type DateFilter = (typeof DATE_FILTERS)[number];

/** The filters of the form: each id or day absent when it is "any". */
export type Filters = Partial<Record<IdFilter, number>> & Partial<Record<DateFilter, string>> & {
  IdEvento?: string;
  /** A MedDRA PT code (Señales' 'a' opens its pair's cases); no picker: it arrives in the URL. */
  PtCodigo?: number;
  /**
   * What the Señales table computed its 'a' with (docs/signals.md 'The screen'); no pickers, they
   * arrive in the URL from a count 'a': seriousness, months of receipt (`AAAA-MM`), only the
   * cases the table counts.
   */
  Grave?: boolean;
  MesRecepcionDesde?: string;
  MesRecepcionHasta?: string;
  SoloContados?: boolean;
  /** With SoloContados: the table counted concomitant drugs too (`concomitantes=si`). */
  IncluirConcomitantes?: boolean;
  /** The table's laboratory filter: the drug filter names a drug of that laboratory (it chooses the drug, not the cases). */
  FarmacoLaboratorioId?: number;
  /** The table's SOC filter: a reaction under a PT of that primary SOC. */
  SocCodigo?: number;
};

/** The Señales filters of the search, as the URL and the body name them. */
export const SIGNAL_FILTERS = ['Grave', 'MesRecepcionDesde', 'MesRecepcionHasta', 'SoloContados', 'IncluirConcomitantes', 'FarmacoLaboratorioId', 'SocCodigo'] as const satisfies readonly (keyof Filters)[];

const RECEIPT_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** Reads the Señales filters of a query string (`Grave=true|false`, `SoloContados=true`, months). */
function signalFiltersFromParams(params: URLSearchParams, filters: Filters): void {
  const grave = params.get('Grave');
  if (grave === 'true' || grave === 'false') filters.Grave = grave === 'true';
  for (const key of ['MesRecepcionDesde', 'MesRecepcionHasta'] as const) {
    const month = params.get(key);
    if (month && RECEIPT_MONTH.test(month)) filters[key] = month;
  }
  if (filters.MesRecepcionDesde && filters.MesRecepcionHasta && filters.MesRecepcionHasta < filters.MesRecepcionDesde) {
    delete filters.MesRecepcionDesde;
    delete filters.MesRecepcionHasta;
  }
  if (params.get('SoloContados') === 'true') filters.SoloContados = true;
  if (params.get('IncluirConcomitantes') === 'true') filters.IncluirConcomitantes = true;
  const laboratory = positiveInt(params.get('FarmacoLaboratorioId'));
  // Only with a drug filter (the server refuses it alone).
  if (laboratory !== undefined && (filters.PrincipioActivoId !== undefined || filters.ProductoId !== undefined)) filters.FarmacoLaboratorioId = laboratory;
  const soc = positiveInt(params.get('SocCodigo'));
  if (soc !== undefined) filters.SocCodigo = soc;
}

/** Copies the Señales filters that are set (into a query string's values or a body). */
function signalFiltersOf(filters: Filters): Pick<SearchCriteria, (typeof SIGNAL_FILTERS)[number]> {
  const out: Pick<SearchCriteria, (typeof SIGNAL_FILTERS)[number]> = {};
  if (filters.Grave !== undefined) out.Grave = filters.Grave;
  if (filters.MesRecepcionDesde) out.MesRecepcionDesde = filters.MesRecepcionDesde;
  if (filters.MesRecepcionHasta) out.MesRecepcionHasta = filters.MesRecepcionHasta;
  if (filters.SoloContados) out.SoloContados = true;
  if (filters.IncluirConcomitantes) out.IncluirConcomitantes = true;
  if (filters.FarmacoLaboratorioId !== undefined) out.FarmacoLaboratorioId = filters.FarmacoLaboratorioId;
  if (filters.SocCodigo !== undefined) out.SocCodigo = filters.SocCodigo;
  return out;
}

export interface SearchState {
  filters: Filters;
  /** `FechaSolicitud DESC`: a whitelisted column and direction. */
  orderBy: string;
  pageNumber: number;
  /** `after:{key}`, `before:{key}`, `last`, or undefined for the first page. */
  pageKey?: string;
}

/** A whole number from 1, or undefined. */
function positiveInt(value: string | null): number | undefined {
  if (value === null || !/^\d{1,9}$/.test(value)) return undefined;
  const number = Number(value);
  return number >= 1 ? number : undefined;
}

/** Reads the search from a query string; anything malformed is dropped (the URL may be hand-edited). */
export function searchStateFromParams(params: URLSearchParams): SearchState {
  const filters: Filters = {};
  for (const key of ID_FILTERS) {
    const id = positiveInt(params.get(key));
    if (id !== undefined) filters[key] = id;
  }
  for (const key of DATE_FILTERS) {
    const day = params.get(key);
    if (day && isIsoDate(day)) filters[key] = day;
  }
  const pt = positiveInt(params.get('PtCodigo'));
  if (pt !== undefined) filters.PtCodigo = pt;
  signalFiltersFromParams(params, filters);
  const identifier = params.get('IdEvento')?.trim();
  if (identifier) filters.IdEvento = identifier.slice(0, MAX_EVENT_IDENTIFIER_LENGTH);

  const order = params.get('orderBy');
  const orderBy = order && parseOrderBy(order, SEARCH_ORDER_COLUMNS) ? order : DEFAULT_SEARCH_ORDER;
  const pageNumber = positiveInt(params.get('pageNumber')) ?? 1;
  const key = params.get('pageKey');
  const at = key ? parsePageKey(key) : null;
  const pageKey = at && at.kind !== 'first' && pageNumber > 1 ? key ?? undefined : undefined;
  return { filters, orderBy, pageNumber, pageKey };
}

/** Writes the search into a query string (only the filters that are set; the order and page always). */
export function searchStateToParams(state: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ID_FILTERS) {
    const id = state.filters[key];
    if (id !== undefined) params.set(key, String(id));
  }
  if (state.filters.PtCodigo !== undefined) params.set('PtCodigo', String(state.filters.PtCodigo));
  for (const [key, value] of Object.entries(signalFiltersOf(state.filters))) params.set(key, String(value));
  if (state.filters.IdEvento?.trim()) params.set('IdEvento', state.filters.IdEvento.trim());
  for (const key of DATE_FILTERS) {
    const day = state.filters[key];
    if (day) params.set(key, day);
  }
  params.set('orderBy', state.orderBy);
  params.set('pageNumber', String(state.pageNumber));
  if (state.pageKey) params.set('pageKey', state.pageKey);
  return params;
}

/** The filters as the calls take them (`exportERByFilters`; the base of `getERByFilters`). */
export function criteriaOf(filters: Filters): SearchCriteria {
  const criteria: SearchCriteria = {};
  for (const key of ID_FILTERS) if (filters[key] !== undefined) criteria[key] = filters[key];
  for (const key of DATE_FILTERS) if (filters[key]) criteria[key] = filters[key];
  if (filters.PtCodigo !== undefined) criteria.PtCodigo = filters.PtCodigo;
  if (filters.IdEvento?.trim()) criteria.IdEvento = filters.IdEvento.trim();
  return { ...criteria, ...signalFiltersOf(filters) };
}

/** The body of `getERByFilters` for a search. */
export function searchRequestOf(state: SearchState): SearchRequest {
  return {
    ...criteriaOf(state.filters),
    pageSize: SEARCH_PAGE_SIZE,
    pageNumber: state.pageNumber,
    ...(state.pageKey ? { pageKey: state.pageKey } : {}),
    orderBy: state.orderBy,
  };
}

/** The date errors of the form (the server checks the same; issue 16 §4). */
export function dateRangeErrors(filters: Filters): Partial<Record<DateFilter, string>> {
  const errors: Partial<Record<DateFilter, string>> = {};
  const before = (from?: string, to?: string) => Boolean(from && to && to < from);
  if (before(filters.FechaCreacionDesde, filters.FechaCreacionHasta)) errors.FechaCreacionHasta = MSG.search.creationRange;
  if (before(filters.FechaModificacionDesde, filters.FechaModificacionHasta)) errors.FechaModificacionHasta = MSG.search.modificationRange;
  return errors;
}

/** Filters the dependent pickers rely on: changing one clears those below it. */
const DEPENDENTS: Partial<Record<IdFilter, readonly IdFilter[]>> = {
  PaisId: ['CompaniaId', 'LaboratorioId', 'ProductoId', 'PrincipioActivoId'],
  CompaniaId: ['LaboratorioId', 'ProductoId'],
  LaboratorioId: ['ProductoId'],
  // The active ingredient is a country's (getPrincipioActivoByCountry): it stands on its own,
  // across laboratories and products, so only a change of country clears it.
};

/** Sets one id filter (undefined = any) and clears the pickers that depend on it. */
export function withFilter(filters: Filters, key: IdFilter, value: number | undefined): Filters {
  if (filters[key] === value) return filters;
  const next: Filters = { ...filters };
  if (value === undefined) delete next[key];
  else next[key] = value;
  for (const dependent of DEPENDENTS[key] ?? []) delete next[dependent];
  return next;
}

/**
 * A laboratory grant of the user (`getMyUser`, docs/roles.md 'Laboratory assignment'): every
 * grant but 'all' carries its country (a laboratory's, a company's, or the granted country).
 */
type Assignment = Pick<UserLaboratory, 'CountryId'>;

/** Whether the user's grants reach a country: every laboratory, or a grant of or within that country. */
export function reachesCountry(assignments: readonly Assignment[], countryId: number): boolean {
  return assignments.some((assignment) => assignment.CountryId === null || assignment.CountryId === countryId);
}

/**
 * The country a search starts from (event spec §9 'Default pre-selected country UY'): an RLF
 * always its own country (its reach; the picker is fixed); anyone else Uruguay when its
 * laboratories reach Uruguay, no country otherwise (a Fabricante of other countries would
 * find nothing in Uruguay).
 */
export function defaultCountryId(
  countries: readonly { Id: number; Codigo: string }[],
  user: { Rol: string; Country: string },
  assignments: readonly Assignment[],
): number | undefined {
  if (user.Rol === 'RLF') return countries.find((country) => country.Codigo === user.Country)?.Id;
  const uruguay = countries.find((country) => country.Codigo === 'UY')?.Id;
  return uruguay !== undefined && reachesCountry(assignments, uruguay) ? uruguay : undefined;
}
