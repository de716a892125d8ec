import { caseViewApi } from '@atalaya/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { metaParams } from '../../http/case-routes.js';
import { contractRoute } from '../../http/contract-route.js';
import { requireUser } from '../../http/route-access.js';
import { errorResponses, messageSchema } from '../../http/schemas.js';
import { getCaseView } from './service.js';

/** `GET /api/getERViewByMeta/:meta`: who reads a case (permission case.read, as each per-record call), within reach. */
export const caseViewModule: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.route({
    ...contractRoute(caseViewApi.getERViewByMeta, {
      tags: ['Eventos reportables'],
      summary: 'Abrir un evento reportable en una lectura: el evento, sus acciones y lo que muestra la pestaña Detalle (cada parte igual a su llamada por registro)',
      params: metaParams,
      errors: { ...errorResponses, 404: messageSchema },
    }),
    handler: (request) => getCaseView(db, requireUser(request), request.params.meta),
  });
};
