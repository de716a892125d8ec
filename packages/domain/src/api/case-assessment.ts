import { erMedicationSchema, erRamSchema } from '../case-records.js';
import { evaluationSchema, recoveryBodySchema, setEvaluationBodySchema, updateRamRequestSchema } from '../case-view.js';
import { setWhoUmcBodySchema, whoUmcAssessmentSchema } from '../who-umc.js';
import { endpoint } from './endpoint.js';

/**
 * The assessment of a sent case from the event view: RAM classification and notifications, the
 * product recovery, the Naranjo evaluation and the WHO-UMC causality. Uploads are multipart
 * (Id, Extension, FileName, file); downloads answer the stored file's bytes.
 */
export const caseAssessmentApi = {
  /** The wizard's fields (editable case) or the RAM tab's classification. */
  updateRAM: endpoint({ method: 'POST', path: '/api/updateRAM', access: 'case.write', body: updateRamRequestSchema, response: erRamSchema, errors: { 400: ['publicForm.optionUnknown', 'ram.classificationNotAllowed', 'wizard.meddraRequired', 'wizard.notEditable', 'generic.endBeforeStart', 'generic.futureDate', 'generic.required', 'generic.select', 'ram.notificationDateRequired', 'wizard.recordNotFound'], 403: ['ram.classificationNotAllowed', 'ram.providerQppvOnly', 'wizard.notEditor'], 404: ['lists.eventNotFound', 'wizard.recordNotFound'] } }),
  uploadFileLocalSanitaryNotificaction: endpoint({
    method: 'POST',
    path: '/api/uploadFileLocalSanitaryNotificaction',
    access: 'case.write',
    bodyKind: 'multipart',
    response: erRamSchema,
    errors: { 400: ['errors.malformedMultipart', 'files.contentMismatch', 'files.onlyOne', 'files.required', 'files.typeNotAllowed', 'ram.classificationNotAllowed', 'ram.notificationMissing'], 403: ['ram.classificationNotAllowed', 'ram.providerQppvOnly'], 404: ['wizard.recordNotFound'], 503: ['files.serverBusy'] },
  }),
  downloadFileLocalSanitaryNotificactionById: endpoint({
    method: 'GET',
    path: '/api/downloadFileLocalSanitaryNotificactionById/:ramId',
    access: 'case.read',
    returns: 'blob',
    errors: { 404: ['files.notFound'] },
  }),
  /** Only a QPPV records the provider's notification. */
  uploadFileProviderNotification: endpoint({
    method: 'POST',
    path: '/api/uploadFileProviderNotification',
    access: 'providerNotification.write',
    bodyKind: 'multipart',
    response: erRamSchema,
    errors: { 400: ['errors.malformedMultipart', 'files.contentMismatch', 'files.onlyOne', 'files.required', 'files.typeNotAllowed', 'ram.classificationNotAllowed', 'ram.notificationMissing'], 403: ['ram.classificationNotAllowed', 'ram.providerQppvOnly'], 404: ['wizard.recordNotFound'], 503: ['files.serverBusy'] },
  }),
  downloadFileProviderNotificationById: endpoint({
    method: 'GET',
    path: '/api/downloadFileProviderNotificationById/:ramId',
    access: 'case.read',
    returns: 'blob',
    errors: { 404: ['files.notFound'] },
  }),
  updateMedicamentoRecuperado: endpoint({
    method: 'POST',
    path: '/api/updateMedicamentoRecuperado',
    access: 'recovery.write',
    body: recoveryBodySchema,
    response: erMedicationSchema,
    errors: { 400: ['recovery.notAllowed', 'recovery.notSuspect'], 403: ['recovery.notAllowed'], 404: ['lists.eventNotFound', 'wizard.recordNotFound'] },
  }),
  uploadFileRecProduct: endpoint({
    method: 'POST',
    path: '/api/uploadFileRecProduct',
    access: 'recovery.write',
    bodyKind: 'multipart',
    response: erMedicationSchema,
    errors: { 400: ['errors.malformedMultipart', 'files.contentMismatch', 'files.onlyOne', 'files.required', 'files.typeNotAllowed', 'recovery.missing', 'recovery.notAllowed', 'recovery.notSuspect'], 403: ['recovery.notAllowed'], 404: ['lists.eventNotFound', 'wizard.recordNotFound'], 503: ['files.serverBusy'] },
  }),
  downloadFileRecProductById: endpoint({
    method: 'GET',
    path: '/api/downloadFileRecProductById/:medicationId',
    access: 'case.read',
    returns: 'blob',
    errors: { 404: ['files.notFound'] },
  }),
  getImputEvaluationByMeta: endpoint({ method: 'GET', path: '/api/getImputEvaluationByMeta/:meta', access: 'case.read', response: evaluationSchema, errors: { 404: ['lists.eventNotFound'] } }),
  setImputEvaluation: endpoint({ method: 'POST', path: '/api/setImputEvaluation', access: 'causality.write', body: setEvaluationBodySchema, response: evaluationSchema, errors: { 400: ['imputability.lockedByQppv', 'imputability.notEditable', 'imputability.questionIssue'], 404: ['lists.eventNotFound'] } }),
  getWhoUmcByMeta: endpoint({ method: 'GET', path: '/api/getWhoUmcByMeta/:meta', access: 'case.read', response: whoUmcAssessmentSchema, errors: { 404: ['lists.eventNotFound'] } }),
  setWhoUmc: endpoint({ method: 'POST', path: '/api/setWhoUmc', access: 'whoUmc.write', body: setWhoUmcBodySchema, response: whoUmcAssessmentSchema, errors: { 400: ['imputability.notEditable', 'whoUmc.checklistIncomplete', 'whoUmc.overrideReasonRequired'], 404: ['lists.eventNotFound'] } }),
};
