import { contextApi, e2bApi, referenceDataApi, SEARCH_EXPORT, searchApi, type SearchExportRequest, type SearchRequest } from '@atalaya/domain';
import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import { call, downloadFile, saveBlob, urlOf } from '../../shared/api';

/** Cache keys of the search screens. */
export const searchKeys = {
  all: ['search'] as const,
  filters: ['search', 'filters'] as const,
  laboratoriesOfCountry: (countryId: number) => ['search', 'laboratories-of-country', countryId] as const,
  productsOfLaboratory: (laboratoryId: number) => ['search', 'products-of-laboratory', laboratoryId] as const,
  ingredientsOfCountry: (countryId: number) => ['search', 'ingredients-of-country', countryId] as const,
  results: (request: SearchRequest) => ['search', 'results', request] as const,
};

/** The filter lists change rarely: kept for the session's screens for a while. */
const LISTS = { staleTime: 10 * 60_000 } as const;

/** `getFilters`: countries, companies, laboratories, statuses, RAM types and report types. */
export const filtersQuery = () =>
  queryOptions({ queryKey: searchKeys.filters, queryFn: ({ signal }) => call(referenceDataApi.getFilters, { signal }), ...LISTS });

/** `getMyUser`: the user's laboratory assignments, for the default country. */
export const myUserQuery = () =>
  queryOptions({ queryKey: ['search', 'my-user'] as const, queryFn: ({ signal }) => call(contextApi.getMyUser, { signal }), ...LISTS });

/** `getlaboraotriesByCountry/{id}`: the laboratories of a country (the product search's first picker). */
export const laboratoriesOfCountryQuery = (countryId: number | undefined) =>
  queryOptions({
    queryKey: searchKeys.laboratoriesOfCountry(countryId ?? 0),
    queryFn: ({ signal }) => call(referenceDataApi.getlaboraotriesByCountry, { params: { id: countryId ?? 0 }, signal }),
    enabled: countryId !== undefined,
    ...LISTS,
  });

/** `getProductFiltersByLabId/{id}`: the products of a laboratory, each with its family. */
export const productsOfLaboratoryQuery = (laboratoryId: number | undefined) =>
  queryOptions({
    queryKey: searchKeys.productsOfLaboratory(laboratoryId ?? 0),
    queryFn: ({ signal }) => call(referenceDataApi.getProductFiltersByLabId, { params: { id: laboratoryId ?? 0 }, signal }),
    enabled: laboratoryId !== undefined,
    ...LISTS,
  });

/**
 * `getPrincipioActivoByCountry/{id}`: the active ingredients of a country's products, across
 * products and laboratories (the product search's ingredient picker, open once a country is chosen).
 */
export const ingredientsOfCountryQuery = (countryId: number | undefined) =>
  queryOptions({
    queryKey: searchKeys.ingredientsOfCountry(countryId ?? 0),
    queryFn: ({ signal }) => call(referenceDataApi.getPrincipioActivoByCountry, { params: { id: countryId ?? 0 }, signal }),
    enabled: countryId !== undefined,
    ...LISTS,
  });

/** `POST getERByFilters`: one page of the search, its rows with their reactions (one call a page). */
export const searchResultsQuery = (request: SearchRequest, enabled: boolean) =>
  queryOptions({
    queryKey: searchKeys.results(request),
    queryFn: ({ signal }) => call(searchApi.getERByFilters, { body: request, signal }),
    enabled,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

/**
 * `POST exportERByFilters` with the listed search's filters and order: the file streams in (no Content-Length),
 * `onProgress` hears the bytes received, and the browser saves it as `ListadoEventos.xlsx`.
 * A refusal is thrown as the API error (its `Message`, without the global notice).
 */
export async function exportSearch(request: SearchExportRequest, onProgress: (receivedBytes: number) => void, signal?: AbortSignal): Promise<void> {
  const file = await call(searchApi.exportERByFilters, { body: request, onProgress, notify: false, signal });
  saveBlob(file, SEARCH_EXPORT.fileName);
}

/** `POST exportE2BBatch`: the selection as one E2B batch. A refusal (422) is shown by the dialog (notify: false). */
export function useExportE2bBatch() {
  return useMutation({
    mutationFn: (input: { receiver: string; cases: readonly string[] }) => call(e2bApi.exportE2BBatch, { body: { Receptor: input.receiver, Casos: [...input.cases] }, notify: false }),
  });
}

/** `GET getE2BBatch/{lote}`: the batch's XML, saved under its name. */
export function downloadE2bBatch(batch: string, receiver: string): Promise<void> {
  return downloadFile(urlOf(e2bApi.getE2BBatch, { params: { batch } }), `E2B-lote-${batch}-${receiver}.xml`);
}
