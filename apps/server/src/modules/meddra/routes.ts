import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { contractRoute } from '../../http/contract-route.js';
import { messageSchema } from '../../http/schemas.js';
import { searchCurrentLlts } from './queries.js';
import { meddraApi, RATE_LIMITS } from '@atalaya/domain';
import { termParamsSchema } from './schemas.js';

export interface MeddraModuleOptions {
  db: Db;
}

/** Most terms one search answers (a typeahead list). */
export const MAX_LLT_RESULTS = 20;

/** The MedDRA dictionary search. */
export const meddraModule: FastifyPluginAsyncZod<MeddraModuleOptions> = async (app, { db }) => {
  app.route({
    // Public: the public report form lets health professionals code their reactions.
    ...contractRoute(meddraApi.getMedDRALLT, {
      tags: ['MedDRA'],
      summary: 'Busca términos LLT vigentes que contienen el texto (sin distinguir mayúsculas ni acentos); hasta 20',
      params: termParamsSchema,
      errors: { 400: messageSchema, 429: messageSchema },
      config: { rateLimit: RATE_LIMITS.read },
    }),
    handler: (request) => searchCurrentLlts(db, request.params.term, MAX_LLT_RESULTS),
  });
};
