import { filesApi, RATE_LIMITS } from '@atalaya/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { metaParams } from '../../http/case-routes.js';
import { contractRoute } from '../../http/contract-route.js';
import { downloadRoute } from '../../http/download-route.js';
import { requireUser } from '../../http/route-access.js';
import { errorResponses, messageSchema } from '../../http/schemas.js';
import { documentUploadFieldsSchema, idParams, medicalContactUploadFieldsSchema, originUploadFieldsSchema } from './schemas.js';
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
import { multipartDoc, registerUploads, withSingleUpload } from '../storage/index.js';

export interface FilesModuleOptions {
  db: Db;
}

const TAG = ['Documentos y archivos'];
const withNotFound = { ...errorResponses, 404: messageSchema };
const uploadErrors = { ...withNotFound, 413: messageSchema, 415: messageSchema, 503: messageSchema };

/**
 * Documents and notes of a case, the origin report's file and the medical contact's file:
 * uploads (multipart, one file, checked before storing) and downloads (issue 5 §3, §6).
 */
export const filesModule: FastifyPluginAsyncZod<FilesModuleOptions> = async (app, { db }) => {
  await registerUploads(app);

  app.route({
    ...contractRoute(filesApi.getDocsAndNotesByMeta, {
      tags: TAG,
      summary: 'Documentos y notas de un evento reportable (sin los eliminados), del más reciente al más antiguo',
      params: metaParams,
      errors: withNotFound,
    }),
    handler: (request) => listDocuments(db, requireUser(request), request.params.meta),
  });

  app.route({
    ...contractRoute(filesApi.uploadDocAndNotes, {
      tags: TAG,
      summary: 'Agregar o modificar un documento o nota (multipart: id, extension, fileName, action, note, idEr, tipoId, file)',
      description:
        "action 'insert' y 'update' siguen la regla de edición del asistente; 'insertPostCreated' (desde la vista del evento) admite cualquier estado salvo Anulado. Un archivo opcional de hasta 20.000.000 bytes.",
      errors: uploadErrors,
      config: { rateLimit: app.resourceLimits.uploadRateLimit },
      multipart: multipartDoc(
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
        documentUploadFieldsSchema,
      ),
    }),
    handler: async (request) => {
      const user = requireUser(request);
      await withSingleUpload(request, (upload) => saveDocument(db, user, upload));
      return { Message: 'OK' as const };
    },
  });

  app.route({
    ...contractRoute(filesApi.deleteDocAndNotes, {
      tags: TAG,
      summary: 'Eliminar un documento o nota con un comentario y la firma electrónica del usuario (queda registrado; el evento no puede estar Anulado)',
      errors: withNotFound,
      // Each call checks a password: limited like the sign-in.
      config: { rateLimit: RATE_LIMITS.write },
    }),
    handler: async (request) => {
      await deleteDocument(db, requireUser(request), request.body, request.ip);
      return { Message: 'OK' as const };
    },
  });

  app.route({
    ...contractRoute(filesApi.uploadFileOriginReport, {
      tags: TAG,
      summary: 'Adjuntar el documento de origen del reporte (multipart: Id = Meta del evento, Extension, FileName, file)',
      errors: uploadErrors,
      config: { rateLimit: app.resourceLimits.uploadRateLimit },
      multipart: multipartDoc({ Id: 'Meta del evento reportable', Extension: 'Extensión del archivo', FileName: 'Nombre del archivo' }, { required: true }, originUploadFieldsSchema),
    }),
    handler: async (request) => {
      const user = requireUser(request);
      return withSingleUpload(request, (upload) => attachOriginFile(db, user, upload));
    },
  });

  app.route({
    ...contractRoute(filesApi.uploadFileContactoMedico, {
      tags: TAG,
      summary: 'Adjuntar un archivo al contacto médico (multipart: Id del contacto, ExtensionArchivo, NombreArchivo, file)',
      errors: uploadErrors,
      config: { rateLimit: app.resourceLimits.uploadRateLimit },
      multipart: multipartDoc(
        { Id: 'Id del contacto médico', ExtensionArchivo: 'Extensión del archivo', NombreArchivo: 'Nombre del archivo' },
        { required: true },
        medicalContactUploadFieldsSchema,
      ),
    }),
    handler: async (request) => {
      const user = requireUser(request);
      return withSingleUpload(request, (upload) => attachMedicalContactFile(db, user, upload));
    },
  });

  // Downloads: the file's bytes (the contract's `returns: 'blob'`), as stored.
  app.route(
    downloadRoute(filesApi.downloadOriginReportById, {
      tags: TAG,
      summary: 'Descargar el documento de origen de un evento reportable',
      params: metaParams,
      errors: withNotFound,
      load: (request) => originFile(db, requireUser(request), request.params.meta),
    }),
  );

  app.route(
    downloadRoute(filesApi.downloadDocAndNotesById, {
      tags: TAG,
      summary: 'Descargar el archivo de un documento o nota',
      params: idParams,
      errors: withNotFound,
      load: (request) => documentFile(db, requireUser(request), request.params.id),
    }),
  );

  app.route(
    downloadRoute(filesApi.downloadFileContactoMedicoById, {
      tags: TAG,
      summary: 'Descargar el archivo del contacto médico',
      params: idParams,
      errors: withNotFound,
      load: (request) => medicalContactFile(db, requireUser(request), request.params.id),
    }),
  );
};
