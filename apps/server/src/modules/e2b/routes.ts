import { E2B_BATCH_MAX_CASES, e2bApi, e2bBatchRefusalSchema, e2bExportRefusalSchema, MSG } from '@atalaya/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { caseMetaParam } from '../../http/case-routes.js';
import { contractRoute } from '../../http/contract-route.js';
import { downloadRoute } from '../../http/download-route.js';
import { badRequest } from '../../http/errors.js';
import { requireUser } from '../../http/route-access.js';
import { errorResponses, messageSchema } from '../../http/schemas.js';
import { batchFile, exportBatch } from './batch.js';
import { deleteReceiver, listReceivers, saveReceiver } from './receivers.js';
import { downloadSubmission, exportCase, listSubmissions, markSent, uploadAck } from './service.js';

export interface E2bModuleOptions {
  db: Db;
  /** ATALAYA_E2B_XSD_DIR: the ICH schema folder; undefined: the rules run, the schema is not checked. */
  xsdDir: string | undefined;
}

const TAG = ['Envíos E2B'];
const withNotFound = { ...errorResponses, 404: messageSchema };
/** An ACK file is a few kilobytes; a batch's ACK of many reports stays far below this. */
const ACK_MAX_BYTES = 5_000_000;

const receiverParams = z.object({
  receiverId: z.coerce.number({ error: MSG.e2bReceivers.notFound }).int(MSG.e2bReceivers.notFound).min(1, MSG.e2bReceivers.notFound).max(2_147_483_647, MSG.e2bReceivers.notFound),
});

const caseParams = z.object({ id: caseMetaParam });
const submissionParams = z.object({
  id: caseMetaParam,
  submissionId: z.coerce.number({ error: MSG.e2bExport.submissionNotFound }).int(MSG.e2bExport.submissionNotFound).min(1, MSG.e2bExport.submissionNotFound).max(Number.MAX_SAFE_INTEGER, MSG.e2bExport.submissionNotFound),
});
/** An E2B XML document as a download. */
const xmlDownload = (file: { fileName: string; xml: string }) => ({ fileName: file.fileName, contentType: 'application/xml; charset=utf-8', body: file.xml });
/** N.1.2 as we write it ({sender}-{moment}-{random}); the sender is letters, digits, '.', '_'. */
const batchParams = z.object({ batch: z.string({ error: MSG.e2bBatch.batchInvalid }).min(1, MSG.e2bBatch.batchInvalid).max(100, MSG.e2bBatch.batchInvalid).regex(/^[A-Za-z0-9._-]+$/, MSG.e2bBatch.batchInvalid) });

/**
 * E2B(R3) submissions of a case ('Envíos E2B'): export for a receiver (refused with the list of problems
 * when the case does not pass the ICH rules or the schema), list, download, mark sent, and the receiver's
 * acknowledgement. QPPV and RLF, within their reach.
 */
export const e2bModule: FastifyPluginAsyncZod<E2bModuleOptions> = async (app, { db, xsdDir }) => {
  app.addContentTypeParser(['application/xml', 'text/xml'], { parseAs: 'buffer', bodyLimit: ACK_MAX_BYTES }, (_request, body, done) => done(null, body));

  app.route({
    ...contractRoute(e2bApi.e2bReceiverList, { tags: TAG, summary: 'Receptores de los envíos E2B (Configuración), con cuántos envíos tiene cada uno', errors: errorResponses }),
    handler: () => listReceivers(db),
  });

  app.route({
    ...contractRoute(e2bApi.e2bReceiverSave, {
      tags: TAG,
      summary: 'Agrega (sin Id) o modifica un receptor E2B y devuelve la lista',
      description: 'El identificador (N.1.4) es único, de 1 a 60 letras, números, punto, guion o guion bajo; el de un receptor con envíos no cambia.',
      errors: withNotFound,
    }),
    handler: (request) => saveReceiver(db, requireUser(request), request.body),
  });

  app.route({
    ...contractRoute(e2bApi.e2bReceiverDelete, { tags: TAG, summary: 'Elimina un receptor E2B sin envíos y devuelve la lista', params: receiverParams, errors: withNotFound }),
    handler: (request) => deleteReceiver(db, requireUser(request), request.params.receiverId),
  });

  app.route({
    ...contractRoute(e2bApi.exportE2B, {
      tags: TAG,
      summary: 'Genera la exportación E2B(R3) del caso para un receptor de Configuración (e2bReceiverList)',
      description: 'Valida las reglas de ICH y, si el servidor tiene configurado ATALAYA_E2B_XSD_DIR, el esquema XSD. Un caso inválido responde 422 con la lista de problemas, cada uno con el número y nombre del elemento.',
      params: caseParams,
      errors: { 422: e2bExportRefusalSchema, ...withNotFound },
    }),
    handler: async (request, reply) => {
      const outcome = await exportCase(db, requireUser(request), request.params.id, request.body.Receptor, { xsdDir });
      if ('refused' in outcome) return reply.code(422).send(outcome.refused);
      return outcome.submission;
    },
  });

  app.route({
    ...contractRoute(e2bApi.exportE2BBatch, {
      tags: TAG,
      summary: 'Genera un lote E2B(R3) con los casos seleccionados en la búsqueda de eventos, para un receptor de Configuración',
      description: `Hasta ${E2B_BATCH_MAX_CASES} casos (Meta). Cada caso se valida como en exportE2B (reglas de ICH y, si está configurado, el esquema XSD); los que no cumplen quedan fuera del lote y se listan en Rechazados con sus problemas, los demás forman un solo lote (un PORR_IN049016UV por caso) y cada uno queda como un envío de su caso. Sin ningún caso válido responde 422 con la lista. El archivo del lote: getE2BBatch/{Lote}.`,
      errors: { 422: e2bBatchRefusalSchema, ...errorResponses },
    }),
    handler: async (request, reply) => {
      const outcome = await exportBatch(db, requireUser(request), request.body.Receptor, request.body.Casos, { xsdDir });
      if ('refused' in outcome) return reply.code(422).send(outcome.refused);
      return outcome.result;
    },
  });

  app.route(
    downloadRoute(e2bApi.getE2BBatch, {
      tags: TAG,
      summary: 'Descarga el XML de un lote E2B (todos sus casos deben estar al alcance del usuario)',
      params: batchParams,
      answer: z.string(),
      errors: withNotFound,
      load: async (request) => xmlDownload(await batchFile(db, requireUser(request), request.params.batch)),
    }),
  );

  app.route({
    ...contractRoute(e2bApi.listE2B, { tags: TAG, summary: 'Envíos E2B del caso, del más reciente al más antiguo', params: caseParams, errors: withNotFound }),
    handler: (request) => listSubmissions(db, requireUser(request), request.params.id),
  });

  app.route(
    downloadRoute(e2bApi.getE2B, {
      tags: TAG,
      summary: 'Descarga el XML de un envío E2B',
      params: submissionParams,
      answer: z.string(),
      errors: withNotFound,
      load: async (request) => xmlDownload(await downloadSubmission(db, requireUser(request), request.params.id, request.params.submissionId)),
    }),
  );

  app.route({
    ...contractRoute(e2bApi.markE2BSent, { tags: TAG, summary: 'Marca un envío E2B generado como enviado al receptor', params: submissionParams, errors: withNotFound }),
    handler: (request) => markSent(db, requireUser(request), request.params.id, request.params.submissionId),
  });

  app.route({
    ...contractRoute(e2bApi.uploadE2BAck, {
      tags: TAG,
      summary: 'Carga el acuse de recibo (MCCI_IN200101UV01) del receptor: cada informe del lote queda ACK aceptado o ACK rechazado con el mensaje del receptor',
      description: 'El cuerpo es el archivo XML del acuse (Content-Type application/xml).',
      params: caseParams,
      errors: withNotFound,
    }),
    handler: (request) => {
      const body = request.body;
      if (!(body instanceof Buffer) || body.length === 0) throw badRequest(body instanceof Buffer ? MSG.e2bExport.ackEmpty : MSG.e2bExport.ackInvalid);
      return uploadAck(db, requireUser(request), request.params.id, body);
    },
  });
};
