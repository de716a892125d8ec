import { nokpiApi } from '@atalaya/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../shared/api';

/** Where the list is: the first page, or after / before a row's key (the pager's buttons). */
export interface NoKpiPosition {
  page: number;
  pageKey?: string;
}

export const noKpiKeys = {
  all: ['nokpi'] as const,
  countries: ['nokpi', 'countries'] as const,
  card: (country: string | null) => ['nokpi', 'card', country] as const,
  page: (country: string | null, position: NoKpiPosition) => ['nokpi', 'page', country, position.page, position.pageKey ?? null] as const,
};

/**
 * `getNoKpiMetrics`: the card and the first page ({pais: null} on load, {firstselect: code}
 * on change, spec §7). Failures show the screen's generic error, not the server's details (§8).
 */
export const noKpiCardQuery = (country: string | null) =>
  queryOptions({
    queryKey: noKpiKeys.card(country),
    queryFn: ({ signal }) => call(nokpiApi.getNoKpiMetrics, { body: country === null ? { pais: null } : { firstselect: country }, signal, notify: false }),
  });

/** `getEventsNoKpi`: another page of the list. */
export const noKpiPageQuery = (country: string | null, position: NoKpiPosition) =>
  queryOptions({
    queryKey: noKpiKeys.page(country, position),
    queryFn: ({ signal }) =>
      call(nokpiApi.getEventsNoKpi, {
        query: { page: position.page, pais: country ?? undefined, pageKey: position.pageKey || undefined },
        signal,
        notify: false,
      }),
    placeholderData: keepPreviousData,
  });

/** The 'Paises' dropdown (value Code, text Name). */
export const noKpiCountriesQuery = () =>
  queryOptions({
    queryKey: noKpiKeys.countries,
    queryFn: ({ signal }) => call(nokpiApi.getNoKpiCountries, { signal, notify: false }),
    staleTime: 10 * 60_000,
  });
