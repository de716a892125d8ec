import { DEFAULT_SEARCH_ORDER, MSG, SEARCH_PAGE_SIZE } from '@atalaya/domain';
import { describe, expect, it } from 'vitest';
import {
  criteriaOf,
  dateRangeErrors,
  defaultCountryId,
  searchRequestOf,
  searchStateFromParams,
  searchStateToParams,
  withFilter,
  type SearchState,
} from './criteria';

const roundTrip = (state: SearchState) => searchStateFromParams(new URLSearchParams(searchStateToParams(state).toString()));

describe('search in the URL', () => {
  it('keeps every filter, the order and the keyed page through the query string', () => {
    const state: SearchState = {
      filters: {
        PaisId: 1,
        CompaniaId: 2,
        LaboratorioId: 3,
        ProductoId: 4,
        PrincipioActivoId: 5,
        EstadoId: 6,
        TipoRAMId: 7,
        GrupoId: 8,
        SubGrupoId: 9,
        IdEvento: 'UY-2026-000123-S1',
        FechaCreacionDesde: '2026-01-01',
        FechaCreacionHasta: '2026-02-01',
        FechaModificacionDesde: '2026-03-01',
        FechaModificacionHasta: '2026-04-30',
      },
      orderBy: 'NumeroReferencia ASC',
      pageNumber: 3,
      pageKey: 'after:AbC_-9',
    };
    expect(roundTrip(state)).toEqual(state);
    expect(searchStateToParams(state).get('ProductoId')).toBe('4');
  });

  it('writes only the filters that are set', () => {
    const params = searchStateToParams({ filters: { ProductoId: 12, IdEvento: '  ' }, orderBy: DEFAULT_SEARCH_ORDER, pageNumber: 1 });
    expect(params.toString()).toBe('ProductoId=12&orderBy=FechaSolicitud+DESC&pageNumber=1');
  });

  it('drops what a hand-edited URL gets wrong: bad ids, dates, orders, page keys', () => {
    const state = searchStateFromParams(
      new URLSearchParams('PaisId=abc&CompaniaId=0&EstadoId=-1&ProductoId=1.5&FechaCreacionDesde=2026-13-01&orderBy=Id;drop&pageNumber=x&pageKey=sideways:1'),
    );
    expect(state).toEqual({ filters: {}, orderBy: DEFAULT_SEARCH_ORDER, pageNumber: 1, pageKey: undefined });
  });

  it('reads an empty query string as the first page of every case in the default order', () => {
    expect(searchStateFromParams(new URLSearchParams())).toEqual({ filters: {}, orderBy: DEFAULT_SEARCH_ORDER, pageNumber: 1, pageKey: undefined });
  });

  it('builds the getERByFilters body from the URL state', () => {
    const state = searchStateFromParams(new URLSearchParams('ProductoId=7&pageNumber=2&pageKey=after:k1&orderBy=Pais+ASC'));
    expect(searchRequestOf(state)).toEqual({ ProductoId: 7, pageSize: SEARCH_PAGE_SIZE, pageNumber: 2, pageKey: 'after:k1', orderBy: 'Pais ASC' });
    expect(criteriaOf(state.filters)).toEqual({ ProductoId: 7 });
  });

  it("keeps the MedDRA PT that Señales' count 'a' sends, and drops a malformed one", () => {
    const state = searchStateFromParams(new URLSearchParams('PrincipioActivoId=7&PtCodigo=10037087&orderBy=FechaSolicitud+DESC&pageNumber=1'));
    expect(state.filters).toEqual({ PrincipioActivoId: 7, PtCodigo: 10037087 });
    expect(criteriaOf(state.filters)).toEqual({ PrincipioActivoId: 7, PtCodigo: 10037087 });
    expect(roundTrip(state).filters).toEqual(state.filters);
    expect(searchStateFromParams(new URLSearchParams('PtCodigo=abc')).filters).toEqual({});
    // The table's laboratory (with a drug filter only) and SOC (docs/signals.md 'The count a').
    const carried = searchStateFromParams(new URLSearchParams('PrincipioActivoId=7&PtCodigo=10037087&SoloContados=true&FarmacoLaboratorioId=4&SocCodigo=10029205'));
    expect(criteriaOf(carried.filters)).toEqual({ PrincipioActivoId: 7, PtCodigo: 10037087, SoloContados: true, FarmacoLaboratorioId: 4, SocCodigo: 10029205 });
    expect(searchStateToParams(carried).get('FarmacoLaboratorioId')).toBe('4');
    expect(searchStateFromParams(new URLSearchParams('FarmacoLaboratorioId=4')).filters).toEqual({});
  });
});

describe('search filters', () => {
  it('clears the dependent pickers when a parent changes', () => {
    const filters = { PaisId: 1, CompaniaId: 2, LaboratorioId: 3, ProductoId: 4, EstadoId: 5 };
    expect(withFilter(filters, 'CompaniaId', 9)).toEqual({ PaisId: 1, CompaniaId: 9, EstadoId: 5 });
    expect(withFilter(filters, 'PaisId', undefined)).toEqual({ EstadoId: 5 });
    expect(withFilter(filters, 'EstadoId', 6)).toEqual({ ...filters, EstadoId: 6 });
  });

  it('keeps the active ingredient, a country’s, when a laboratory or product changes; a new country clears it', () => {
    const filters = { PaisId: 1, PrincipioActivoId: 8 };
    expect(withFilter(filters, 'LaboratorioId', 3)).toEqual({ PaisId: 1, LaboratorioId: 3, PrincipioActivoId: 8 });
    expect(withFilter({ ...filters, LaboratorioId: 3 }, 'ProductoId', 4)).toEqual({ PaisId: 1, LaboratorioId: 3, ProductoId: 4, PrincipioActivoId: 8 });
    expect(withFilter({ ...filters, LaboratorioId: 3, ProductoId: 4 }, 'LaboratorioId', undefined)).toEqual({ PaisId: 1, PrincipioActivoId: 8 });
    expect(withFilter(filters, 'PaisId', 2)).toEqual({ PaisId: 2 });
  });

  it('refuses an end day before its start, for creation and modification', () => {
    expect(dateRangeErrors({ FechaModificacionDesde: '2026-05-02', FechaModificacionHasta: '2026-05-01' })).toEqual({
      FechaModificacionHasta: MSG.search.modificationRange,
    });
    expect(dateRangeErrors({ FechaCreacionDesde: '2026-05-02', FechaCreacionHasta: '2026-05-01' })).toEqual({ FechaCreacionHasta: MSG.search.creationRange });
    expect(dateRangeErrors({ FechaCreacionDesde: '2026-05-01', FechaCreacionHasta: '2026-05-01' })).toEqual({});
  });

  it('starts from Uruguay when the user reaches it, an RLF from its own country', () => {
    const countries = [
      { Id: 1, Codigo: 'UY' },
      { Id: 2, Codigo: 'AR' },
    ];
    const reach = (...assignments: { CountryId: number | null }[]) => assignments;
    // All; a laboratory, a company or a country of Uruguay; only Argentina's.
    expect(defaultCountryId(countries, { Rol: 'QPPV', Country: 'AR' }, reach({ CountryId: null }))).toBe(1);
    expect(defaultCountryId(countries, { Rol: 'CL', Country: 'AR' }, reach({ CountryId: 2 }, { CountryId: 1 }))).toBe(1);
    expect(defaultCountryId(countries, { Rol: 'Fabricante', Country: 'AR' }, reach({ CountryId: 2 }))).toBeUndefined();
    expect(defaultCountryId(countries, { Rol: 'CL', Country: 'UY' }, reach())).toBeUndefined();
    expect(defaultCountryId(countries, { Rol: 'RLF', Country: 'AR' }, reach())).toBe(2);
    expect(defaultCountryId([{ Id: 2, Codigo: 'AR' }], { Rol: 'QPPV', Country: 'UY' }, reach({ CountryId: null }))).toBeUndefined();
  });
});
