import { erViewSchema } from '../case-open.js';
import { endpoint } from './endpoint.js';

/** Opening a case in one read. */
export const caseViewApi = {
  getERViewByMeta: endpoint({ method: 'GET', path: '/api/getERViewByMeta/:meta', access: 'case.read', response: erViewSchema, errors: { 404: ['lists.eventNotFound'] } }),
};
