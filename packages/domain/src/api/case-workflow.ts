import { z } from 'zod';
import { erEventSchema, metaDataResultSchema } from '../case-records.js';
import {
  approvedFabricSchema,
  deleteCaseBodySchema,
  erActionSchema,
  historyEntrySchema,
  historyQueryBodySchema,
  sendActionBodySchema,
} from '../case-view.js';
import { finishCaseBodySchema } from '../case-wizard.js';
import { deleteCaseResultSchema } from '../contracts/case-workflow.js';
import { annulResultSchema } from '../contracts/tasks.js';
import { annulEventSchema, pagedResultSchema } from '../work-lists.js';
import { endpoint } from './endpoint.js';

const historyPage = pagedResultSchema(historyEntrySchema);

/** The case workflow of the event view: the wizard's send, the allowed actions, taking one, annulling, deleting, the history. */
export const caseWorkflowApi = {
  /** The wizard's send: the case's first transition (Pendiente → En revisión RLF). */
  insertER: endpoint({ method: 'POST', path: '/api/insertER', access: 'case.write', body: finishCaseBodySchema, response: metaDataResultSchema, errors: { 400: ['wizard.adverseEventIncomplete', 'wizard.adverseEventNeeded', 'wizard.medicationIncomplete', 'wizard.medicationNeeded', 'wizard.originNeeded', 'wizard.patientNeeded', 'wizard.suspectDrugRequired', 'workflow.actionNotAllowed', 'workflow.evaluationIncomplete'], 404: ['lists.eventNotFound'] } }),
  getActionsERByMeta: endpoint({ method: 'GET', path: '/api/getActionsERByMeta/:meta', access: 'case.read', response: z.array(erActionSchema), errors: { 404: ['lists.eventNotFound'] } }),
  sendAccion: endpoint({ method: 'POST', path: '/api/sendAccion', access: 'case.read', body: sendActionBodySchema, response: erEventSchema, errors: { 400: ['workflow.evaluationIncomplete'], 404: ['lists.eventNotFound'] } }),
  anularER: endpoint({ method: 'POST', path: '/api/anularER', access: 'case.read', body: annulEventSchema, response: annulResultSchema, errors: { 400: ['workflow.actionNotAllowed', 'workflow.evaluationIncomplete'], 404: ['lists.eventNotFound'] } }),
  /** A case's history page; without `meta`, ADMIN's audit trail across cases. */
  getERHistoryByMeta: endpoint({
    method: 'POST',
    path: '/api/getERHistoryByMeta',
    access: 'caseHistory.read',
    body: historyQueryBodySchema,
    response: historyPage,
    errors: { 400: ['audit.datesOutOfOrder', 'audit.tooManyReferences', 'lists.pageTooFar'], 404: ['lists.eventNotFound'] },
  }),
  /** The same page for a follow-up event's Meta. */
  getERHistoryByEvent: endpoint({
    method: 'POST',
    path: '/api/getERHistoryByEvent',
    access: 'caseHistory.read',
    body: historyQueryBodySchema,
    response: historyPage,
    errors: { 400: ['audit.tooManyReferences', 'lists.pageTooFar'], 404: ['lists.eventNotFound'] },
  }),
  delER: endpoint({ method: 'POST', path: '/api/delER', access: 'case.delete', body: deleteCaseBodySchema, response: deleteCaseResultSchema, errors: { 400: ['signature.failed', 'workflow.actionNotAllowed', 'workflow.evaluationIncomplete'], 404: ['lists.eventNotFound'], 429: ['login.tooManyAttempts'] } }),
  getApprovedFabricByMeta: endpoint({ method: 'GET', path: '/api/getApprovedFabricByMeta/:meta', access: 'case.read', response: approvedFabricSchema, errors: { 404: ['lists.eventNotFound'] } }),
};
