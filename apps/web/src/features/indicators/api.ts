import { indicatorsApi, type QueryOf } from '@atalaya/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../shared/api';

/** The filters of the screen: a country code and a laboratory id, each optional. */
export interface IndicatorFilters {
  pais: string | null;
  laboratorio: number | null;
}

/** Cache keys of the Indicadores screen. */
export const indicatorsKeys = {
  all: ['indicators'] as const,
  countries: ['indicators', 'countries'] as const,
  laboratories: (pais: string) => ['indicators', 'laboratories', pais] as const,
  call: (call: string, filters: IndicatorFilters) => ['indicators', call, filters.pais, filters.laboratorio] as const,
};

/** The query of the four calls ("each by country and laboratory ids"): the filters given. */
export function filterQuery(filters: IndicatorFilters): QueryOf<typeof indicatorsApi.getIndicatorsValuesPanel> {
  return { pais: filters.pais || undefined, laboratorio: filters.laboratorio === null ? undefined : String(filters.laboratorio) };
}

/** `filtercountryindicators`: the countries with reports in the user's reach. */
export const indicatorCountriesQuery = () =>
  queryOptions({ queryKey: indicatorsKeys.countries, queryFn: ({ signal }) => call(indicatorsApi.filtercountryindicators, { query: {}, signal }) });

/** `filterlabindicators`: the laboratories with reports in reach in a country. */
export const indicatorLaboratoriesQuery = (pais: string | null) =>
  queryOptions({
    queryKey: indicatorsKeys.laboratories(pais ?? ''),
    queryFn: ({ signal }) => call(indicatorsApi.filterlabindicators, { query: { pais: pais ?? '' }, signal }),
    enabled: pais !== null,
  });

/** `getIndicatorsValuesPanel`: the four cards. */
export const indicatorValuesQuery = (filters: IndicatorFilters) =>
  queryOptions({
    queryKey: indicatorsKeys.call('values', filters),
    queryFn: ({ signal }) => call(indicatorsApi.getIndicatorsValuesPanel, { query: filterQuery(filters), signal }),
    placeholderData: keepPreviousData,
  });

export type SeriesCall = 'getIndicatorsEventsStatus' | 'getIndicatorsEventsAges' | 'getIndicatorsEventsTypeGroup';

/** One of the three series (status, age, type of report). */
export const indicatorSeriesQuery = (series: SeriesCall, filters: IndicatorFilters) =>
  queryOptions({
    queryKey: indicatorsKeys.call(series, filters),
    queryFn: ({ signal }) => call(indicatorsApi[series], { query: filterQuery(filters), signal }),
    placeholderData: keepPreviousData,
  });
