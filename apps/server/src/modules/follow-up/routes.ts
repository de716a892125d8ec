import { finishFollowUpBodySchema, metaDataResultSchema, type Role } from '@atalaya/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { requireUser } from '../../http/route-access.js';
import { errorResponses, messageSchema } from '../../http/schemas.js';
import { announceCaseCreated, type CaseEvents } from '../cases/index.js';
import { createFollowUp } from './service.js';

export interface FollowUpModuleOptions {
  db: Db;
  /** Told about each follow-up event, after its commit (the RLF of its country see it arrive). */
  caseEvents: CaseEvents;
}

/** Roles that use the wizard and so create follow-up reports (domain `canCreateFollowUp`). */
const FOLLOW_UP_ROLES: readonly Role[] = ['QPPV', 'RLF'];

/** The follow-up report of a case (issue 5 §6): the wizard's finish in type '2'. */
export const followUpModule: FastifyPluginAsyncZod<FollowUpModuleOptions> = async (app, { db, caseEvents }) => {
  app.route({
    method: 'POST',
    url: '/api/insertES',
    config: { roles: FOLLOW_UP_ROLES },
    schema: {
      tags: ['Eventos reportables'],
      summary: 'Crear un reporte de seguimiento de un evento reportable con su paciente, origen, medicamentos y eventos adversos',
      description:
        'Crea el evento de seguimiento ({referencia}-S{n}, estado En revisión RLF) vinculado al evento. No se permite en un evento Pendiente o Anulado, ni a un QPPV en estado 3.',
      body: finishFollowUpBodySchema,
      response: { 200: metaDataResultSchema, ...errorResponses, 404: messageSchema },
    },
    handler: async (request) => {
      const { created, ...answer } = await createFollowUp(db, requireUser(request), request.body);
      announceCaseCreated(caseEvents, created, request.log);
      return answer;
    },
  });
};
