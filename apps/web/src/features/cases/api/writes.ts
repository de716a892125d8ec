import {
  type BodyOf,
  caseWorkflowApi,
  casePdfFileName,
  followUpApi,
  fileExtension,
  type createErBodySchema,
  IDEMPOTENCY_KEY_HEADER,
  type ErAction,
  type ErEvent,
  type ErMedicalContact,
  type ErMedication,
  type ErOrigin,
  type ErPatient,
  type ErPreviousMedication,
  type ErRam,
  filesApi,
  type metaDataResultSchema,
  type Origin,
  type Patient,
  type SignatureInput,
  type SetWhoUmcBody,
  type WhoUmcAssessment,
} from '@atalaya/domain';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, call, downloadFile, urlOf } from '../../../shared/api';
import { caseKeys, TASKS_KEY } from './keys';

/**
 * Every write of a case (event spec §7) as a mutation hook. Each hook refreshes what its call
 * changes: the case's reads (`invalidateCase`), and the task lists when the case's status changes.
 * Components call `mutateAsync` and keep only what the user sees (notices, dialogs, form state).
 */

const m = encodeURIComponent;

export type CreateErBody = z.input<typeof createErBodySchema>;
export type MetaDataResult = z.infer<typeof metaDataResultSchema>;

/** Refreshes every read of a case (after any write). */
export function invalidateCase(queryClient: QueryClient, meta: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: caseKeys.all(meta) });
}

/** A case's status changed: its reads and the task lists. */
function invalidateStatus(queryClient: QueryClient, meta: string): Promise<unknown> {
  return Promise.all([invalidateCase(queryClient, meta), queryClient.invalidateQueries({ queryKey: TASKS_KEY })]);
}

/** The multipart body of a proof upload: Id, Extension, FileName, file (event spec §7). */
function proofForm(id: number | string, file: File): FormData {
  const form = new FormData();
  form.append('Id', String(id));
  form.append('Extension', fileExtension(file.name));
  form.append('FileName', file.name);
  form.append('file', file, file.name);
  return form;
}

function upload<T>(call: string, formData: FormData): Promise<T> {
  return api.request<T>(call, { method: 'POST', formData, notify: false });
}

/** A save followed by its proof's upload: the upload's failure does not undo the save. */
export interface SavedWithProof<T> {
  saved: T;
  /** Why the proof was not stored, or null. */
  proofError: unknown;
}

async function withProofs<T>(saved: T, uploads: (() => Promise<unknown>)[]): Promise<SavedWithProof<T>> {
  try {
    for (const call of uploads) await call();
    return { saved, proofError: null };
  } catch (error) {
    return { saved, proofError: error };
  }
}

// ---- Create and edit (the create dialog and the wizard) -------------------------------------

/**
 * `createER` {Country, SubGrupoId} → {MetaData, NumeroReferencia}, with the dialog's idempotency
 * key (header `Idempotency-Key`): a repeated request answers the same case. Failures are shown by
 * the dialog itself.
 */
export function useCreateCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CreateErBody; idempotencyKey: string }) =>
      api.post<MetaDataResult>('createER', body, { notify: false, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: TASKS_KEY }),
  });
}

/** `setPaciente` {IdER: meta, …patient} → the stored patient. */
export function useSavePatient(meta: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patient: Patient) => api.post<ErPatient>('setPaciente', { IdER: meta, ...patient }),
    onSuccess: (saved) => {
      // Step 0 opened again reads the cache at once: it must hold what was just saved, not the stale record.
      queryClient.setQueryData(caseKeys.patient(meta), saved);
      void invalidateCase(queryClient, meta);
    },
  });
}

/** `insertOriginReport` when the case has no origin yet, else `updateOriginReport` → the stored origin. */
export function useSaveOrigin(meta: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ origin, stored }: { origin: Origin; stored: boolean }) =>
      api.post<ErOrigin>(stored ? 'updateOriginReport' : 'insertOriginReport', { IdER: meta, ...origin }),
    onSuccess: (saved) => {
      queryClient.setQueryData(caseKeys.origin(meta), saved);
      void invalidateCase(queryClient, meta);
    },
  });
}

/** `uploadFileOriginReport` multipart {Id: meta, Extension, FileName, file}; the step shows a failure next to the picker. */
export function useUploadOriginFile(meta: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => call(filesApi.uploadFileOriginReport, { formData: proofForm(meta, file), notify: false }),
    onSuccess: () => invalidateCase(queryClient, meta),
  });
}

/** `insertMedicamentoRelacionado`, or `updateMedicamentoRelacionado` with the row's id. */
export function useSaveMedication(meta: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, id }: { body: object; id: number | null }) =>
      id ? api.post<ErMedication>('updateMedicamentoRelacionado', { ...body, Id: id }) : api.post<ErMedication>('insertMedicamentoRelacionado', body),
    onSuccess: () => invalidateCase(queryClient, meta),
  });
}

/** `deleteMedicamentoRelacionado` {Id, IdER}. */
export function useDeleteMedication(meta: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post('deleteMedicamentoRelacionado', { Id: id, IdER: meta }),
    onSuccess: () => invalidateCase(queryClient, meta),
  });
}

/** The wizard's reactions: `insertRAM`, or `updateRAM` with the row's id; errors are shown in the modal. */
export function useSaveRam(meta: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ram, id }: { ram: object; id: number | null }) =>
      id
        ? api.post<ErRam>('updateRAM', { ram: { ...ram, Id: id, IdER: meta }, comentario: null }, { notify: false })
        : api.post<ErRam>('insertRAM', { ram: { ...ram, IdER: meta } }, { notify: false }),
    onSuccess: () => invalidateCase(queryClient, meta),
  });
}

/** `setMedicamentoAnterior` {EvRepId, Medications} → every stored previous medication. */
export function useSavePreviousMedications(meta: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (medications: unknown[]) => api.post<ErPreviousMedication[]>('setMedicamentoAnterior', { EvRepId: meta, Medications: medications }),
    onSuccess: (saved) => {
      queryClient.setQueryData(caseKeys.previousMedications(meta), saved);
      void invalidateCase(queryClient, meta);
    },
  });
}

/**
 * `deleteMedicamentoAnterior` {Id, EvRepId}: the row leaves the cache at once, even if the call
 * fails (event spec §4; a failed delete is silent, §8).
 */
export function useDeletePreviousMedication(meta: string) {
  const queryClient = useQueryClient();
  return useMutation({
    onMutate: (id: number) => {
      queryClient.setQueryData<ErPreviousMedication[]>(caseKeys.previousMedications(meta), (current) => current?.filter((record) => record.Id !== id));
    },
    mutationFn: (id: number) => api.post('deleteMedicamentoAnterior', { Id: id, EvRepId: meta }, { notify: false }),
    onSettled: () => void invalidateCase(queryClient, meta),
  });
}

/** `insertContactoMedico` or `updateContactoMedico` (see `contactWrite`) → the stored contact. */
export function useSaveMedicalContact(meta: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ path, body }: { path: string; body: object }) => api.post<ErMedicalContact>(path, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(caseKeys.medicalContact(meta), saved);
      void invalidateCase(queryClient, meta);
    },
  });
}

/** `uploadFileContactoMedico` multipart: answers the contact with its stored file's name. */
export function useUploadMedicalContactFile(meta: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ contact, form }: { contact: ErMedicalContact; form: FormData }): Promise<ErMedicalContact> => {
      const uploaded = await call(filesApi.uploadFileContactoMedico, { formData: form, notify: false });
      return { ...contact, NombreArchivo: uploaded.NombreArchivo, ExtensionArchivo: uploaded.ExtensionArchivo };
    },
    onSuccess: (contact) => queryClient.setQueryData(caseKeys.medicalContact(meta), contact),
  });
}

/** `updateER` {Meta, AdditionalInformation} → the case. */
export function useSaveAdditionalInformation(meta: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (information: string | null) => api.post<ErEvent>('updateER', { Meta: meta, AdditionalInformation: information }),
    onSuccess: (updated) => {
      queryClient.setQueryData(caseKeys.event(meta), updated);
      void invalidateCase(queryClient, meta);
    },
  });
}

/** The finish call: `insertER` sends a case, `insertES` posts a follow-up report's whole draft. */
export type FinishCall = { path: 'insertER'; body: BodyOf<typeof caseWorkflowApi.insertER> } | { path: 'insertES'; body: BodyOf<typeof followUpApi.insertES> };

/**
 * The wizard's send (`insertER`, or `insertES` for a follow-up report; see `finishRequest`).
 * `onFinished` runs before the refresh: the wizard must leave first, or it would show the case
 * as no longer editable.
 */
export function useFinishCase(meta: string, onFinished: (result: MetaDataResult) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: FinishCall) =>
      request.path === 'insertER'
        ? call(caseWorkflowApi.insertER, { body: request.body, notify: false })
        : call(followUpApi.insertES, { body: request.body, notify: false }),
    onSuccess: (result) => {
      onFinished(result);
      void invalidateStatus(queryClient, meta);
    },
  });
}

// ---- Workflow ---------------------------------------------------------------------------------

/** `sendAccion`: the action with its comment and the confirmation's labels; answers the case. */
export function useSendAction(meta: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, comment }: { action: ErAction; comment: string }) =>
      call(caseWorkflowApi.sendAccion, { body: { Event: { Accion: action.Accion, Event: meta, Comments: comment }, Questions: [action.Titulo, action.Texto] } }),
    onSuccess: () => invalidateStatus(queryClient, meta),
  });
}

/** `anularER` {Meta, Comentario}: the case becomes Anulado (11). Refused or done, the lists are asked again. */
export function useAnnulCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ meta, comment }: { meta: string; comment: string }) => call(caseWorkflowApi.anularER, { body: { Meta: meta, Comentario: comment } }),
    onSettled: (_result, _error, { meta }) => invalidateStatus(queryClient, meta),
  });
}

/** `delER` {Event, Signature}: the case is kept, marked deleted; its reads go, the lists are asked again. */
export function useDeleteCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ meta, signature }: { meta: string; signature: SignatureInput }) => call(caseWorkflowApi.delER, { body: { Event: meta, Signature: signature }, notify: false }),
    onSuccess: async (_result, { meta }) => {
      queryClient.removeQueries({ queryKey: caseKeys.all(meta) });
      await queryClient.invalidateQueries({ queryKey: TASKS_KEY });
    },
  });
}

/** `getERPDF/{meta}`: generates the case PDF, downloads it, and refreshes the PDF history. */
export function useGenerateCasePdf(meta: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reference: string) => downloadFile(`getERPDF/${m(meta)}`, casePdfFileName(reference)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: caseKeys.pdfs(meta) }),
  });
}

// ---- Assessment ------------------------------------------------------------------------------

export type NotificationKind = 'local' | 'provider';

const NOTIFICATION_CALLS: Readonly<Record<NotificationKind, { upload: string; download: string }>> = {
  local: { upload: 'uploadFileLocalSanitaryNotificaction', download: 'downloadFileLocalSanitaryNotificactionById' },
  provider: { upload: 'uploadFileProviderNotification', download: 'downloadFileProviderNotificationById' },
};

export const notificationDownloadPath = (kind: NotificationKind, ramId: number) => `${NOTIFICATION_CALLS[kind].download}/${ramId}`;

/**
 * `updateRAM` with the classification (the RAM tab), then each notification's proof
 * (`uploadFileLocalSanitaryNotificaction`, `uploadFileProviderNotification`). Errors are shown in the modal.
 */
export function useUpdateRam(meta: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, proofs }: { body: object; proofs: Partial<Record<NotificationKind, File>> }) => {
      const saved = await api.post<ErRam>('updateRAM', body, { notify: false });
      const kinds = (['local', 'provider'] as const).filter((kind) => proofs[kind]);
      return withProofs(
        saved,
        kinds.map((kind) => () => upload<ErRam>(NOTIFICATION_CALLS[kind].upload, proofForm(saved.Id, proofs[kind] as File))),
      );
    },
    onSuccess: () => invalidateCase(queryClient, meta),
  });
}

export const recoveryDownloadPath = (medicationId: number) => `downloadFileRecProductById/${medicationId}`;

/** `updateMedicamentoRecuperado`, then `uploadFileRecProduct` with the proof. Errors are shown in the form. */
export function useSaveRecovery(meta: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, medicationId, proof }: { body: object; medicationId: number; proof: File | null }) => {
      const saved = await api.post<ErMedication>('updateMedicamentoRecuperado', body, { notify: false });
      return withProofs(saved, proof ? [() => upload<ErMedication>('uploadFileRecProduct', proofForm(medicationId, proof))] : []);
    },
    onSuccess: () => invalidateCase(queryClient, meta),
  });
}

/** `setImputEvaluation` {er, encuesta, comentario}: the Naranjo evaluation. */
export function useSaveEvaluation(meta: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ answers, comment }: { answers: unknown[]; comment: string | null }) =>
      api.post('setImputEvaluation', { er: meta, encuesta: answers, comentario: comment }),
    onSuccess: () => invalidateCase(queryClient, meta),
  });
}

/** `setWhoUmc`: one reaction × suspect drug's WHO-UMC checklist, category and override reason. Errors are shown in the form. */
export function useSaveWhoUmc(meta: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<SetWhoUmcBody, 'er'>) => api.post<WhoUmcAssessment>('setWhoUmc', { ...body, er: meta }, { notify: false }),
    onSuccess: () => invalidateCase(queryClient, meta),
  });
}

// ---- Documents -------------------------------------------------------------------------------

/** `POST uploadDocAndNotes` (multipart, see files' `documentUploadForm`); errors are shown by the dialog. */
export function useUploadDocument(meta: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (formData: FormData) => call(filesApi.uploadDocAndNotes, { formData, notify: false }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: caseKeys.documents(meta) }),
  });
}

/** `POST deleteDocAndNotes` {id, comentario, Signature}: the signature's comment is the reason; a refusal shows in the signature modal. */
export function useDeleteDocument(meta: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, signature }: { id: number; signature: SignatureInput }) =>
      call(filesApi.deleteDocAndNotes, { body: { id, comentario: signature.comment, Signature: signature }, notify: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: caseKeys.documents(meta) }),
  });
}

/** Download paths (GET, bytes with the original name). */
export const downloadPaths = {
  origin: (meta: string) => urlOf(filesApi.downloadOriginReportById, { params: { meta } }),
  document: (id: number) => urlOf(filesApi.downloadDocAndNotesById, { params: { id } }),
  medicalContact: (id: number) => urlOf(filesApi.downloadFileContactoMedicoById, { params: { id } }),
};
