import { fileExtension, type createErBodySchema, type ErOrigin, type ErPatient, type metaDataResultSchema, type Origin, type Patient } from '@atalaya/domain';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/api';
import { caseKeys } from './queries';

/**
 * The writes of the create dialog and of steps 0–1 (event spec §7), next to the lead's reads
 * in api.ts. Each write answers what it stored; the caller refreshes the case afterwards.
 */

const m = encodeURIComponent;

export type CreateErBody = z.input<typeof createErBodySchema>;
export type MetaDataResult = z.infer<typeof metaDataResultSchema>;

/** `createER` {Country, SubGrupoId} → {MetaData, NumeroReferencia}. Failures are shown by the dialog itself. */
export function createCase(body: CreateErBody): Promise<MetaDataResult> {
  return api.post<MetaDataResult>('createER', body, { notify: false });
}

/** `setPaciente` {IdER: meta, …patient} → the stored patient. */
export function savePatient(meta: string, patient: Patient): Promise<ErPatient> {
  return api.post<ErPatient>('setPaciente', { IdER: meta, ...patient });
}

/** `insertOriginReport` when the case has no origin yet, else `updateOriginReport` {IdER: meta, …origin} → the stored origin. */
export function saveOrigin(meta: string, origin: Origin, stored: boolean): Promise<ErOrigin> {
  return api.post<ErOrigin>(stored ? 'updateOriginReport' : 'insertOriginReport', { IdER: meta, ...origin });
}

/** The stored origin document's name, as `uploadFileOriginReport` answers it. */
export interface UploadedOriginFile {
  FileName: string | null;
  Extension: string | null;
}

/** `uploadFileOriginReport` multipart {Id: meta, Extension, FileName, file}; the step shows a failure next to the picker. */
export function uploadOriginFile(meta: string, file: File): Promise<UploadedOriginFile> {
  const formData = new FormData();
  formData.append('Id', meta);
  formData.append('Extension', fileExtension(file.name));
  formData.append('FileName', file.name);
  formData.append('file', file);
  return api.request<UploadedOriginFile>('uploadFileOriginReport', { method: 'POST', formData, notify: false });
}

/**
 * `getEventoDeHomeByMeta/{meta}`: the incoming report the case was entered from (docs/api.md),
 * read loosely: the two variants (professional, patient) store different fields.
 */
export interface HomeReportOfCase {
  Id: string;
  Reference: string;
  StatusName?: string;
  IsMedic: boolean;
  /** Receipt (ISO). */
  Date: string;
  /** Country code. */
  Pais: string | null;
  Data: {
    Tipo?: { SubGroupName?: string | null } | null;
    Paciente?: { Iniciales?: string | null; Sexo?: string | null; Embarazo?: string | null } | null;
    RAM?: { Reaccion?: string | null; MedDRA?: { llt_name?: string | null } | null; Grave?: string | null }[] | null;
    Medicamento?: { Producto?: { ComercialName?: string | null } | null }[] | null;
  } | null;
}

export const homeReportOfCaseQuery = (meta: string) =>
  queryOptions({
    queryKey: [...caseKeys.all(meta), 'home-report'] as const,
    queryFn: ({ signal }) => api.get<HomeReportOfCase>(`getEventoDeHomeByMeta/${m(meta)}`, { signal, notify: false }),
    staleTime: 5 * 60_000,
  });
