import { followUpApi } from '@atalaya/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { contractRoute } from '../../http/contract-route.js';
import { downloadRoute, PDF_BYTES } from '../../http/download-route.js';
import { requireUser } from '../../http/route-access.js';
import { errorResponses, messageSchema } from '../../http/schemas.js';
import { announceCaseCreated, type CaseEvents } from '../cases/index.js';
import { followUpEventsByReference, followUpFile, getFollowUpReport } from './reads.js';
import { followUpIdParams, referenceParams } from './schemas.js';
import { createFollowUp } from './service.js';

export interface FollowUpModuleOptions {
  db: Db;
  /** Told about each follow-up event, after its commit (the RLF of its country see it arrive). */
  caseEvents: CaseEvents;
  /** The public address of the application (APP_URL): the e-mail's links are absolute. */
  appUrl: string;
}

/** The follow-up reads are listed in the event view with the case PDFs (same OpenAPI tag as before). */
const READS_TAG = ['PDF y seguimientos'];
const withNotFound = { ...errorResponses, 404: messageSchema };

/**
 * The follow-up of a case: the report created by the wizard's finish in type '2' (insertES,
 * issue 5 §6), and the reads of the event view's follow-up tabs (event spec §9).
 */
export const followUpModule: FastifyPluginAsyncZod<FollowUpModuleOptions> = async (app, { db, caseEvents, appUrl }) => {
  app.route({
    ...contractRoute(followUpApi.insertES, {
      tags: ['Eventos reportables'],
      summary: 'Crear un reporte de seguimiento de un evento reportable con su paciente, origen, medicamentos y eventos adversos',
      description:
        'Crea el evento de seguimiento ({referencia}-S{n}, estado En revisión RLF) vinculado al evento. No se permite en un evento Pendiente o Anulado, ni a un QPPV en estado 3.',
      errors: withNotFound,
    }),
    handler: async (request) => {
      const { created, ...answer } = await createFollowUp(db, requireUser(request), request.body, { appUrl });
      announceCaseCreated(caseEvents, created, request.log);
      return answer;
    },
  });

  app.route({
    ...contractRoute(followUpApi.Seguimiento, {
      tags: READS_TAG,
      summary: 'Un reporte de seguimiento (por su Id) con su evento de seguimiento y el comentario con que se creó',
      params: followUpIdParams,
      errors: withNotFound,
    }),
    handler: (request) => getFollowUpReport(db, requireUser(request), request.params.id),
  });

  app.route(
    downloadRoute(followUpApi.downloadFollowUpById, {
      tags: READS_TAG,
      summary: 'Descarga el archivo de un reporte de seguimiento',
      params: followUpIdParams,
      answer: PDF_BYTES,
      errors: withNotFound,
      load: (request) => followUpFile(db, requireUser(request), request.params.id),
    }),
  );

  app.route({
    ...contractRoute(followUpApi.getFollowUpEventsByReference, {
      tags: READS_TAG,
      summary: 'Eventos de seguimiento (EventType 3) del evento con ese NumeroReferencia, del más antiguo al más reciente',
      params: referenceParams,
      errors: withNotFound,
    }),
    handler: (request) => followUpEventsByReference(db, requireUser(request), request.params.reference),
  });
};
