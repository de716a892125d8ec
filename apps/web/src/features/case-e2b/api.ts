import { e2bApi } from '@atalaya/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, urlOf } from '../../shared/api';
import { caseKeys } from '../cases';

/** The E2B submissions of a case sit under the case's keys: a write to the case refreshes them too. */
export const e2bKeys = {
  submissions: (meta: string) => [...caseKeys.all(meta), 'e2b'] as const,
  receivers: ['e2b-receivers'] as const,
};

/** `GET e2bReceiverList`: the receivers of Configuración (ADMIN edits them; QPPV and RLF choose one). */
export const e2bReceiversQuery = () =>
  queryOptions({ queryKey: e2bKeys.receivers, queryFn: ({ signal }) => call(e2bApi.e2bReceiverList, { signal }), staleTime: 0 });

/** `GET listE2B/{meta}`: the case's submissions, newest first. */
export const e2bSubmissionsQuery = (meta: string) =>
  queryOptions({ queryKey: e2bKeys.submissions(meta), queryFn: ({ signal }) => call(e2bApi.listE2B, { params: { id: meta }, signal }), staleTime: 0 });

function useRefresh(meta: string) {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: e2bKeys.submissions(meta) }), queryClient.invalidateQueries({ queryKey: e2bKeys.receivers })]);
}

/**
 * `POST exportE2B/{meta}`: the new submission. A refusal (422, the list of problems) is shown by the
 * tab itself, not as a notice (notify: false); other failures too, with the server's message.
 */
export function useExportE2b(meta: string) {
  const refresh = useRefresh(meta);
  return useMutation({
    mutationFn: (receiver: string) => call(e2bApi.exportE2B, { params: { id: meta }, body: { Receptor: receiver }, notify: false }),
    onSuccess: refresh,
  });
}

/** `POST markE2BSent/{meta}/{id}`. */
export function useMarkE2bSent(meta: string) {
  const refresh = useRefresh(meta);
  return useMutation({
    mutationFn: (id: number) => call(e2bApi.markE2BSent, { params: { id: meta, submissionId: id } }),
    onSettled: refresh,
  });
}

/** `POST uploadE2BAck/{meta}`: the ACK file sent as is (application/xml), as the server expects. */
export function useUploadE2bAck(meta: string) {
  const refresh = useRefresh(meta);
  return useMutation({
    mutationFn: (file: Blob) => call(e2bApi.uploadE2BAck, { params: { id: meta }, raw: { body: file, contentType: 'application/xml' }, notify: false }),
    onSettled: refresh,
  });
}

/** The path of a submission's XML, for `downloadCaseFile`. */
export function e2bDownloadPath(meta: string, id: number): string {
  return urlOf(e2bApi.getE2B, { params: { id: meta, submissionId: id } });
}
