import { queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api';
import type { ReportPayload } from './form-values';

interface IdName {
  Id: number;
  Nombre: string;
}

/** `GET /api/getCodiguerasHome` (docs/api.md 'Public report'). */
export interface HomeCodigueras {
  Paises: { Id: number; Codigo: string; Nombre: string; TimeZone: string }[];
  Grupos: { Id: number; Title: string }[];
  SubGrupos: { Id: number; Nombre: string; GrupoId: number; Value: string }[];
  Via: { Id: number; Descripcion: string }[];
  MedicamentoFrecuencia: IdName[];
  MedicamentoUnidadUso: IdName[];
  Parentesco: IdName[];
  AccionMedicamento: IdName[];
  PesoUnidad: { Id: number; NombreCompleto: string; Abreviacion: string }[];
  AlturaUnidad: { Id: number; NombreCompleto: string; Abreviacion: string }[];
  MedicamentosAnteriores_Tipo: IdName[];
  Especialidad: { Id: number; Description: string }[];
  Evolucion: IdName[];
}

/** `GET /api/getProductsHomeByCountry/{country}`. */
export interface HomeProduct {
  Id: number;
  ComercialName: string;
  Laboratorio: string;
  PrincipioActivo: string;
}

/** `GET /api/getMedDRALLT/{term}`. */
export interface MeddraTerm {
  llt_code: number | string;
  llt_name: string;
  pt_name: string;
  soc_name: string | null;
}

/** `POST /api/postreporthome` and `postreporthomeusuario`. */
export interface ReportCreated {
  Reference: string;
  Id: string;
}

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
    queryFn: ({ signal }) => api.get<MeddraTerm[]>(`getMedDRALLT/${encodeURIComponent(term)}`, { auth: false, notify: false, signal }),
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
