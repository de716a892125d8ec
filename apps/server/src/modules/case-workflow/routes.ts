import { approvedFabricSchema, deleteCaseBodySchema, deleteCaseResultSchema, erActionSchema, erEventSchema, historyEntrySchema, historyQueryBodySchema, pagedResultSchema, sendActionBodySchema } from '@atalaya/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { CASE_READERS, metaParams } from '../../http/case-routes.js';
import { requireUser } from '../../http/route-access.js';
import { errorResponses, messageSchema } from '../../http/schemas.js';
import type { CaseEvents } from '../cases/index.js';
import { getActions, sendAction } from './actions.js';
import { getApprovedFabric } from './approved-fabric.js';
import { deleteCase } from './delete-case.js';
import { getHistoryPage } from './history.js';

export interface CaseWorkflowModuleOptions {
  db: Db;
  caseEvents: CaseEvents;
}

/** The case workflow of the event view (event spec §4, workflow.md): the allowed actions and taking one. */
export const caseWorkflowModule: FastifyPluginAsyncZod<CaseWorkflowModuleOptions> = async (app, { db, caseEvents }) => {
  app.route({
    method: 'GET',
    url: '/api/getActionsERByMeta/:meta',
    config: { roles: CASE_READERS },
    schema: {
      tags: ['Flujo de trabajo'],
      summary: 'Las acciones del flujo de trabajo que el usuario puede tomar ahora sobre el evento',
      params: metaParams,
      response: { 200: z.array(erActionSchema), ...errorResponses, 404: messageSchema },
    },
    handler: (request) => getActions(db, requireUser(request), request.params.meta),
  });

  app.route({
    method: 'POST',
    url: '/api/sendAccion',
    config: { roles: CASE_READERS },
    schema: {
      tags: ['Flujo de trabajo'],
      summary: 'Toma una acción del flujo de trabajo con su comentario; responde el evento',
      body: sendActionBodySchema,
      response: { 200: erEventSchema, ...errorResponses, 404: messageSchema },
    },
    handler: (request) => sendAction(db, requireUser(request), request.body, { caseEvents, log: request.log }),
  });

  // getERHistoryByEvent is the same page for a follow-up event's Meta.
  for (const url of ['/api/getERHistoryByMeta', '/api/getERHistoryByEvent']) {
    app.route({
      method: 'POST',
      url,
      config: { roles: CASE_READERS },
      schema: {
        tags: ['Flujo de trabajo'],
        summary: 'Historial de operaciones del evento, paginado (Fecha descendente por defecto)',
        body: historyQueryBodySchema,
        response: { 200: pagedResultSchema(historyEntrySchema), ...errorResponses, 404: messageSchema },
      },
      handler: (request) => getHistoryPage(db, requireUser(request), request.body),
    });
  }

  app.route({
    method: 'POST',
    url: '/api/delER',
    config: { roles: ['QPPV', 'RLF'], rateLimit: { max: 20, timeWindow: '1 minute' } },
    schema: {
      tags: ['Flujo de trabajo'],
      summary: 'Elimina un evento Pendiente con la firma electrónica del usuario (queda guardado, oculto)',
      body: deleteCaseBodySchema,
      response: { 200: deleteCaseResultSchema, ...errorResponses, 404: messageSchema },
    },
    handler: (request) => deleteCase(db, requireUser(request), request.body, request.ip),
  });

  app.route({
    method: 'GET',
    url: '/api/getApprovedFabricByMeta/:meta',
    config: { roles: CASE_READERS },
    schema: {
      tags: ['Flujo de trabajo'],
      summary: 'La aprobación del fabricante (AprobarFabricante) más reciente del evento',
      params: metaParams,
      response: {
        200: approvedFabricSchema,
        ...errorResponses,
        404: messageSchema,
      },
    },
    handler: (request) => getApprovedFabric(db, requireUser(request), request.params.meta),
  });
};
