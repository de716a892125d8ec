import type { ErDocument, SignatureInput } from '@atalaya/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api';
import { documentUploadForm, type DocumentUpload } from './upload-form';

/**
 * The documents and notes of a case (event spec §7 'Documents'). The key sits under
 * ['case', meta] like every other read of a case, so a refresh of the case refreshes it too
 * (it is the same key as the wizard's `caseKeys.documents`).
 */
export const caseDocumentsKey = (meta: string) => ['case', meta, 'documents'] as const;

export const caseDocumentsQuery = (meta: string) =>
  queryOptions({
    queryKey: caseDocumentsKey(meta),
    queryFn: ({ signal }) => api.get<ErDocument[]>(`getDocsAndNotesByMeta/${encodeURIComponent(meta)}`, { signal }),
  });

/** `GET downloadDocAndNotesById/{id}`. */
export const documentDownloadPath = (id: number) => `downloadDocAndNotesById/${id}`;

/**
 * `POST uploadDocAndNotes` (multipart); the server answers `{ Message: 'OK' }`. Errors are not
 * shown as notices: the dialog shows them where the user is looking.
 */
export function uploadDocument(upload: DocumentUpload): Promise<{ Message: string }> {
  return api.request<{ Message: string }>('uploadDocAndNotes', { method: 'POST', formData: documentUploadForm(upload), notify: false });
}

/**
 * `POST deleteDocAndNotes` {id, comentario, Signature}: the signature's comment is the reason.
 * A refusal is shown in the signature modal, not as a notice.
 */
export function deleteDocument(id: number, signature: SignatureInput): Promise<unknown> {
  return api.post('deleteDocAndNotes', { id, comentario: signature.comment, Signature: signature }, { notify: false });
}

/**
 * Downloads a stored file through the API client (the bearer token lives in memory, so a
 * plain link would not be authorised) and hands it to the browser under `fileName`.
 */
export async function downloadCaseFile(path: string, fileName: string): Promise<void> {
  const blob = await api.get<Blob>(path, { responseType: 'blob' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the object URL goes.
  window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
