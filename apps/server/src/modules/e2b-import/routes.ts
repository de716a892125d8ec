import { e2bImportApi } from '@atalaya/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { contractRoute } from '../../http/contract-route.js';
import { downloadRoute } from '../../http/download-route.js';
import { requireUser } from '../../http/route-access.js';
import { errorResponses, messageSchema } from '../../http/schemas.js';
import { type ImportEvents, importCodeParams, IMPORT_RUNNER_DEFAULTS, refuseWhileActive, registerImportUploads, startImport, withImportUpload } from '../imports/index.js';
import { multipartDoc } from '../storage/index.js';
import { confirmE2bImport, e2bAck, e2bImportEntry, e2bImportReportsOf, listE2bImports } from './service.js';

export interface E2bImportModuleOptions {
  db: Db;
  events: ImportEvents;
  /** Largest file of an import (ATALAYA_IMPORT_MAX_BYTES); the reader refuses a batch over 40 MiB besides. */
  maxBytes: number;
  staleMs?: number;
}

const TAGS = ['Importación de datos'];
const withNotFound = { ...errorResponses, 404: messageSchema };

/** Importación de datos, E2B(R3) (issue 29 §4): upload, the preview, the confirmation, our ACK. */
export const e2bImportModule: FastifyPluginAsyncZod<E2bImportModuleOptions> = async (app, options) => {
  const { db, events, maxBytes } = options;
  const deps = { db, events, log: app.log, staleMs: options.staleMs ?? IMPORT_RUNNER_DEFAULTS.staleMs };
  await registerImportUploads(app, maxBytes);

  app.route({
    ...contractRoute(e2bImportApi.uploade2b, {
      tags: TAGS,
      summary: 'Importar un lote E2B(R3) (multipart: FileName, file = el .XML): se lee en segundo plano y queda una vista previa para confirmar',
      description:
        'Responde enseguida con la importación nueva (status P). El trabajo lee el lote (con el esquema ICH cuando ATALAYA_E2B_XSD_DIR está configurado) y termina S con la vista previa (gete2bimportreports) o E con el motivo y la línea. Otra importación E2B pendiente o en curso: 409.',
      errors: { ...errorResponses, 409: messageSchema, 413: messageSchema, 415: messageSchema, 503: messageSchema },
      config: { rateLimit: app.resourceLimits.uploadRateLimit },
      // Documentation only: withImportUpload reads the multipart body.
      multipart: multipartDoc({ FileName: 'Nombre del archivo (.xml)' }, { required: true, description: 'El lote E2B(R3) (MCCI_IN200100UV01)' }, null),
    }),
    handler: async (request) => {
      const user = requireUser(request);
      await refuseWhileActive(db, 'e2b');
      return withImportUpload(request, 'e2b', maxBytes, (upload) => startImport(deps, user, 'e2b', upload));
    },
  });

  app.route({
    ...contractRoute(e2bImportApi.gete2bimport, { tags: TAGS, summary: 'Las importaciones E2B(R3), la más reciente primero (un RLF: las suyas)', errors: errorResponses }),
    handler: (request) => listE2bImports(db, requireUser(request)),
  });

  app.route({
    ...contractRoute(e2bImportApi.gete2bimportcode, { tags: TAGS, summary: 'Una importación E2B(R3) por su code_import (su progreso)', params: importCodeParams, errors: withNotFound }),
    handler: (request) => e2bImportEntry(db, requireUser(request), request.params.code),
  });

  app.route({
    ...contractRoute(e2bImportApi.gete2bimportreports, {
      tags: TAGS,
      summary: 'La vista previa de una importación E2B(R3): cada informe como se entendió, lo no mapeado, los códigos MedDRA que faltan; tras confirmar, en qué se convirtió',
      params: importCodeParams,
      errors: withNotFound,
    }),
    handler: (request) => e2bImportReportsOf(db, requireUser(request), request.params.code),
  });

  app.route({
    ...contractRoute(e2bImportApi.confirme2bimport, {
      tags: TAGS,
      summary: 'Confirmar una importación E2B(R3) leída: sus informes pasan a la bandeja de entrada (inbox) o a casos históricos (historic), todo o nada, con el acuse de recibo',
      params: importCodeParams,
      errors: { ...withNotFound, 409: messageSchema },
    }),
    handler: (request) => confirmE2bImport(db, requireUser(request), request.params.code, request.body),
  });

  app.route(
    downloadRoute(e2bImportApi.gete2back, {
      tags: TAGS,
      summary: 'Nuestro acuse de recibo (MCCI_IN200101UV01) de una importación E2B(R3) confirmada, para el remitente',
      params: importCodeParams,
      answer: 'El XML (application/xml, Content-Disposition: attachment)',
      errors: withNotFound,
      load: async (request) => {
        const ack = await e2bAck(db, requireUser(request), request.params.code);
        return { fileName: ack.fileName, contentType: 'application/xml; charset=utf-8', body: ack.xml };
      },
    }),
  );
};
