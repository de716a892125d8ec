import { IMPORT_PATHS, importEntrySchema, type ImportKind, type UploadImportKind, importListSchema } from '@atalaya/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { attachmentDisposition } from '../../http/content-disposition.js';
import { requireUser } from '../../http/route-access.js';
import { errorResponses, messageSchema } from '../../http/schemas.js';
import { importCodeParams } from './codes.js';
import type { ImportEvents } from './events.js';
import { IMPORT_RUNNER_DEFAULTS } from './runner.js';
import { cancelImport, importDetail, importErrorReport, importList, type ImportServiceDeps, refuseWhileActive, startImport } from './service.js';
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
const MULTIPART = ['multipart/form-data'];
const withNotFound = { ...errorResponses, 404: messageSchema };
const uploadErrors = { ...errorResponses, 409: messageSchema, 413: messageSchema, 415: messageSchema, 503: messageSchema };

/** The OpenAPI description of an import's multipart body (read by `withImportUpload`, never parsed into `request.body`). */
function uploadDoc(fields: Readonly<Record<string, string>>, maxBytes: number) {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, description] of Object.entries(fields)) shape[name] = z.string().optional().describe(description);
  shape.file = z.string().meta({ format: 'binary' }).describe(`El archivo (uno, de hasta ${maxBytes} bytes)`);
  return z.preprocess(() => undefined, z.object(shape).optional());
}

/**
 * Importación de datos (platform spec §2, §3, §4, §5, §7; docs/adr/0014-import-jobs.md): the
 * uploads that queue an import, the panels' lists and details, cancel and the error report.
 * The work itself is the runner's (main.ts starts it).
 */
export const importsModule: FastifyPluginAsyncZod<ImportsModuleOptions> = async (app, options) => {
  const { db, events, maxBytes } = options;
  const deps: ImportServiceDeps = { db, events, log: app.log, staleMs: options.staleMs ?? IMPORT_RUNNER_DEFAULTS.staleMs };
  await registerImportUploads(app, maxBytes);

  function uploadRoute(kind: UploadImportKind, url: string, summary: string, fields: Readonly<Record<string, string>>): void {
    app.route({
      method: 'POST',
      url: `/api/${url}`,
      config: { permission: 'import.run', rateLimit: app.resourceLimits.uploadRateLimit },
      schema: {
        tags: TAGS,
        summary,
        description: `Responde enseguida con la importación nueva (status P); el trabajo sigue en segundo plano. Hasta ${megabytes(maxBytes)} MB (ATALAYA_IMPORT_MAX_BYTES; más: 413). Otra importación del mismo tipo pendiente o en curso: 409.`,
        consumes: MULTIPART,
        body: uploadDoc(fields, maxBytes),
        response: { 200: importEntrySchema, ...uploadErrors },
      },
      handler: async (request) => {
        const user = requireUser(request);
        // Refused before a byte of the body is read: a second import of the kind, or a body over the limit.
        await refuseWhileActive(db, kind);
        return withImportUpload(request, kind, maxBytes, (upload) => startImport(deps, user, kind, upload));
      },
    });
  }

  uploadRoute('meddra', IMPORT_PATHS.meddraUpload, 'Importar una versión de MedDRA (multipart: FileName, file = el .ZIP de la distribución, password opcional)', {
    FileName: 'Nombre del archivo (.zip)',
    password: 'Contraseña del .ZIP (opcional)',
  });
  uploadRoute('data', IMPORT_PATHS.dataUpload, 'Importar el catálogo de productos (multipart: FileName, file = .xlsx o .csv)', {
    FileName: 'Nombre del archivo (.xlsx o .csv)',
  });

  function listRoutes(kind: ImportKind, list: string, detail: string, what: string): void {
    app.route({
      method: 'GET',
      url: `/api/${list}`,
      config: { permission: 'import.run' },
      schema: { tags: TAGS, summary: `Las importaciones de ${what}, la más reciente primero (hasta 50), con sus tablas`, response: { 200: importListSchema, ...errorResponses } },
      handler: () => importList(db, kind),
    });
    app.route({
      method: 'GET',
      url: `/api/${detail}/:code`,
      config: { permission: 'import.run' },
      schema: { tags: TAGS, summary: `Una importación de ${what} por su code_import, con sus tablas`, params: importCodeParams, response: { 200: importEntrySchema, ...withNotFound } },
      handler: (request) => importDetail(db, kind, request.params.code),
    });
  }

  listRoutes('meddra', IMPORT_PATHS.meddraList, IMPORT_PATHS.meddraDetail, 'MedDRA');
  listRoutes('data', IMPORT_PATHS.dataList, IMPORT_PATHS.dataDetail, 'productos');

  app.route({
    method: 'POST',
    url: `/api/${IMPORT_PATHS.cancel}/:code`,
    config: { permission: 'import.run' },
    schema: {
      tags: TAGS,
      summary: 'Cancelar una importación: pendiente, queda C enseguida; en curso, se detiene y queda C; ya terminada: 409',
      params: importCodeParams,
      response: { 200: importEntrySchema, ...withNotFound, 409: messageSchema },
    },
    handler: (request) => cancelImport(deps, requireUser(request), request.params.code),
  });

  app.route({
    method: 'GET',
    url: `/api/${IMPORT_PATHS.errorReport}/:code`,
    config: { permission: 'import.run' },
    schema: {
      tags: TAGS,
      summary: 'El informe de errores de una importación (CSV UTF-8 con BOM, separado por ;): el motivo, y Hoja;Fila;Columna;Mensaje por cada error de fila',
      params: importCodeParams,
      response: { 200: z.unknown().describe('Los bytes del CSV (text/csv, Content-Disposition: attachment)'), ...withNotFound },
    },
    handler: async (request, reply) => {
      const report = await importErrorReport(db, request.params.code);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', attachmentDisposition(report.fileName))
        .header('Cache-Control', 'private, no-store')
        .send(report.bytes);
    },
  });
};
