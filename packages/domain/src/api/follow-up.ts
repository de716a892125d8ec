import { z } from 'zod';
import { metaDataResultSchema } from '../case-records.js';
import { followUpEventSchema, followUpReportSchema } from '../case-view.js';
import { finishFollowUpBodySchema } from '../case-wizard.js';
import { endpoint } from './endpoint.js';

/** The follow-up of a case: the wizard's follow-up report (insertES) and the event view's follow-up reads. */
export const followUpApi = {
  insertES: endpoint({ method: 'POST', path: '/api/insertES', access: 'followUp.create', body: finishFollowUpBodySchema, response: metaDataResultSchema, errors: { 400: ['generic.heightRange', 'generic.weightRange', 'publicForm.optionUnknown', 'wizard.adverseEventNeeded', 'wizard.followUpNotAllowed', 'wizard.ingredientNotOfProduct', 'wizard.lineNotOfProduct', 'wizard.productNotInCountry', 'wizard.suspectDrugRequired', 'generic.endBeforeStart', 'wizard.noOriginReasonRequired'], 404: ['lists.eventNotFound'] } }),
  Seguimiento: endpoint({ method: 'GET', path: '/api/Seguimiento/:id', access: 'case.read', response: followUpReportSchema, errors: { 404: ['pdf.followUpNotFound'] } }),
  /** The stored file of a follow-up report. */
  downloadFollowUpById: endpoint({ method: 'GET', path: '/api/downloadFollowUpById/:id', access: 'case.read', returns: 'blob', errors: { 404: ['pdf.followUpNotFound', 'pdf.followUpFileNotFound'] } }),
  getFollowUpEventsByReference: endpoint({
    method: 'GET',
    path: '/api/getFollowUpEventsByReference/:reference',
    access: 'case.read',
    response: z.array(followUpEventSchema),
    errors: { 404: ['lists.eventNotFound'] },
  }),
};
