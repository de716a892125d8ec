import {
  annulEventSchema,
  annulResultSchema,
  approvedFabricSchema,
  deleteCaseBodySchema,
  deleteCaseResultSchema,
  erActionSchema,
  erEventSchema,
  finishCaseBodySchema,
  historyEntrySchema,
  historyQueryBodySchema,
  metaDataResultSchema,
  pagedResultSchema,
  RATE_LIMITS,
  sendActionBodySchema,
} from '@atalaya/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { metaParams } from '../../http/case-routes.js';
import { requireUser } from '../../http/route-access.js';
import { errorResponses, messageSchema } from '../../http/schemas.js';
import type { CaseEvents } from '../cases/index.js';
import { getActions, sendAction } from './actions.js';
import { annulCase } from './annul.js';
import { getApprovedFabric } from './approved-fabric.js';
import { deleteCase } from './delete-case.js';
import { getHistoryPage } from './history.js';
import { finishCase } from './send-case.js';

export interface CaseWorkflowModuleOptions {
  db: Db;
  caseEvents: CaseEvents;
  /** The public address of the application (APP_URL): the workflow's e-mails link to the case with it. */
  appUrl: string;
}

/** The case workflow of the event view (event spec §4, workflow.md): the allowed actions, taking one, sending a case from the wizard (insertER), annulling and deleting (all through transition.ts). */
export const caseWorkflowModule: FastifyPluginAsyncZod<CaseWorkflowModuleOptions> = async (app, { db, caseEvents, appUrl }) => {
  // insertER: the wizard's send, the case's first transition (Pendiente → En revisión RLF).
  app.route({
    method: 'POST',
    url: '/api/insertER',
    config: { permission: 'case.write' },
    schema: {
      tags: ['Eventos reportables'],
      summary: 'Finalizar el asistente: envía el evento reportable a revisión RLF (estado 2) y notifica a los RLF de su país',
      body: finishCaseBodySchema,
      response: { 200: metaDataResultSchema, ...errorResponses, 404: messageSchema },
    },
    handler: (request) =>
      finishCase(db, requireUser(request), { meta: request.body.Event.Meta, comment: request.body.comentario }, { appUrl, caseEvents, log: request.log }),
  });

  app.route({
    method: 'GET',
    url: '/api/getActionsERByMeta/:meta',
    config: { permission: 'case.read' },
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
    config: { permission: 'case.read' },
    schema: {
      tags: ['Flujo de trabajo'],
      summary: 'Toma una acción del flujo de trabajo con su comentario; responde el evento',
      body: sendActionBodySchema,
      response: { 200: erEventSchema, ...errorResponses, 404: messageSchema },
    },
    handler: (request) => sendAction(db, requireUser(request), request.body, { appUrl, caseEvents, log: request.log }),
  });

  app.route({
    method: 'POST',
    url: '/api/anularER',
    config: { permission: 'case.read' },
    schema: {
      tags: ['Tareas'],
      summary: 'Anular un evento reportable (estado 11) con un comentario',
      body: annulEventSchema,
      response: { 200: annulResultSchema, ...errorResponses, 404: messageSchema },
    },
    handler: (request) =>
      annulCase(db, requireUser(request), { meta: request.body.Meta, comment: request.body.Comentario ?? '' }, { appUrl, caseEvents, log: request.log }),
  });

  // getERHistoryByEvent is the same page for a follow-up event's Meta. ADMIN reads the audit
  // trail's list across cases (no `meta`); with a `meta` it gets 404 as for any case it does not reach.
  for (const url of ['/api/getERHistoryByMeta', '/api/getERHistoryByEvent']) {
    app.route({
      method: 'POST',
      url,
      config: { permission: 'caseHistory.read' },
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
    config: { permission: 'case.delete', rateLimit: RATE_LIMITS.write },
    schema: {
      tags: ['Flujo de trabajo'],
      summary: 'Elimina un evento Pendiente con la firma electrónica del usuario (queda guardado, oculto)',
      body: deleteCaseBodySchema,
      response: { 200: deleteCaseResultSchema, ...errorResponses, 404: messageSchema },
    },
    handler: (request) => deleteCase(db, requireUser(request), request.body, request.ip, { appUrl, caseEvents, log: request.log }),
  });

  app.route({
    method: 'GET',
    url: '/api/getApprovedFabricByMeta/:meta',
    config: { permission: 'case.read' },
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
