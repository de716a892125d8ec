import { z } from 'zod';
import { erCommentSchema, erListRowSchema, followUpItemSchema, listQuerySchema, pagedResultSchema } from '../work-lists.js';
import { endpoint } from './endpoint.js';

const pagedRows = pagedResultSchema(erListRowSchema);

/** The Tasks screen's case lists, a case's workflow comments and follow-ups. */
export const tasksApi = {
  /** Mis acciones pendientes: filters status, case, from, to, category, sub-group (`null`: none). */
  getWorkFlow: endpoint({
    method: 'GET',
    path: '/api/getWorkFlow/:page/:size/:orderBy/:statusId/:idEr/:from/:to/:categoryId/:subGroupId',
    access: 'tasks.pending',
    query: listQuerySchema,
    response: pagedRows,
    errors: { 400: ['generic.dateFormat', 'lists.invalidPageKey', 'lists.pageTooFar'] },
  }),
  /** Open cases in reach waiting for another role. */
  getWorkFlowInvert: endpoint({
    method: 'GET',
    path: '/api/getWorkFlowInvert/:page/:size/:orderBy',
    access: 'case.read',
    query: listQuerySchema,
    response: pagedRows,
    errors: { 400: ['lists.invalidPageKey', 'lists.pageTooFar'] },
  }),
  getERCommentsByMeta: endpoint({
    method: 'GET',
    path: '/api/getERCommentsByMeta/:meta',
    access: 'case.read',
    response: z.array(erCommentSchema),
    errors: { 404: ['lists.eventNotFound'] },
  }),
  getERFollowUpByMeta: endpoint({
    method: 'GET',
    path: '/api/getERFollowUpByMeta/:meta',
    access: 'case.read',
    response: z.array(followUpItemSchema),
    errors: { 404: ['lists.eventNotFound'] },
  }),
};
