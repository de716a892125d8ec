import {
  fileExtension,
  type createErBodySchema,
  type ErOrigin,
  type ErPatient,
  type HomeReportDetail,
  type metaDataResultSchema,
  type Origin,
  type OriginFileResult,
  type Patient,
} from '@atalaya/domain';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../shared/api';
import { caseKeys } from './api';

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

/** `uploadFileOriginReport` multipart {Id: meta, Extension, FileName, file}; the step shows a failure next to the picker. */
export function uploadOriginFile(meta: string, file: File): Promise<OriginFileResult> {
  const formData = new FormData();
  formData.append('Id', meta);
  formData.append('Extension', fileExtension(file.name));
  formData.append('FileName', file.name);
  formData.append('file', file);
  return api.request<OriginFileResult>('uploadFileOriginReport', { method: 'POST', formData, notify: false });
}

/**
 * `getEventoDeHomeByMeta/{meta}`: the incoming report the case was entered from (docs/api.md),
 * the domain's contract; the stored report is read loosely (the two variants store different fields).
 */
export type HomeReportOfCase = HomeReportDetail;

export const homeReportOfCaseQuery = (meta: string) =>
  queryOptions({
    queryKey: [...caseKeys.all(meta), 'home-report'] as const,
    queryFn: ({ signal }) => api.get<HomeReportOfCase>(`getEventoDeHomeByMeta/${m(meta)}`, { signal, notify: false }),
    staleTime: 5 * 60_000,
  });
