import { z } from 'zod';
import {
  erEventSchema,
  erMedicalContactSchema,
  erOriginSchema,
  erPatientSchema,
  erPreviousMedicationSchema,
  erWhoReportSchema,
  metaDataResultSchema,
} from '../case-records.js';
import {
  createErBodySchema,
  deletePreviousMedicationBodySchema,
  medicalContactBodySchema,
  originBodySchema,
  setPatientBodySchema,
  setPreviousMedicationsBodySchema,
  updateEventBodySchema,
} from '../case-wizard.js';
import { endpoint } from './endpoint.js';

/**
 * The case and its core records: the event, the patient (read by cases' getPacienteByERMeta), the
 * origin, the previous medications, the medical contact and who reported it.
 */
export const caseEditApi = {
  getERByMeta: endpoint({ method: 'GET', path: '/api/getERByMeta/:meta', access: 'case.read', response: erEventSchema, errors: { 404: ['lists.eventNotFound'] } }),
  /** With the `Idempotency-Key` header, a repeated request answers the same case. */
  createER: endpoint({ method: 'POST', path: '/api/createER', access: 'case.write', body: createErBodySchema, response: metaDataResultSchema, errors: { 403: ['wizard.countryNotAllowed'], 400: ['wizard.countryNotAllowed', 'wizard.reportTypeUnknown', 'createEvent.idempotencyKeyInvalid'], 409: ['createEvent.idempotencyKeyReused'] } }),
  updateER: endpoint({ method: 'POST', path: '/api/updateER', access: 'case.write', body: updateEventBodySchema, response: erEventSchema, errors: { 400: ['wizard.notEditable'], 403: ['wizard.notEditor'], 404: ['lists.eventNotFound'] } }),
  getERWhoReportByMeta: endpoint({ method: 'GET', path: '/api/getERWhoReportByMeta/:meta', access: 'case.read', response: erWhoReportSchema, errors: { 404: ['lists.eventNotFound'] } }),
  setPaciente: endpoint({ method: 'POST', path: '/api/setPaciente', access: 'case.write', body: setPatientBodySchema, response: erPatientSchema, errors: { 400: ['generic.heightRange', 'generic.weightRange', 'publicForm.optionUnknown', 'wizard.notEditable'], 403: ['wizard.notEditor'], 404: ['lists.eventNotFound'] } }),
  /** null while no origin was saved. */
  getOriginReportByMeta: endpoint({ method: 'GET', path: '/api/getOriginReportByMeta/:meta', access: 'case.read', response: erOriginSchema.nullable(), errors: { 404: ['lists.eventNotFound'] } }),
  insertOriginReport: endpoint({ method: 'POST', path: '/api/insertOriginReport', access: 'case.write', body: originBodySchema, response: erOriginSchema, errors: { 400: ['generic.required', 'publicForm.optionUnknown', 'wizard.noOriginReasonRequired', 'wizard.notEditable'], 403: ['wizard.notEditor'], 404: ['lists.eventNotFound', 'wizard.recordNotFound'] } }),
  updateOriginReport: endpoint({ method: 'POST', path: '/api/updateOriginReport', access: 'case.write', body: originBodySchema, response: erOriginSchema, errors: { 400: ['publicForm.optionUnknown', 'wizard.notEditable', 'generic.required', 'wizard.noOriginReasonRequired'], 403: ['wizard.notEditor'], 404: ['lists.eventNotFound', 'wizard.recordNotFound'] } }),
  MedicamentoAnteriorByMeta: endpoint({
    method: 'GET',
    path: '/api/MedicamentoAnteriorByMeta/:meta',
    access: 'case.read',
    response: z.array(erPreviousMedicationSchema),
    errors: { 404: ['lists.eventNotFound'] },
  }),
  setMedicamentoAnterior: endpoint({
    method: 'POST',
    path: '/api/setMedicamentoAnterior',
    access: 'case.write',
    body: setPreviousMedicationsBodySchema,
    response: z.array(erPreviousMedicationSchema),
    errors: { 400: ['publicForm.optionUnknown', 'wizard.notEditable', 'generic.endBeforeStart'], 403: ['wizard.notEditor'], 404: ['lists.eventNotFound', 'wizard.recordNotFound'] },
  }),
  deleteMedicamentoAnterior: endpoint({
    method: 'POST',
    path: '/api/deleteMedicamentoAnterior',
    access: 'case.write',
    body: deletePreviousMedicationBodySchema,
    response: z.null(),
    status: 204,
    returns: 'none',
    errors: { 400: ['wizard.notEditable'], 403: ['wizard.notEditor'], 404: ['lists.eventNotFound', 'wizard.recordNotFound'] },
  }),
  /** null while no contact was saved. */
  getContactoMedicoByMeta: endpoint({
    method: 'GET',
    path: '/api/getContactoMedicoByMeta/:meta',
    access: 'case.read',
    response: erMedicalContactSchema.nullable(),
    errors: { 404: ['lists.eventNotFound'] },
  }),
  insertContactoMedico: endpoint({
    method: 'POST',
    path: '/api/insertContactoMedico',
    access: 'case.write',
    body: medicalContactBodySchema,
    response: erMedicalContactSchema,
    errors: { 400: ['publicForm.optionUnknown', 'wizard.notEditable', 'generic.required'], 403: ['wizard.notEditor'], 404: ['lists.eventNotFound', 'wizard.recordNotFound'] },
  }),
  updateContactoMedico: endpoint({
    method: 'POST',
    path: '/api/updateContactoMedico',
    access: 'case.write',
    body: medicalContactBodySchema,
    response: erMedicalContactSchema,
    errors: { 400: ['publicForm.optionUnknown', 'wizard.notEditable', 'generic.required'], 403: ['wizard.notEditor'], 404: ['lists.eventNotFound', 'wizard.recordNotFound'] },
  }),
};
