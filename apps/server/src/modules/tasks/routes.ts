import { tasksApi } from '@atalaya/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { metaParams } from '../../http/case-routes.js';
import { contractRoute } from '../../http/contract-route.js';
import { requireUser } from '../../http/route-access.js';
import { errorResponses, messageSchema } from '../../http/schemas.js';
import { invertListParams, pendingListParams } from './schemas.js';
import { commentsOf, followUpsOf, invertList, pendingList } from './service.js';

export interface TasksModuleOptions {
  db: Db;
}

const TAG = ['Tareas'];
const withNotFound = { ...errorResponses, 404: messageSchema };

/** The Tasks screen's case lists (getWorkFlow, getWorkFlowInvert), comments and follow-ups (annulment: case-workflow). */
export const tasksModule: FastifyPluginAsyncZod<TasksModuleOptions> = async (app, { db }) => {
  app.route({
    ...contractRoute(tasksApi.getWorkFlow, {
      tags: TAG,
      summary: 'Mis acciones pendientes: los eventos reportables que esperan al usuario (15 por página)',
      params: pendingListParams,
      errors: errorResponses,
    }),
    handler: (request) => {
      const { page, orderBy, statusId, idEr, from, to, categoryId, subGroupId } = request.params;
      return pendingList(db, requireUser(request), {
        page,
        at: request.query.pageKey,
        order: orderBy,
        filters: { statusId, idEr, from, to, categoryId, subGroupId },
      });
    },
  });

  app.route({
    ...contractRoute(tasksApi.getWorkFlowInvert, {
      tags: TAG,
      summary: 'Eventos reportables abiertos al alcance del usuario que esperan a otro rol (15 por página)',
      params: invertListParams,
      errors: errorResponses,
    }),
    handler: (request) =>
      invertList(db, requireUser(request), { page: request.params.page, at: request.query.pageKey, order: request.params.orderBy }),
  });

  app.route({
    ...contractRoute(tasksApi.getERCommentsByMeta, {
      tags: TAG,
      summary: 'Comentarios del flujo de trabajo de un evento reportable, del más reciente al más antiguo',
      params: metaParams,
      errors: withNotFound,
    }),
    handler: (request) => commentsOf(db, requireUser(request), request.params.meta),
  });

  app.route({
    ...contractRoute(tasksApi.getERFollowUpByMeta, {
      tags: TAG,
      summary: 'Reportes de seguimiento de un evento reportable, del más reciente al más antiguo',
      params: metaParams,
      errors: withNotFound,
    }),
    handler: (request) => followUpsOf(db, requireUser(request), request.params.meta),
  });
};
