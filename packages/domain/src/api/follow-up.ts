import { z } from 'zod';
import { metaDataResultSchema } from '../case-records.js';
import { followUpEventSchema, followUpReportSchema } from '../case-view.js';
import { finishFollowUpBodySchema } from '../case-wizard.js';
import { endpoint } from './endpoint.js';

/** The follow-up of a case: the wizard's follow-up report (insertES) and the event view's follow-up reads. */
export const followUpApi = {
  insertES: endpoint({ method: 'POST', path: '/api/insertES', access: 'followUp.create', body: finishFollowUpBodySchema, response: metaDataResultSchema }),
  Seguimiento: endpoint({ method: 'GET', path: '/api/Seguimiento/:id', access: 'case.read', response: followUpReportSchema }),
  /** The stored file of a follow-up report. */
  downloadFollowUpById: endpoint({ method: 'GET', path: '/api/downloadFollowUpById/:id', access: 'case.read', returns: 'blob' }),
  getFollowUpEventsByReference: endpoint({
    method: 'GET',
    path: '/api/getFollowUpEventsByReference/:reference',
    access: 'case.read',
    response: z.array(followUpEventSchema),
  }),
};
