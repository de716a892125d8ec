import {
  erDocumentSchema,
  medicalContactFileResultSchema,
  okResultSchema,
  originFileResultSchema,
  RATE_LIMITS,
  signedDocumentDeleteBodySchema,
} from '@atalaya/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { metaParams } from '../../http/case-routes.js';
import { requireUser } from '../../http/route-access.js';
import { errorResponses, messageSchema } from '../../http/schemas.js';
import { idParams } from './schemas.js';
import {
  attachMedicalContactFile,
  attachOriginFile,
  deleteDocument,
  documentFile,
  listDocuments,
  medicalContactFile,
  originFile,
  saveDocument,
} from './service.js';
import { fileDownloadRoute } from './download.js';
import { multipartDoc, registerUploads, withSingleUpload } from './upload.js';

export interface FilesModuleOptions {
  db: Db;
}

const TAG = ['Documentos y archivos'];
const MULTIPART = ['multipart/form-data'];
const withNotFound = { ...errorResponses, 404: messageSchema };
const uploadErrors = { ...withNotFound, 413: messageSchema, 415: messageSchema, 503: messageSchema };

/**
 * Documents and notes of a case, the origin report's file and the medical contact's file:
 * uploads (multipart, one file, checked before storing) and downloads (issue 5 §3, §6).
 */
export const filesModule: FastifyPluginAsyncZod<FilesModuleOptions> = async (app, { db }) => {
  await registerUploads(app);

  app.route({
    method: 'GET',
    url: '/api/getDocsAndNotesByMeta/:meta',
    config: { permission: 'case.read' },
    schema: {
      tags: TAG,
      summary: 'Documentos y notas de un evento reportable (sin los eliminados), del más reciente al más antiguo',
      params: metaParams,
      response: { 200: z.array(erDocumentSchema), ...withNotFound },
    },
    handler: (request) => listDocuments(db, requireUser(request), request.params.meta),
  });

  app.route({
    method: 'POST',
    url: '/api/uploadDocAndNotes',
    config: { permission: 'caseDocuments.write', rateLimit: app.resourceLimits.uploadRateLimit },
    schema: {
      tags: TAG,
      summary: 'Agregar o modificar un documento o nota (multipart: id, extension, fileName, action, note, idEr, tipoId, file)',
      description:
        "action 'insert' y 'update' siguen la regla de edición del asistente; 'insertPostCreated' (desde la vista del evento) admite cualquier estado salvo Anulado. Un archivo opcional de hasta 20.000.000 bytes.",
      consumes: MULTIPART,
      body: multipartDoc(
        {
          id: 'Id del documento o nota (solo update)',
          extension: 'Extensión del archivo',
          fileName: 'Nombre del archivo',
          action: "'insert' | 'update' | 'insertPostCreated'",
          note: 'La nota (requerida, hasta 2000 caracteres)',
          idEr: 'Meta del evento reportable',
          tipoId: 'Id de NotasArchivosTipo (opcional)',
        },
        { required: false },
      ),
      response: { 200: okResultSchema, ...uploadErrors },
    },
    handler: async (request) => {
      const user = requireUser(request);
      await withSingleUpload(request, (upload) => saveDocument(db, user, upload));
      return { Message: 'OK' as const };
    },
  });

  app.route({
    method: 'POST',
    url: '/api/deleteDocAndNotes',
    // Each call checks a password: limited like the sign-in.
    config: { permission: 'caseDocuments.write', rateLimit: RATE_LIMITS.write },
    schema: {
      tags: TAG,
      summary: 'Eliminar un documento o nota con un comentario y la firma electrónica del usuario (queda registrado; el evento no puede estar Anulado)',
      body: signedDocumentDeleteBodySchema,
      response: { 200: okResultSchema, ...withNotFound },
    },
    handler: async (request) => {
      await deleteDocument(db, requireUser(request), request.body, request.ip);
      return { Message: 'OK' as const };
    },
  });

  app.route({
    method: 'POST',
    url: '/api/uploadFileOriginReport',
    config: { permission: 'case.write', rateLimit: app.resourceLimits.uploadRateLimit },
    schema: {
      tags: TAG,
      summary: 'Adjuntar el documento de origen del reporte (multipart: Id = Meta del evento, Extension, FileName, file)',
      consumes: MULTIPART,
      body: multipartDoc({ Id: 'Meta del evento reportable', Extension: 'Extensión del archivo', FileName: 'Nombre del archivo' }, { required: true }),
      response: { 200: originFileResultSchema, ...uploadErrors },
    },
    handler: async (request) => {
      const user = requireUser(request);
      return withSingleUpload(request, (upload) => attachOriginFile(db, user, upload));
    },
  });

  app.route({
    method: 'POST',
    url: '/api/uploadFileContactoMedico',
    config: { permission: 'case.write', rateLimit: app.resourceLimits.uploadRateLimit },
    schema: {
      tags: TAG,
      summary: 'Adjuntar un archivo al contacto médico (multipart: Id del contacto, ExtensionArchivo, NombreArchivo, file)',
      consumes: MULTIPART,
      body: multipartDoc({ Id: 'Id del contacto médico', ExtensionArchivo: 'Extensión del archivo', NombreArchivo: 'Nombre del archivo' }, { required: true }),
      response: { 200: medicalContactFileResultSchema, ...uploadErrors },
    },
    handler: async (request) => {
      const user = requireUser(request);
      return withSingleUpload(request, (upload) => attachMedicalContactFile(db, user, upload));
    },
  });

  fileDownloadRoute(app, {
    url: '/api/downloadOriginReportById/:meta',
    tags: TAG,
    summary: 'Descargar el documento de origen de un evento reportable',
    params: metaParams,
    load: (user, params) => originFile(db, user, params.meta),
  });

  fileDownloadRoute(app, {
    url: '/api/downloadDocAndNotesById/:id',
    tags: TAG,
    summary: 'Descargar el archivo de un documento o nota',
    params: idParams,
    load: (user, params) => documentFile(db, user, params.id),
  });

  fileDownloadRoute(app, {
    url: '/api/downloadFileContactoMedicoById/:id',
    tags: TAG,
    summary: 'Descargar el archivo del contacto médico',
    params: idParams,
    load: (user, params) => medicalContactFile(db, user, params.id),
  });
};
