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
  insertER: endpoint({ method: 'POST', path: '/api/insertER', access: 'case.write', body: finishCaseBodySchema, response: metaDataResultSchema }),
  getActionsERByMeta: endpoint({ method: 'GET', path: '/api/getActionsERByMeta/:meta', access: 'case.read', response: z.array(erActionSchema) }),
  sendAccion: endpoint({ method: 'POST', path: '/api/sendAccion', access: 'case.read', body: sendActionBodySchema, response: erEventSchema }),
  anularER: endpoint({ method: 'POST', path: '/api/anularER', access: 'case.read', body: annulEventSchema, response: annulResultSchema }),
  /** A case's history page; without `meta`, ADMIN's audit trail across cases. */
  getERHistoryByMeta: endpoint({
    method: 'POST',
    path: '/api/getERHistoryByMeta',
    access: 'caseHistory.read',
    body: historyQueryBodySchema,
    response: historyPage,
  }),
  /** The same page for a follow-up event's Meta. */
  getERHistoryByEvent: endpoint({
    method: 'POST',
    path: '/api/getERHistoryByEvent',
    access: 'caseHistory.read',
    body: historyQueryBodySchema,
    response: historyPage,
  }),
  delER: endpoint({ method: 'POST', path: '/api/delER', access: 'case.delete', body: deleteCaseBodySchema, response: deleteCaseResultSchema }),
  getApprovedFabricByMeta: endpoint({ method: 'GET', path: '/api/getApprovedFabricByMeta/:meta', access: 'case.read', response: approvedFabricSchema }),
};
