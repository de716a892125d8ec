import {
  type BodyOf,
  caseAssessmentApi,
  caseEditApi,
  caseMedicationsApi,
  casePdfApi,
  casePdfFileName,
  caseWorkflowApi,
  type createErBodySchema,
  type ErAction,
  type ErMedicalContact,
  type ErPreviousMedication,
  fileExtension,
  filesApi,
  followUpApi,
  IDEMPOTENCY_KEY_HEADER,
  type metaDataResultSchema,
  MSG,
  type Origin,
  type Patient,
  type SignatureInput,
} from '@atalaya/domain';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, call, downloadFile, urlOf } from '../../../shared/api';
import { caseKeys, TASKS_KEY } from './keys';

/**
 * Every write of a case (event spec §7) as a mutation hook. Each hook refreshes what its call
 * changes: the case's reads (`invalidateCase`), and the task lists when the case's status changes.
 * Components call `mutateAsync` and keep only what the user sees (notices, dialogs, form state).
 */


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
      call(caseEditApi.createER, { body, notify: false, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: TASKS_KEY }),
  });
}

/** `setPaciente` {IdER: meta, …patient} → the stored patient. */
export function useSavePatient(meta: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patient: Patient) => call(caseEditApi.setPaciente, { body: { IdER: meta, ...patient } }),
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
      call(stored ? caseEditApi.updateOriginReport : caseEditApi.insertOriginReport, { body: { IdER: meta, ...origin } }),
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
    mutationFn: ({ body, id }: { body: BodyOf<typeof caseMedicationsApi.insertMedicamentoRelacionado>; id: number | null }) =>
      id
        ? call(caseMedicationsApi.updateMedicamentoRelacionado, { body: { ...body, Id: id } })
        : call(caseMedicationsApi.insertMedicamentoRelacionado, { body }),
    onSuccess: () => invalidateCase(queryClient, meta),
  });
}

/** `deleteMedicamentoRelacionado` {Id, IdER}. */
export function useDeleteMedication(meta: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(caseMedicationsApi.deleteMedicamentoRelacionado, { body: { Id: id, IdER: meta } }),
    onSuccess: () => invalidateCase(queryClient, meta),
  });
}

/** An adverse event's fields as the wizard sends them (insertRAM's `ram` without its case). */
export type RamInput = Omit<BodyOf<typeof caseMedicationsApi.insertRAM>['ram'], 'IdER'>;

/** The wizard's reactions: `insertRAM`, or `updateRAM` with the row's id; errors are shown in the modal. */
export function useSaveRam(meta: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ram, id }: { ram: RamInput; id: number | null }) =>
      id
        ? call(caseAssessmentApi.updateRAM, { body: { ram: { ...ram, Id: id, IdER: meta }, comentario: null }, notify: false })
        : call(caseMedicationsApi.insertRAM, { body: { ram: { ...ram, IdER: meta } }, notify: false }),
    onSuccess: () => invalidateCase(queryClient, meta),
  });
}

/** `setMedicamentoAnterior` {EvRepId, Medications} → every stored previous medication. */
export function useSavePreviousMedications(meta: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (medications: BodyOf<typeof caseEditApi.setMedicamentoAnterior>['Medications']) => call(caseEditApi.setMedicamentoAnterior, { body: { EvRepId: meta, Medications: medications } }),
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
    mutationFn: (id: number) => call(caseEditApi.deleteMedicamentoAnterior, { body: { Id: id, EvRepId: meta }, notify: false }),
    onSettled: () => void invalidateCase(queryClient, meta),
  });
}

/** What step 5 saves: a new contact, or the stored one with its Id (see `contactWrite`). */
export type MedicalContactWrite =
  | { path: 'insertContactoMedico'; body: BodyOf<typeof caseEditApi.insertContactoMedico> }
  | { path: 'updateContactoMedico'; body: BodyOf<typeof caseEditApi.updateContactoMedico> };

/** `insertContactoMedico` or `updateContactoMedico` (see `contactWrite`) → the stored contact. */
export function useSaveMedicalContact(meta: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (write: MedicalContactWrite) =>
      write.path === 'insertContactoMedico'
        ? call(caseEditApi.insertContactoMedico, { body: write.body })
        : call(caseEditApi.updateContactoMedico, { body: write.body }),
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
    mutationFn: (information: string | null) => call(caseEditApi.updateER, { body: { Meta: meta, AdditionalInformation: information } }),
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
    mutationFn: (reference: string) => downloadFile(urlOf(casePdfApi.getERPDF, { params: { id: meta } }), casePdfFileName(reference)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: caseKeys.pdfs(meta) }),
  });
}

// ---- Assessment ------------------------------------------------------------------------------

export type NotificationKind = 'local' | 'provider';

const NOTIFICATION_CALLS = {
  local: { upload: caseAssessmentApi.uploadFileLocalSanitaryNotificaction, download: caseAssessmentApi.downloadFileLocalSanitaryNotificactionById },
  provider: { upload: caseAssessmentApi.uploadFileProviderNotification, download: caseAssessmentApi.downloadFileProviderNotificationById },
} as const satisfies Record<NotificationKind, unknown>;

export const notificationDownloadPath = (kind: NotificationKind, ramId: number) => urlOf(NOTIFICATION_CALLS[kind].download, { params: { ramId } });

/**
 * `updateRAM` with the classification (the RAM tab), then each notification's proof
 * (`uploadFileLocalSanitaryNotificaction`, `uploadFileProviderNotification`). Errors are shown in the modal.
 */
export function useUpdateRam(meta: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, proofs }: { body: BodyOf<typeof caseAssessmentApi.updateRAM>; proofs: Partial<Record<NotificationKind, File>> }) => {
      const saved = await call(caseAssessmentApi.updateRAM, { body, notify: false });
      const kinds = (['local', 'provider'] as const).filter((kind) => proofs[kind]);
      return withProofs(
        saved,
        kinds.map((kind) => () => call(NOTIFICATION_CALLS[kind].upload, { formData: proofForm(saved.Id, proofs[kind] as File), notify: false })),
      );
    },
    onSuccess: () => invalidateCase(queryClient, meta),
  });
}

export const recoveryDownloadPath = (medicationId: number) => urlOf(caseAssessmentApi.downloadFileRecProductById, { params: { medicationId } });

/** The Recuperación form's body: the yes/no answer is undefined until chosen. */
type RecoveryDraft = Omit<BodyOf<typeof caseAssessmentApi.updateMedicamentoRecuperado>, 'HaveProduct'> & { HaveProduct: boolean | undefined };

/** `updateMedicamentoRecuperado`, then `uploadFileRecProduct` with the proof. Errors are shown in the form. */
export function useSaveRecovery(meta: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, medicationId, proof }: { body: RecoveryDraft; medicationId: number; proof: File | null }) => {
      const { HaveProduct } = body;
      // The form's resolver asks for the answer first; unanswered, the refusal is the server's own (400).
      if (HaveProduct === undefined) throw new ApiError(400, { Message: MSG.generic.radio }, false);
      const saved = await call(caseAssessmentApi.updateMedicamentoRecuperado, { body: { ...body, HaveProduct }, notify: false });
      return withProofs(saved, proof ? [() => call(caseAssessmentApi.uploadFileRecProduct, { formData: proofForm(medicationId, proof), notify: false })] : []);
    },
    onSuccess: () => invalidateCase(queryClient, meta),
  });
}

/** `setImputEvaluation` {er, encuesta, comentario}: the Naranjo evaluation. */
export function useSaveEvaluation(meta: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ answers, comment }: { answers: BodyOf<typeof caseAssessmentApi.setImputEvaluation>['encuesta']; comment: string | null }) =>
      call(caseAssessmentApi.setImputEvaluation, { body: { er: meta, encuesta: answers, comentario: comment } }),
    onSuccess: () => invalidateCase(queryClient, meta),
  });
}

/** `setWhoUmc`: one reaction × suspect drug's WHO-UMC checklist, category and override reason. Errors are shown in the form. */
export function useSaveWhoUmc(meta: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<BodyOf<typeof caseAssessmentApi.setWhoUmc>, 'er'>) => call(caseAssessmentApi.setWhoUmc, { body: { ...body, er: meta }, notify: false }),
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
