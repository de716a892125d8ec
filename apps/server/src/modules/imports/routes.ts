import { type ImportKind, importsApi, type UploadImportKind } from '@atalaya/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { contractRoute } from '../../http/contract-route.js';
import { downloadRoute } from '../../http/download-route.js';
import { requireUser } from '../../http/route-access.js';
import { errorResponses, messageSchema } from '../../http/schemas.js';
import { importCodeParams } from './codes.js';
import type { ImportEvents } from './events.js';
import { IMPORT_RUNNER_DEFAULTS } from './runner.js';
import { cancelImport, importDetail, importErrorReport, importList, type ImportServiceDeps, refuseWhileActive, startImport } from './service.js';
import { multipartDoc } from '../storage/index.js';
import { megabytes, registerImportUploads, withImportUpload } from './upload.js';

export interface ImportsModuleOptions {
  db: Db;
  events: ImportEvents;
  /** Largest file of an import (ATALAYA_IMPORT_MAX_BYTES). */
  maxBytes: number;
  /** When a running import counts as abandoned (the runner's `staleMs`). */
  staleMs?: number;
}

const TAGS = ['Importación de datos'];
const withNotFound = { ...errorResponses, 404: messageSchema };
const uploadErrors = { ...errorResponses, 409: messageSchema, 413: messageSchema, 415: messageSchema, 503: messageSchema };

/**
 * Importación de datos (platform spec §2, §3, §4, §5, §7; docs/adr/0014-import-jobs.md): the
 * uploads that queue an import, the panels' lists and details, cancel and the error report.
 * The work itself is the runner's (main.ts starts it).
 */
export const importsModule: FastifyPluginAsyncZod<ImportsModuleOptions> = async (app, options) => {
  const { db, events, maxBytes } = options;
  const deps: ImportServiceDeps = { db, events, log: app.log, staleMs: options.staleMs ?? IMPORT_RUNNER_DEFAULTS.staleMs };
  await registerImportUploads(app, maxBytes);

  function uploadRoute(kind: UploadImportKind, name: 'uploadmeddra' | 'uploaddata', summary: string, fields: Readonly<Record<string, string>>): void {
    app.route({
      ...contractRoute(importsApi[name], {
        tags: TAGS,
        summary,
        description: `Responde enseguida con la importación nueva (status P); el trabajo sigue en segundo plano. Hasta ${megabytes(maxBytes)} MB (ATALAYA_IMPORT_MAX_BYTES; más: 413). Otra importación del mismo tipo pendiente o en curso: 409.`,
        errors: uploadErrors,
        config: { rateLimit: app.resourceLimits.uploadRateLimit },
        // Documentation only: withImportUpload reads the multipart body.
        multipart: multipartDoc(fields, { required: true, maxBytes }, null),
      }),
      handler: async (request) => {
        const user = requireUser(request);
        // Refused before a byte of the body is read: a second import of the kind, or a body over the limit.
        await refuseWhileActive(db, kind);
        return withImportUpload(request, kind, maxBytes, (upload) => startImport(deps, user, kind, upload));
      },
    });
  }

  uploadRoute('meddra', 'uploadmeddra', 'Importar una versión de MedDRA (multipart: FileName, file = el .ZIP de la distribución, password opcional)', {
    FileName: 'Nombre del archivo (.zip)',
    password: 'Contraseña del .ZIP (opcional)',
  });
  uploadRoute('data', 'uploaddata', 'Importar el catálogo de productos (multipart: FileName, file = .xlsx o .csv)', {
    FileName: 'Nombre del archivo (.xlsx o .csv)',
  });

  function listRoutes(kind: ImportKind, list: 'getmeddraimport' | 'getdataimport', detail: 'getmeddraimportcode' | 'getdataimportcode', what: string): void {
    app.route({
      ...contractRoute(importsApi[list], { tags: TAGS, summary: `Las importaciones de ${what}, la más reciente primero (hasta 50), con sus tablas`, errors: errorResponses }),
      handler: () => importList(db, kind),
    });
    app.route({
      ...contractRoute(importsApi[detail], {
        tags: TAGS,
        summary: `Una importación de ${what} por su code_import, con sus tablas`,
        params: importCodeParams,
        errors: withNotFound,
      }),
      handler: (request) => importDetail(db, kind, request.params.code),
    });
  }

  listRoutes('meddra', 'getmeddraimport', 'getmeddraimportcode', 'MedDRA');
  listRoutes('data', 'getdataimport', 'getdataimportcode', 'productos');

  app.route({
    ...contractRoute(importsApi.cancelimport, {
      tags: TAGS,
      summary: 'Cancelar una importación: pendiente, queda C enseguida; en curso, se detiene y queda C; ya terminada: 409',
      params: importCodeParams,
      errors: { ...withNotFound, 409: messageSchema },
    }),
    handler: (request) => cancelImport(deps, requireUser(request), request.params.code),
  });

  app.route(
    downloadRoute(importsApi.getimporterrors, {
      tags: TAGS,
      summary: 'El informe de errores de una importación (CSV UTF-8 con BOM, separado por ;): el motivo, y Hoja;Fila;Columna;Mensaje por cada error de fila',
      params: importCodeParams,
      answer: 'Los bytes del CSV (text/csv, Content-Disposition: attachment)',
      errors: withNotFound,
      load: async (request) => {
        const report = await importErrorReport(db, request.params.code);
        return { fileName: report.fileName, contentType: 'text/csv; charset=utf-8', body: report.bytes };
      },
    }),
  );
};
