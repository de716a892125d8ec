import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { contractRoute } from '../../http/contract-route.js';
import { messageSchema } from '../../http/schemas.js';
import { companiesHomeRoutes } from './companies-home.js';
import { catalogApi } from '@atalaya/domain';
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
    ...contractRoute(catalogApi.getCodiguerasHome, {
      tags: ['Reporte público'],
      summary: 'Listas de referencia del formulario público (países, tipos de acontecimiento, vías, unidades…)',
      errors: {},
    }),
    handler: async (_request, reply) => {
      const lists = await getHomeCodigueras(db);
      return reply.header('cache-control', `public, max-age=${HOME_CODIGUERAS_MAX_AGE_SECONDS}`).send(lists);
    },
  });

  app.route({
    ...contractRoute(catalogApi.getProductsHomeByCountry, {
      tags: ['Reporte público'],
      summary: 'Medicamentos que se venden en un país (por código de país), por nombre',
      params: countryParamsSchema,
      errors: { 404: messageSchema },
    }),
    handler: (request) => getProductsHomeByCountry(db, request.params.country),
  });
};
