import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { messageSchema } from '../../http/schemas.js';
import { companiesHomeRoutes } from './companies-home.js';
import { homeCodiguerasSchema, homeProductSchema } from '@atalaya/domain';
import { countryParamsSchema } from './schemas.js';
import { getHomeCodigueras, getProductsHomeByCountry } from './service.js';

export interface CatalogModuleOptions {
  db: Db;
}

/** Seconds a browser or proxy may reuse the public form's reference data. */
const HOME_CODIGUERAS_MAX_AGE_SECONDS = 300;

/** The reference data and products the public report form needs (no sign-in). */
export const catalogModule: FastifyPluginAsyncZod<CatalogModuleOptions> = async (app, { db }) => {
  await app.register(companiesHomeRoutes, { db });

  app.route({
    method: 'GET',
    url: '/api/getCodiguerasHome',
    config: { roles: 'public' },
    schema: {
      tags: ['Reporte público'],
      summary: 'Listas de referencia del formulario público (países, tipos de acontecimiento, vías, unidades…)',
      response: { 200: homeCodiguerasSchema },
    },
    handler: async (_request, reply) => {
      const lists = await getHomeCodigueras(db);
      return reply.header('cache-control', `public, max-age=${HOME_CODIGUERAS_MAX_AGE_SECONDS}`).send(lists);
    },
  });

  app.route({
    method: 'GET',
    url: '/api/getProductsHomeByCountry/:country',
    config: { roles: 'public' },
    schema: {
      tags: ['Reporte público'],
      summary: 'Medicamentos que se venden en un país (por código de país), por nombre',
      params: countryParamsSchema,
      response: { 200: z.array(homeProductSchema), 404: messageSchema },
    },
    handler: (request) => getProductsHomeByCountry(db, request.params.country),
  });
};
