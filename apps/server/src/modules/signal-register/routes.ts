import { signalDocumentFieldsSchema, signalDocumentParams, signalIdParams, signalRegisterApi } from '@atalaya/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { contractRoute } from '../../http/contract-route.js';
import { downloadRoute } from '../../http/download-route.js';
import { requireUser } from '../../http/route-access.js';
import { errorResponses, messageSchema } from '../../http/schemas.js';
import { multipartDoc, registerUploads, withSingleUpload } from '../storage/index.js';
import {
  addSignalNote,
  attachSignalDocument,
  changeSignalStatus,
  listResponsibles,
  listSignals,
  openSignal,
  reassignSignal,
  signalDetail,
  signalDocumentFile,
} from './service.js';

export interface SignalRegisterModuleOptions {
  db: Db;
}

const TAGS = ['Registro de señales'];
const withNotFound = { ...errorResponses, 404: messageSchema };
const writeErrors = { ...withNotFound, 409: messageSchema };

/**
 * Registro de señales (issue 32 §4, GVP IX; docs/signals.md 'Gestión de señales'): open a
 * drug × PT pair as a signal, list and read signals, change their status, add assessments,
 * comments and documents, reassign the responsible person. QPPV and CL; others 403.
 */
export const signalRegisterModule: FastifyPluginAsyncZod<SignalRegisterModuleOptions> = async (app, { db }) => {
  await registerUploads(app);

  app.route({
    ...contractRoute(signalRegisterApi.signalRegisterGet, {
      tags: TAGS,
      summary: 'Señales del registro, la apertura más reciente primero; filtros estado y responsable; páginas por cursor (Siguiente)',
      errors: errorResponses,
    }),
    handler: (request) => listSignals(db, requireUser(request), request.query),
  });

  app.route({
    ...contractRoute(signalRegisterApi.signalRegisterPost, {
      tags: TAGS,
      summary: "Abrir una señal para un par fármaco × PT con casos ('En evaluación'), con sus estadísticas al abrirla; un par con otra señal no cerrada: 409",
      errors: writeErrors,
    }),
    handler: (request) => openSignal(db, requireUser(request), request.body),
  });

  app.route({
    ...contractRoute(signalRegisterApi.signalRegisterResponsibles, {
      tags: TAGS,
      summary: 'Quiénes pueden ser responsables de una señal: los usuarios activos QPPV y CL',
      errors: errorResponses,
    }),
    handler: () => listResponsibles(db),
  });

  app.route({
    ...contractRoute(signalRegisterApi.signalRegisterDetail, {
      tags: TAGS,
      summary: 'Una señal: estadísticas al abrirla, historial (del más antiguo al más reciente), casos nuevos del par y estados a los que puede pasar',
      params: signalIdParams,
      errors: withNotFound,
    }),
    handler: (request) => signalDetail(db, requireUser(request), request.params.id),
  });

  app.route({
    ...contractRoute(signalRegisterApi.signalRegisterStatus, {
      tags: TAGS,
      summary: 'Cambiar el estado con un comentario: En evaluación → Validada, Refutada o Cerrada; Validada → Cerrada; Refutada → Cerrada (otros: 409)',
      params: signalIdParams,
      errors: writeErrors,
    }),
    handler: (request) => changeSignalStatus(db, requireUser(request), request.params.id, request.body),
  });

  app.route({
    ...contractRoute(signalRegisterApi.signalRegisterNotes, {
      tags: TAGS,
      summary: "Agregar una evaluación o un comentario a la señal (Tipo 'evaluacion' o 'comentario'); una señal cerrada: 409",
      params: signalIdParams,
      errors: writeErrors,
    }),
    handler: (request) => addSignalNote(db, requireUser(request), request.params.id, request.body),
  });

  app.route({
    ...contractRoute(signalRegisterApi.signalRegisterResponsible, {
      tags: TAGS,
      summary: 'Cambiar la persona responsable (un QPPV o CL activo), con un comentario opcional; una señal cerrada: 409',
      params: signalIdParams,
      errors: writeErrors,
    }),
    handler: (request) => reassignSignal(db, requireUser(request), request.params.id, request.body),
  });

  app.route({
    ...contractRoute(signalRegisterApi.signalRegisterDocuments, {
      tags: TAGS,
      summary: 'Adjuntar un documento a la señal (multipart: file, Descripcion); se guarda en el almacén de archivos de la aplicación',
      params: signalIdParams,
      errors: { ...writeErrors, 413: messageSchema, 415: messageSchema, 503: messageSchema },
      config: { rateLimit: app.resourceLimits.uploadRateLimit },
      // Documentation only: withSingleUpload reads the multipart body.
      multipart: multipartDoc(
        { Descripcion: 'Descripción del documento (opcional, hasta 4000 caracteres)', fileName: 'Nombre del archivo', extension: 'Extensión del archivo' },
        { required: true },
        signalDocumentFieldsSchema,
      ),
    }),
    handler: async (request) => {
      const user = requireUser(request);
      return withSingleUpload(request, (upload) => attachSignalDocument(db, user, request.params.id, upload));
    },
  });

  app.route(
    downloadRoute(signalRegisterApi.signalRegisterDocument, {
      tags: TAGS,
      summary: 'Descargar el documento de una entrada del historial de la señal',
      params: signalDocumentParams,
      errors: withNotFound,
      load: (request) => {
        requireUser(request);
        return signalDocumentFile(db, request.params.id, request.params.entryId);
      },
    }),
  );
};
