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
  getERByMeta: endpoint({ method: 'GET', path: '/api/getERByMeta/:meta', access: 'case.read', response: erEventSchema }),
  /** With the `Idempotency-Key` header, a repeated request answers the same case. */
  createER: endpoint({ method: 'POST', path: '/api/createER', access: 'case.write', body: createErBodySchema, response: metaDataResultSchema }),
  updateER: endpoint({ method: 'POST', path: '/api/updateER', access: 'case.write', body: updateEventBodySchema, response: erEventSchema }),
  getERWhoReportByMeta: endpoint({ method: 'GET', path: '/api/getERWhoReportByMeta/:meta', access: 'case.read', response: erWhoReportSchema }),
  setPaciente: endpoint({ method: 'POST', path: '/api/setPaciente', access: 'case.write', body: setPatientBodySchema, response: erPatientSchema }),
  /** null while no origin was saved. */
  getOriginReportByMeta: endpoint({ method: 'GET', path: '/api/getOriginReportByMeta/:meta', access: 'case.read', response: erOriginSchema.nullable() }),
  insertOriginReport: endpoint({ method: 'POST', path: '/api/insertOriginReport', access: 'case.write', body: originBodySchema, response: erOriginSchema }),
  updateOriginReport: endpoint({ method: 'POST', path: '/api/updateOriginReport', access: 'case.write', body: originBodySchema, response: erOriginSchema }),
  MedicamentoAnteriorByMeta: endpoint({
    method: 'GET',
    path: '/api/MedicamentoAnteriorByMeta/:meta',
    access: 'case.read',
    response: z.array(erPreviousMedicationSchema),
  }),
  setMedicamentoAnterior: endpoint({
    method: 'POST',
    path: '/api/setMedicamentoAnterior',
    access: 'case.write',
    body: setPreviousMedicationsBodySchema,
    response: z.array(erPreviousMedicationSchema),
  }),
  deleteMedicamentoAnterior: endpoint({
    method: 'POST',
    path: '/api/deleteMedicamentoAnterior',
    access: 'case.write',
    body: deletePreviousMedicationBodySchema,
    response: z.null(),
    status: 204,
    returns: 'none',
  }),
  /** null while no contact was saved. */
  getContactoMedicoByMeta: endpoint({
    method: 'GET',
    path: '/api/getContactoMedicoByMeta/:meta',
    access: 'case.read',
    response: erMedicalContactSchema.nullable(),
  }),
  insertContactoMedico: endpoint({
    method: 'POST',
    path: '/api/insertContactoMedico',
    access: 'case.write',
    body: medicalContactBodySchema,
    response: erMedicalContactSchema,
  }),
  updateContactoMedico: endpoint({
    method: 'POST',
    path: '/api/updateContactoMedico',
    access: 'case.write',
    body: medicalContactBodySchema,
    response: erMedicalContactSchema,
  }),
};
