import { z } from 'zod';
import { erDocumentSchema } from '../case-records.js';
import { signedDocumentDeleteBodySchema } from '../case-view.js';
import { medicalContactFileResultSchema, okResultSchema, originFileResultSchema } from '../contracts/files.js';
import { endpoint } from './endpoint.js';

/**
 * A case's documents and notes, the origin report's file and the medical contact's file. The
 * uploads are multipart forms (one file and text fields); the downloads answer the file's bytes.
 */
export const filesApi = {
  getDocsAndNotesByMeta: endpoint({ method: 'GET', path: '/api/getDocsAndNotesByMeta/:meta', access: 'case.read', response: z.array(erDocumentSchema), errors: { 404: ['lists.eventNotFound'] } }),
  /** Multipart: id, extension, fileName, action, note, idEr, tipoId and an optional file. */
  uploadDocAndNotes: endpoint({ method: 'POST', path: '/api/uploadDocAndNotes', access: 'caseDocuments.write', bodyKind: 'multipart', response: okResultSchema, errors: { 400: ['errors.malformedMultipart', 'files.contentMismatch', 'files.onlyOne', 'files.tooLarge', 'files.typeNotAllowed', 'wizard.notEditable'], 403: ['wizard.notEditor'], 404: ['lists.eventNotFound', 'wizard.recordNotFound'], 503: ['files.serverBusy'], 429: ['files.tooManyUploads'] } }),
  /** With the user's electronic signature. */
  deleteDocAndNotes: endpoint({
    method: 'POST',
    path: '/api/deleteDocAndNotes',
    access: 'caseDocuments.write',
    body: signedDocumentDeleteBodySchema,
    response: okResultSchema,
    errors: { 400: ['signature.failed', 'wizard.notEditable'], 404: ['lists.eventNotFound', 'wizard.recordNotFound'], 429: ['login.tooManyAttempts'] },
  }),
  /** Multipart: Id (the case's meta), Extension, FileName, file. */
  uploadFileOriginReport: endpoint({
    method: 'POST',
    path: '/api/uploadFileOriginReport',
    access: 'case.write',
    bodyKind: 'multipart',
    response: originFileResultSchema,
    errors: { 400: ['errors.malformedMultipart', 'files.contentMismatch', 'files.onlyOne', 'files.required', 'files.typeNotAllowed', 'wizard.notEditable'], 403: ['wizard.notEditor'], 404: ['lists.eventNotFound'], 503: ['files.serverBusy'] },
  }),
  /** Multipart: Id (the medical contact's), ExtensionArchivo, NombreArchivo, file. */
  uploadFileContactoMedico: endpoint({
    method: 'POST',
    path: '/api/uploadFileContactoMedico',
    access: 'case.write',
    bodyKind: 'multipart',
    response: medicalContactFileResultSchema,
    errors: { 400: ['errors.malformedMultipart', 'files.contentMismatch', 'files.onlyOne', 'files.required', 'files.typeNotAllowed', 'wizard.notEditable'], 403: ['wizard.notEditor'], 404: ['lists.eventNotFound', 'wizard.recordNotFound'], 503: ['files.serverBusy'] },
  }),
  downloadOriginReportById: endpoint({ method: 'GET', path: '/api/downloadOriginReportById/:meta', access: 'case.read', returns: 'blob', errors: { 404: ['files.notFound'] } }),
  downloadDocAndNotesById: endpoint({ method: 'GET', path: '/api/downloadDocAndNotesById/:id', access: 'case.read', returns: 'blob', errors: { 404: ['files.notFound'] } }),
  downloadFileContactoMedicoById: endpoint({ method: 'GET', path: '/api/downloadFileContactoMedicoById/:id', access: 'case.read', returns: 'blob', errors: { 404: ['files.notFound'] } }),
};
