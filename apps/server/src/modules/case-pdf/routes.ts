import { casePdfApi, casePdfFileName, ciomsPdfFileName, MSG } from '@atalaya/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { caseMetaParam } from '../../http/case-routes.js';
import { contractRoute } from '../../http/contract-route.js';
import { downloadRoute, PDF_BYTES } from '../../http/download-route.js';
import { requireUser } from '../../http/route-access.js';
import { errorResponses, messageSchema } from '../../http/schemas.js';
import { generateCiomsPdf } from './cioms.js';
import { generateCasePdf, listCasePdfs, PDF_MIME_TYPE, storedCasePdf } from './service.js';

export interface CasePdfModuleOptions {
  db: Db;
}

const TAG = ['PDF y seguimientos'];
const withNotFound = { ...errorResponses, 404: messageSchema };

const metaParams = z.object({ id: caseMetaParam });
const storedPdfParams = z.object({
  erId: caseMetaParam,
  fileName: z.string({ error: MSG.pdf.notFound }).trim().min(1, MSG.pdf.notFound).max(300, MSG.pdf.notFound),
});

/** The case PDF and its history (event spec §4, §9). */
export const casePdfModule: FastifyPluginAsyncZod<CasePdfModuleOptions> = async (app, { db }) => {
  app.route(
    downloadRoute(casePdfApi.getERPDF, {
      tags: TAG,
      summary: 'Genera el PDF del evento reportable (formulario CIOMS I), lo guarda en el historial de PDFs y lo descarga como ER-{referencia}.pdf',
      description: 'No se permite en un evento Pendiente o Anulado (400).',
      params: metaParams,
      answer: PDF_BYTES,
      errors: withNotFound,
      // Each call may render and store a PDF: limited per user (issue 15 §5).
      config: { rateLimit: app.resourceLimits.pdfRateLimit },
      load: async (request) => {
        const pdf = await generateCasePdf(db, requireUser(request), request.params.id);
        return { fileName: casePdfFileName(pdf.referenceNumber), contentType: PDF_MIME_TYPE, body: pdf.bytes };
      },
    }),
  );

  app.route(
    downloadRoute(casePdfApi.getERCIOMS, {
      tags: TAG,
      summary: 'Genera el formulario CIOMS I del evento reportable (casillas 1 a 25 y páginas de continuación, con los datos del ICSR E2B(R3)) y lo descarga como CIOMS-{referencia}.pdf',
      description: 'No se guarda en el historial de PDFs; cada descarga queda en la auditoría. No se permite en un evento Pendiente o Anulado (400).',
      params: metaParams,
      answer: PDF_BYTES,
      errors: withNotFound,
      // As getERPDF: each call renders a PDF, limited per user.
      config: { rateLimit: app.resourceLimits.pdfRateLimit },
      load: async (request) => {
        const pdf = await generateCiomsPdf(db, requireUser(request), request.params.id);
        return { fileName: ciomsPdfFileName(pdf.referenceNumber), contentType: PDF_MIME_TYPE, body: pdf.bytes };
      },
    }),
  );

  // The spec spells it with a trailing slash; the form without it is accepted too.
  const storedSummary = 'Descarga un PDF ya generado del evento por su nombre guardado (listERPDF)';
  for (const stored of [casePdfApi.getERPDFStored, casePdfApi.getERPDFStoredNoSlash]) {
    app.route(
      downloadRoute(stored, {
        tags: TAG,
        summary: storedSummary,
        params: storedPdfParams,
        answer: PDF_BYTES,
        errors: withNotFound,
        load: (request) => storedCasePdf(db, requireUser(request), request.params.erId, request.params.fileName),
      }),
    );
  }

  app.route({
    ...contractRoute(casePdfApi.listERPDF, {
      tags: TAG,
      summary: 'Historial de PDFs del evento, del más reciente al más antiguo',
      params: metaParams,
      errors: withNotFound,
    }),
    handler: (request) => listCasePdfs(db, requireUser(request), request.params.id),
  });
};
