import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { messageSchema } from '../../http/schemas.js';
import { searchCurrentLlts } from './queries.js';
import { lltMatchSchema, RATE_LIMITS } from '@atalaya/domain';
import { termParamsSchema } from './schemas.js';

export interface MeddraModuleOptions {
  db: Db;
}

/** Most terms one search answers (a typeahead list). */
export const MAX_LLT_RESULTS = 20;

/** The MedDRA dictionary search. */
export const meddraModule: FastifyPluginAsyncZod<MeddraModuleOptions> = async (app, { db }) => {
  app.route({
    method: 'GET',
    url: '/api/getMedDRALLT/:term',
    // Public: the public report form lets health professionals code their reactions.
    config: { roles: 'public', rateLimit: RATE_LIMITS.read },
    schema: {
      tags: ['MedDRA'],
      summary: 'Busca términos LLT vigentes que contienen el texto (sin distinguir mayúsculas ni acentos); hasta 20',
      params: termParamsSchema,
      response: { 200: z.array(lltMatchSchema), 400: messageSchema, 429: messageSchema },
    },
    handler: (request) => searchCurrentLlts(db, request.params.term, MAX_LLT_RESULTS),
  });
};
