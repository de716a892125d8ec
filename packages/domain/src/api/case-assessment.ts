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
  updateRAM: endpoint({ method: 'POST', path: '/api/updateRAM', access: 'case.write', body: updateRamRequestSchema, response: erRamSchema }),
  uploadFileLocalSanitaryNotificaction: endpoint({
    method: 'POST',
    path: '/api/uploadFileLocalSanitaryNotificaction',
    access: 'case.write',
    bodyKind: 'multipart',
    response: erRamSchema,
  }),
  downloadFileLocalSanitaryNotificactionById: endpoint({
    method: 'GET',
    path: '/api/downloadFileLocalSanitaryNotificactionById/:ramId',
    access: 'case.read',
    returns: 'blob',
  }),
  /** Only a QPPV records the provider's notification. */
  uploadFileProviderNotification: endpoint({
    method: 'POST',
    path: '/api/uploadFileProviderNotification',
    access: 'providerNotification.write',
    bodyKind: 'multipart',
    response: erRamSchema,
  }),
  downloadFileProviderNotificationById: endpoint({
    method: 'GET',
    path: '/api/downloadFileProviderNotificationById/:ramId',
    access: 'case.read',
    returns: 'blob',
  }),
  updateMedicamentoRecuperado: endpoint({
    method: 'POST',
    path: '/api/updateMedicamentoRecuperado',
    access: 'recovery.write',
    body: recoveryBodySchema,
    response: erMedicationSchema,
  }),
  uploadFileRecProduct: endpoint({
    method: 'POST',
    path: '/api/uploadFileRecProduct',
    access: 'recovery.write',
    bodyKind: 'multipart',
    response: erMedicationSchema,
  }),
  downloadFileRecProductById: endpoint({
    method: 'GET',
    path: '/api/downloadFileRecProductById/:medicationId',
    access: 'case.read',
    returns: 'blob',
  }),
  getImputEvaluationByMeta: endpoint({ method: 'GET', path: '/api/getImputEvaluationByMeta/:meta', access: 'case.read', response: evaluationSchema }),
  setImputEvaluation: endpoint({ method: 'POST', path: '/api/setImputEvaluation', access: 'causality.write', body: setEvaluationBodySchema, response: evaluationSchema }),
  getWhoUmcByMeta: endpoint({ method: 'GET', path: '/api/getWhoUmcByMeta/:meta', access: 'case.read', response: whoUmcAssessmentSchema }),
  setWhoUmc: endpoint({ method: 'POST', path: '/api/setWhoUmc', access: 'whoUmc.write', body: setWhoUmcBodySchema, response: whoUmcAssessmentSchema }),
};
