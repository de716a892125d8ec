import type { HomeCodigueras, HomeProduct, LltMatch, ReportCreated } from '@atalaya/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api';
import type { ReportPayload } from './form-values';

/** The answers are the domain's contracts (packages/domain/src/contracts: catalog, meddra, home-reports). */
export type { HomeCodigueras, HomeProduct };

/** Five minutes, as the server's Cache-Control. */
const REFERENCE_STALE_MS = 300_000;

export const homeCodiguerasQuery = queryOptions({
  queryKey: ['public-report', 'codigueras'],
  queryFn: ({ signal }) => api.get<HomeCodigueras>('getCodiguerasHome', { auth: false, signal }),
  staleTime: REFERENCE_STALE_MS,
});

export const homeProductsQuery = (country: string) =>
  queryOptions({
    queryKey: ['public-report', 'products', country],
    queryFn: ({ signal }) => api.get<HomeProduct[]>(`getProductsHomeByCountry/${encodeURIComponent(country)}`, { auth: false, signal }),
    staleTime: REFERENCE_STALE_MS,
    enabled: country !== '',
  });

export const meddraTermsQuery = (term: string) =>
  queryOptions({
    queryKey: ['public-report', 'meddra', term],
    queryFn: ({ signal }) => api.get<LltMatch[]>(`getMedDRALLT/${encodeURIComponent(term)}`, { auth: false, notify: false, signal }),
    staleTime: REFERENCE_STALE_MS,
  });

/** The public site's call: needs the solved captcha; a failure shows the common error notice. */
export function postPublicReport(payload: ReportPayload, captcha: string): Promise<ReportCreated> {
  return api.post<ReportCreated>('postreporthome', payload, { auth: false, headers: { 'recaptcha-token': captcha } });
}

/** The signed-in variant: no captcha; a failure only stops the loading state (platform spec §8). */
export function postUserReport(payload: ReportPayload): Promise<ReportCreated> {
  return api.post<ReportCreated>('postreporthomeusuario', payload, { notify: false });
}
