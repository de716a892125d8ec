import { catalogApi, type HomeCodigueras, homeReportsApi, type HomeProduct, meddraApi, type ReportCreated } from '@atalaya/domain';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../shared/api';
import type { ReportPayload } from './form-values';

/** The answers are the domain's contracts (packages/domain/src/contracts: catalog, meddra, home-reports). */
export type { HomeCodigueras, HomeProduct };

/** Five minutes, as the server's Cache-Control. */
const REFERENCE_STALE_MS = 300_000;

export const homeCodiguerasQuery = queryOptions({
  queryKey: ['public-report', 'codigueras'],
  queryFn: ({ signal }) => call(catalogApi.getCodiguerasHome, { auth: false, signal }),
  staleTime: REFERENCE_STALE_MS,
});

export const homeProductsQuery = (country: string) =>
  queryOptions({
    queryKey: ['public-report', 'products', country],
    queryFn: ({ signal }) => call(catalogApi.getProductsHomeByCountry, { params: { country }, auth: false, signal }),
    staleTime: REFERENCE_STALE_MS,
    enabled: country !== '',
  });

export const meddraTermsQuery = (term: string) =>
  queryOptions({
    queryKey: ['public-report', 'meddra', term],
    queryFn: ({ signal }) => call(meddraApi.getMedDRALLT, { params: { term }, auth: false, notify: false, signal }),
    staleTime: REFERENCE_STALE_MS,
  });

/** The public site's call: needs the solved captcha; a failure shows the common error notice. */
export function postPublicReport(payload: ReportPayload, captcha: string): Promise<ReportCreated> {
  return call(homeReportsApi.postreporthome, { body: payload, auth: false, headers: { 'recaptcha-token': captcha } });
}

/** The signed-in variant: no captcha; a failure only stops the loading state (platform spec §8). */
export function postUserReport(payload: ReportPayload): Promise<ReportCreated> {
  return call(homeReportsApi.postreporthomeusuario, { body: payload, notify: false });
}
