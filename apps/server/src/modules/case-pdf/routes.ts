import { caseMetaSchema, casePdfFileName, followUpEventSchema, followUpReportSchema, MSG, pdfHistoryItemSchema, type Role } from '@atalaya/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { attachmentDisposition } from '../../http/content-disposition.js';
import { requireUser } from '../../http/route-access.js';
import { errorResponses, messageSchema } from '../../http/schemas.js';
import { sendFile } from '../case-files/upload.js';
import { followUpEventsByReference, followUpFile, generateCasePdf, getFollowUpReport, listCasePdfs, PDF_MIME_TYPE, storedCasePdf } from './service.js';

export interface CasePdfModuleOptions {
  db: Db;
}

/** Everyone who works on cases reads them (within reach). */
const CASE_READERS: readonly Role[] = ['QPPV', 'RLF', 'CL', 'Fabricante'];

const TAG = ['PDF y seguimientos'];
const withNotFound = { ...errorResponses, 404: messageSchema };
const pdfResponse = {
  200: z.unknown().describe('Los bytes del PDF (application/pdf, Content-Disposition: attachment)'),
  ...withNotFound,
};

/** Largest id of a serial column. */
const MAX_SERIAL = 2_147_483_647;
const idParams = z.object({
  id: z.coerce
    .number({ error: MSG.referenceData.invalidId })
    .int({ error: MSG.referenceData.invalidId })
    .positive({ error: MSG.referenceData.invalidId })
    .max(MAX_SERIAL, { error: MSG.referenceData.invalidId }),
});
const metaParams = z.object({ id: caseMetaSchema });
const storedPdfParams = z.object({
  erId: caseMetaSchema,
  fileName: z.string({ error: MSG.pdf.notFound }).trim().min(1, MSG.pdf.notFound).max(300, MSG.pdf.notFound),
});
const referenceParams = z.object({
  reference: z.string({ error: MSG.lists.eventNotFound }).trim().min(1, MSG.lists.eventNotFound).max(64, MSG.lists.eventNotFound),
});

/** The case PDF and its history; follow-up reports and events read from the view (event spec §4, §9). */
export const casePdfModule: FastifyPluginAsyncZod<CasePdfModuleOptions> = async (app, { db }) => {
  app.route({
    method: 'GET',
    url: '/api/getERPDF/:id',
    config: { roles: CASE_READERS },
    schema: {
      tags: TAG,
      summary: 'Genera el PDF del evento reportable (formulario CIOMS I), lo guarda en el historial de PDFs y lo descarga como ER-{referencia}.pdf',
      description: 'No se permite en un evento Pendiente o Anulado (400).',
      params: metaParams,
      response: pdfResponse,
    },
    handler: async (request, reply) => {
      const pdf = await generateCasePdf(db, requireUser(request), request.params.id);
      return reply
        .code(200)
        .header('content-type', PDF_MIME_TYPE)
        .header('content-disposition', attachmentDisposition(casePdfFileName(pdf.referenceNumber)))
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pdf.bytes.buffer, pdf.bytes.byteOffset, pdf.bytes.byteLength));
    },
  });

  // The spec spells it with a trailing slash; both forms are accepted.
  for (const url of ['/api/getERPDF/:erId/:fileName/', '/api/getERPDF/:erId/:fileName']) {
    app.route({
      method: 'GET',
      url,
      config: { roles: CASE_READERS },
      schema: {
        tags: TAG,
        summary: 'Descarga un PDF ya generado del evento por su nombre guardado (listERPDF)',
        params: storedPdfParams,
        response: pdfResponse,
      },
      handler: async (request, reply) => sendFile(reply, await storedCasePdf(db, requireUser(request), request.params.erId, request.params.fileName)),
    });
  }

  app.route({
    method: 'GET',
    url: '/api/listERPDF/:id',
    config: { roles: CASE_READERS },
    schema: {
      tags: TAG,
      summary: 'Historial de PDFs del evento, del más reciente al más antiguo',
      params: metaParams,
      response: { 200: z.array(pdfHistoryItemSchema), ...withNotFound },
    },
    handler: (request) => listCasePdfs(db, requireUser(request), request.params.id),
  });

  app.route({
    method: 'GET',
    url: '/api/Seguimiento/:id',
    config: { roles: CASE_READERS },
    schema: {
      tags: TAG,
      summary: 'Un reporte de seguimiento (por su Id) con su evento de seguimiento y el comentario con que se creó',
      params: idParams,
      response: { 200: followUpReportSchema, ...withNotFound },
    },
    handler: (request) => getFollowUpReport(db, requireUser(request), request.params.id),
  });

  app.route({
    method: 'GET',
    url: '/api/downloadFollowUpById/:id',
    config: { roles: CASE_READERS },
    schema: { tags: TAG, summary: 'Descarga el archivo de un reporte de seguimiento', params: idParams, response: pdfResponse },
    handler: async (request, reply) => sendFile(reply, await followUpFile(db, requireUser(request), request.params.id)),
  });

  app.route({
    method: 'GET',
    url: '/api/getFollowUpEventsByReference/:reference',
    config: { roles: CASE_READERS },
    schema: {
      tags: TAG,
      summary: 'Eventos de seguimiento (EventType 3) del evento con ese NumeroReferencia, del más antiguo al más reciente',
      params: referenceParams,
      response: { 200: z.array(followUpEventSchema), ...withNotFound },
    },
    handler: (request) => followUpEventsByReference(db, requireUser(request), request.params.reference),
  });
};
