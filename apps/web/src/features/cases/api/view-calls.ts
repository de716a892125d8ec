import { fileExtension, type ApprovedFabric, type ErAction, type ErEvent, type ErMedication, type ErRam, type Evaluation, type HistoryEntry, type PagedResult, type PdfHistoryItem } from '@atalaya/domain';
import { HISTORY_PAGE_SIZE } from '@atalaya/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api';
import { caseKeys } from './queries';

/** The event view's own reads, under the case's keys so a write refreshes all of it. */
export const viewKeys = {
  actions: (meta: string) => [...caseKeys.all(meta), 'actions'] as const,
  history: (meta: string, page: number) => [...caseKeys.all(meta), 'history', page] as const,
  pdfs: (meta: string) => [...caseKeys.all(meta), 'pdfs'] as const,
  evaluation: (meta: string) => [...caseKeys.all(meta), 'evaluation'] as const,
  approvedFabric: (meta: string) => [...caseKeys.all(meta), 'approvedFabric'] as const,
};

const m = encodeURIComponent;

export const actionsQuery = (meta: string) =>
  queryOptions({ queryKey: viewKeys.actions(meta), queryFn: ({ signal }) => api.get<ErAction[]>(`getActionsERByMeta/${m(meta)}`, { signal }) });

export const historyQuery = (meta: string, page: number) =>
  queryOptions({
    queryKey: viewKeys.history(meta, page),
    queryFn: ({ signal }) =>
      api.post<PagedResult<HistoryEntry>>('getERHistoryByMeta', { meta, pageNumber: page, pageSize: HISTORY_PAGE_SIZE, orderBy: 'Date DESC' }, { signal }),
  });

export const pdfsQuery = (meta: string) =>
  queryOptions({ queryKey: viewKeys.pdfs(meta), queryFn: ({ signal }) => api.get<PdfHistoryItem[]>(`listERPDF/${m(meta)}`, { signal }) });

export const evaluationQuery = (meta: string) =>
  queryOptions({ queryKey: viewKeys.evaluation(meta), queryFn: ({ signal }) => api.get<Evaluation>(`getImputEvaluationByMeta/${m(meta)}`, { signal }) });

export const approvedFabricQuery = (meta: string) =>
  queryOptions({ queryKey: viewKeys.approvedFabric(meta), queryFn: ({ signal }) => api.get<ApprovedFabric>(`getApprovedFabricByMeta/${m(meta)}`, { signal }) });

/** sendAccion: the action with its comment and the confirmation's labels; answers the case. */
export function sendAction(meta: string, action: ErAction, comment: string): Promise<ErEvent> {
  return api.post<ErEvent>('sendAccion', { Event: { Accion: action.Accion, Event: meta, Comments: comment }, Questions: [action.Titulo, action.Texto] });
}

/** updateRAM with the classification (the RAM tab); errors are shown in the modal, not as notices. */
export function classifyRam(body: object): Promise<ErRam> {
  return api.post<ErRam>('updateRAM', body, { notify: false });
}

/** The multipart body of the view's proof uploads: Id, Extension, FileName, file (event spec §7). */
function proofForm(id: number, file: File): FormData {
  const form = new FormData();
  form.append('Id', String(id));
  form.append('Extension', fileExtension(file.name));
  form.append('FileName', file.name);
  form.append('file', file, file.name);
  return form;
}

export type NotificationKind = 'local' | 'provider';

const NOTIFICATION_CALLS: Readonly<Record<NotificationKind, { upload: string; download: string }>> = {
  local: { upload: 'uploadFileLocalSanitaryNotificaction', download: 'downloadFileLocalSanitaryNotificactionById' },
  provider: { upload: 'uploadFileProviderNotification', download: 'downloadFileProviderNotificationById' },
};

/** The proof of a reaction's notification (after the notification was saved). */
export function uploadNotificationFile(kind: NotificationKind, ramId: number, file: File): Promise<ErRam> {
  return api.request<ErRam>(NOTIFICATION_CALLS[kind].upload, { method: 'POST', formData: proofForm(ramId, file), notify: false });
}

export const notificationDownloadPath = (kind: NotificationKind, ramId: number) => `${NOTIFICATION_CALLS[kind].download}/${ramId}`;

/** updateMedicamentoRecuperado; answers the related medication with its recovery. */
export function saveRecovery(body: object): Promise<ErMedication> {
  return api.post<ErMedication>('updateMedicamentoRecuperado', body, { notify: false });
}

/** uploadFileRecProduct: the recovery's proof (after the recovery was saved). */
export function uploadRecoveryFile(medicationId: number, file: File): Promise<ErMedication> {
  return api.request<ErMedication>('uploadFileRecProduct', { method: 'POST', formData: proofForm(medicationId, file), notify: false });
}

export const recoveryDownloadPath = (medicationId: number) => `downloadFileRecProductById/${medicationId}`;
