import { erCommentSchema, erListRowSchema, followUpItemSchema, pagedResultSchema } from '@atalaya/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { metaParams } from '../../http/case-routes.js';
import { requireUser } from '../../http/route-access.js';
import { errorResponses, messageSchema } from '../../http/schemas.js';
import { invertListParams, listQuery, pendingListParams } from './schemas.js';
import { commentsOf, followUpsOf, invertList, pendingList } from './service.js';

export interface TasksModuleOptions {
  db: Db;
}

const TAG = ['Tareas'];
const pagedRows = pagedResultSchema(erListRowSchema);
const withNotFound = { ...errorResponses, 404: messageSchema };

/** The Tasks screen's case lists (getWorkFlow, getWorkFlowInvert), comments and follow-ups (annulment: case-workflow). */
export const tasksModule: FastifyPluginAsyncZod<TasksModuleOptions> = async (app, { db }) => {
  app.route({
    method: 'GET',
    url: '/api/getWorkFlow/:page/:size/:orderBy/:statusId/:idEr/:from/:to/:categoryId/:subGroupId',
    config: { permission: 'tasks.pending' },
    schema: {
      tags: TAG,
      summary: 'Mis acciones pendientes: los eventos reportables que esperan al usuario (15 por página)',
      params: pendingListParams,
      querystring: listQuery,
      response: { 200: pagedRows, ...errorResponses },
    },
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
    method: 'GET',
    url: '/api/getWorkFlowInvert/:page/:size/:orderBy',
    config: { permission: 'case.read' },
    schema: {
      tags: TAG,
      summary: 'Eventos reportables abiertos al alcance del usuario que esperan a otro rol (15 por página)',
      params: invertListParams,
      querystring: listQuery,
      response: { 200: pagedRows, ...errorResponses },
    },
    handler: (request) =>
      invertList(db, requireUser(request), { page: request.params.page, at: request.query.pageKey, order: request.params.orderBy }),
  });

  app.route({
    method: 'GET',
    url: '/api/getERCommentsByMeta/:meta',
    config: { permission: 'case.read' },
    schema: {
      tags: TAG,
      summary: 'Comentarios del flujo de trabajo de un evento reportable, del más reciente al más antiguo',
      params: metaParams,
      response: { 200: z.array(erCommentSchema), ...withNotFound },
    },
    handler: (request) => commentsOf(db, requireUser(request), request.params.meta),
  });

  app.route({
    method: 'GET',
    url: '/api/getERFollowUpByMeta/:meta',
    config: { permission: 'case.read' },
    schema: {
      tags: TAG,
      summary: 'Reportes de seguimiento de un evento reportable, del más reciente al más antiguo',
      params: metaParams,
      response: { 200: z.array(followUpItemSchema), ...withNotFound },
    },
    handler: (request) => followUpsOf(db, requireUser(request), request.params.meta),
  });
};
