import { caseWorkflowApi, RATE_LIMITS } from '@atalaya/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { metaParams } from '../../http/case-routes.js';
import { contractRoute } from '../../http/contract-route.js';
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

const withNotFound = { ...errorResponses, 404: messageSchema };

/** The case workflow of the event view (event spec §4, workflow.md): the allowed actions, taking one, sending a case from the wizard (insertER), annulling and deleting (all through transition.ts). */
export const caseWorkflowModule: FastifyPluginAsyncZod<CaseWorkflowModuleOptions> = async (app, { db, caseEvents, appUrl }) => {
  // insertER: the wizard's send, the case's first transition (Pendiente → En revisión RLF).
  app.route({
    ...contractRoute(caseWorkflowApi.insertER, {
      tags: ['Eventos reportables'],
      summary: 'Finalizar el asistente: envía el evento reportable a revisión RLF (estado 2) y notifica a los RLF de su país',
      errors: withNotFound,
    }),
    handler: (request) =>
      finishCase(db, requireUser(request), { meta: request.body.Event.Meta, comment: request.body.comentario }, { appUrl, caseEvents, log: request.log }),
  });

  app.route({
    ...contractRoute(caseWorkflowApi.getActionsERByMeta, {
      tags: ['Flujo de trabajo'],
      summary: 'Las acciones del flujo de trabajo que el usuario puede tomar ahora sobre el evento',
      params: metaParams,
      errors: withNotFound,
    }),
    handler: (request) => getActions(db, requireUser(request), request.params.meta),
  });

  app.route({
    ...contractRoute(caseWorkflowApi.sendAccion, {
      tags: ['Flujo de trabajo'],
      summary: 'Toma una acción del flujo de trabajo con su comentario; responde el evento',
      errors: withNotFound,
    }),
    handler: (request) => sendAction(db, requireUser(request), request.body, { appUrl, caseEvents, log: request.log }),
  });

  app.route({
    ...contractRoute(caseWorkflowApi.anularER, {
      tags: ['Tareas'],
      summary: 'Anular un evento reportable (estado 11) con un comentario',
      errors: withNotFound,
    }),
    handler: (request) =>
      annulCase(db, requireUser(request), { meta: request.body.Meta, comment: request.body.Comentario ?? '' }, { appUrl, caseEvents, log: request.log }),
  });

  // getERHistoryByEvent is the same page for a follow-up event's Meta. ADMIN reads the audit
  // trail's list across cases (no `meta`); with a `meta` it gets 404 as for any case it does not reach.
  for (const history of [caseWorkflowApi.getERHistoryByMeta, caseWorkflowApi.getERHistoryByEvent]) {
    app.route({
      ...contractRoute(history, {
        tags: ['Flujo de trabajo'],
        summary: 'Historial de operaciones del evento, paginado (Fecha descendente por defecto)',
        errors: withNotFound,
      }),
      handler: (request) => getHistoryPage(db, requireUser(request), request.body),
    });
  }

  app.route({
    ...contractRoute(caseWorkflowApi.delER, {
      tags: ['Flujo de trabajo'],
      summary: 'Elimina un evento Pendiente con la firma electrónica del usuario (queda guardado, oculto)',
      errors: withNotFound,
      config: { rateLimit: RATE_LIMITS.write },
    }),
    handler: (request) => deleteCase(db, requireUser(request), request.body, request.ip, { appUrl, caseEvents, log: request.log }),
  });

  app.route({
    ...contractRoute(caseWorkflowApi.getApprovedFabricByMeta, {
      tags: ['Flujo de trabajo'],
      summary: 'La aprobación del fabricante (AprobarFabricante) más reciente del evento',
      params: metaParams,
      errors: withNotFound,
    }),
    handler: (request) => getApprovedFabric(db, requireUser(request), request.params.meta),
  });
};
