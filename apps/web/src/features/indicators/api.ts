import type { IndicatorCountry, IndicatorLaboratory, IndicatorSeriesItem, IndicatorValues } from '@atalaya/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api';

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

/** The query string of the four calls ("each by country and laboratory ids"). */
export function filterQuery(filters: IndicatorFilters): string {
  const params = new URLSearchParams();
  if (filters.pais) params.set('pais', filters.pais);
  if (filters.laboratorio !== null) params.set('laboratorio', String(filters.laboratorio));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** `filtercountryindicators`: the countries with reports in the user's reach. */
export const indicatorCountriesQuery = () =>
  queryOptions({ queryKey: indicatorsKeys.countries, queryFn: ({ signal }) => api.get<IndicatorCountry[]>('filtercountryindicators', { signal }) });

/** `filterlabindicators`: the laboratories with reports in reach in a country. */
export const indicatorLaboratoriesQuery = (pais: string | null) =>
  queryOptions({
    queryKey: indicatorsKeys.laboratories(pais ?? ''),
    queryFn: ({ signal }) => api.get<IndicatorLaboratory[]>(`filterlabindicators?pais=${encodeURIComponent(pais ?? '')}`, { signal }),
    enabled: pais !== null,
  });

/** `getIndicatorsValuesPanel`: the four cards. */
export const indicatorValuesQuery = (filters: IndicatorFilters) =>
  queryOptions({
    queryKey: indicatorsKeys.call('values', filters),
    queryFn: ({ signal }) => api.get<IndicatorValues>(`getIndicatorsValuesPanel${filterQuery(filters)}`, { signal }),
    placeholderData: keepPreviousData,
  });

export type SeriesCall = 'getIndicatorsEventsStatus' | 'getIndicatorsEventsAges' | 'getIndicatorsEventsTypeGroup';

/** One of the three series (status, age, type of report). */
export const indicatorSeriesQuery = (call: SeriesCall, filters: IndicatorFilters) =>
  queryOptions({
    queryKey: indicatorsKeys.call(call, filters),
    queryFn: ({ signal }) => api.get<IndicatorSeriesItem[]>(`${call}${filterQuery(filters)}`, { signal }),
    placeholderData: keepPreviousData,
  });
