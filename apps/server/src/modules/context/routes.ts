import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { requireUser } from '../../http/route-access.js';
import { messageSchema } from '../../http/schemas.js';
import { contextSchema, userWithDetailsSchema } from '@atalaya/domain';
import { getContext, getMyUser } from './service.js';

export interface ContextModuleOptions {
  db: Db;
  config: Pick<Config, 'sessionTimeoutMinutes'>;
}

export const contextModule: FastifyPluginAsyncZod<ContextModuleOptions> = async (app, { db, config }) => {
  app.route({
    method: 'GET',
    url: '/api/getContext',
    config: { roles: 'authenticated', beforeTerms: true },
    schema: {
      tags: ['Sesión'],
      summary: 'Usuario de la sesión, menú, tiempo de sesión y datos de referencia',
      response: { 200: contextSchema, 401: messageSchema },
    },
    handler: (request) => getContext(db, config, requireUser(request)),
  });

  app.route({
    method: 'GET',
    url: '/api/getMyUser',
    config: { roles: 'authenticated' },
    schema: {
      tags: ['Usuarios'],
      summary: 'El usuario de la sesión con sus datos y laboratorios',
      response: { 200: userWithDetailsSchema, 401: messageSchema },
    },
    handler: (request) => getMyUser(db, requireUser(request)),
  });
};
