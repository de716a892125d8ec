import { erPatientSchema } from '../case-records.js';
import { endpoint } from './endpoint.js';

/** Reads of a case's records shared by the event view and the wizard. */
export const casesApi = {
  /** The patient of a case (404 while none is saved). */
  getPacienteByERMeta: endpoint({ method: 'GET', path: '/api/getPacienteByERMeta/:meta', access: 'case.read', response: erPatientSchema, errors: { 404: ['errors.notFoundTitle', 'lists.eventNotFound'] } }),
};
