import { contextSchema, userWithDetailsSchema } from '../contracts/context.js';
import { endpoint } from './endpoint.js';

/** The session's context and the signed-in user. */
export const contextApi = {
  /** The session's user, menu, timeout and reference data (also before the terms are accepted). */
  getContext: endpoint({ method: 'GET', path: '/api/getContext', access: 'authenticated', response: contextSchema }),
  getMyUser: endpoint({ method: 'GET', path: '/api/getMyUser', access: 'authenticated', response: userWithDetailsSchema }),
};
