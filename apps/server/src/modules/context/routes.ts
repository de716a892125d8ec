import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { contractRoute } from '../../http/contract-route.js';
import { requireUser } from '../../http/route-access.js';
import { messageSchema } from '../../http/schemas.js';
import { contextApi } from '@atalaya/domain';
import { getContext, getMyUser } from './service.js';

export interface ContextModuleOptions {
  db: Db;
  config: Pick<Config, 'sessionTimeoutMinutes'>;
}

export const contextModule: FastifyPluginAsyncZod<ContextModuleOptions> = async (app, { db, config }) => {
  app.route({
    ...contractRoute(contextApi.getContext, {
      tags: ['Sesión'],
      summary: 'Usuario de la sesión, menú, tiempo de sesión y datos de referencia',
      errors: { 401: messageSchema },
      config: { beforeTerms: true },
    }),
    handler: (request) => getContext(db, config, requireUser(request)),
  });

  app.route({
    ...contractRoute(contextApi.getMyUser, {
      tags: ['Usuarios'],
      summary: 'El usuario de la sesión con sus datos y laboratorios',
      errors: { 401: messageSchema },
    }),
    handler: (request) => getMyUser(db, requireUser(request)),
  });
};
