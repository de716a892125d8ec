import { z } from 'zod';
import { lltMatchSchema } from '../contracts/meddra.js';
import { endpoint } from './endpoint.js';

/** The MedDRA dictionary search. */
export const meddraApi = {
  /** Current LLTs containing the text (up to 20); public: the public report form codes its reactions. */
  getMedDRALLT: endpoint({ method: 'GET', path: '/api/getMedDRALLT/:term', access: 'public', response: z.array(lltMatchSchema) }),
};
