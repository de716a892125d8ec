import {
  openSignalSchema,
  signalDetailSchema,
  signalDocumentParams,
  signalIdParams,
  signalListQuerySchema,
  signalListSchema,
  signalNoteSchema,
  signalReassignSchema,
  signalResponsiblesSchema,
  signalStatusChangeSchema,
} from '@atalaya/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { requireUser } from '../../http/route-access.js';
import { errorResponses, messageSchema } from '../../http/schemas.js';
import { fileDownloadRoute, multipartDoc, registerUploads, withSingleUpload } from '../files/index.js';
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
  const permission = 'signalRegister.use';

  app.route({
    method: 'GET',
    url: '/api/signal-register',
    config: { permission },
    schema: {
      tags: TAGS,
      summary: 'Señales del registro, la apertura más reciente primero; filtros estado y responsable; páginas por cursor (Siguiente)',
      querystring: signalListQuerySchema,
      response: { 200: signalListSchema, ...errorResponses },
    },
    handler: (request) => listSignals(db, requireUser(request), request.query),
  });

  app.route({
    method: 'POST',
    url: '/api/signal-register',
    config: { permission },
    schema: {
      tags: TAGS,
      summary: "Abrir una señal para un par fármaco × PT con casos ('En evaluación'), con sus estadísticas al abrirla; un par con otra señal no cerrada: 409",
      body: openSignalSchema,
      response: { 200: signalDetailSchema, ...writeErrors },
    },
    handler: (request) => openSignal(db, requireUser(request), request.body),
  });

  app.route({
    method: 'GET',
    url: '/api/signal-register/responsibles',
    config: { permission },
    schema: {
      tags: TAGS,
      summary: 'Quiénes pueden ser responsables de una señal: los usuarios activos QPPV y CL',
      response: { 200: signalResponsiblesSchema, ...errorResponses },
    },
    handler: () => listResponsibles(db),
  });

  app.route({
    method: 'GET',
    url: '/api/signal-register/:id',
    config: { permission },
    schema: {
      tags: TAGS,
      summary: 'Una señal: estadísticas al abrirla, historial (del más antiguo al más reciente), casos nuevos del par y estados a los que puede pasar',
      params: signalIdParams,
      response: { 200: signalDetailSchema, ...withNotFound },
    },
    handler: (request) => signalDetail(db, requireUser(request), request.params.id),
  });

  app.route({
    method: 'POST',
    url: '/api/signal-register/:id/status',
    config: { permission },
    schema: {
      tags: TAGS,
      summary: 'Cambiar el estado con un comentario: En evaluación → Validada, Refutada o Cerrada; Validada → Cerrada; Refutada → Cerrada (otros: 409)',
      params: signalIdParams,
      body: signalStatusChangeSchema,
      response: { 200: signalDetailSchema, ...writeErrors },
    },
    handler: (request) => changeSignalStatus(db, requireUser(request), request.params.id, request.body),
  });

  app.route({
    method: 'POST',
    url: '/api/signal-register/:id/notes',
    config: { permission },
    schema: {
      tags: TAGS,
      summary: "Agregar una evaluación o un comentario a la señal (Tipo 'evaluacion' o 'comentario'); una señal cerrada: 409",
      params: signalIdParams,
      body: signalNoteSchema,
      response: { 200: signalDetailSchema, ...writeErrors },
    },
    handler: (request) => addSignalNote(db, requireUser(request), request.params.id, request.body),
  });

  app.route({
    method: 'POST',
    url: '/api/signal-register/:id/responsible',
    config: { permission },
    schema: {
      tags: TAGS,
      summary: 'Cambiar la persona responsable (un QPPV o CL activo), con un comentario opcional; una señal cerrada: 409',
      params: signalIdParams,
      body: signalReassignSchema,
      response: { 200: signalDetailSchema, ...writeErrors },
    },
    handler: (request) => reassignSignal(db, requireUser(request), request.params.id, request.body),
  });

  app.route({
    method: 'POST',
    url: '/api/signal-register/:id/documents',
    config: { permission, rateLimit: app.resourceLimits.uploadRateLimit },
    schema: {
      tags: TAGS,
      summary: 'Adjuntar un documento a la señal (multipart: file, Descripcion); se guarda en el almacén de archivos de la aplicación',
      consumes: ['multipart/form-data'],
      params: signalIdParams,
      body: multipartDoc({ Descripcion: 'Descripción del documento (opcional, hasta 4000 caracteres)', fileName: 'Nombre del archivo', extension: 'Extensión del archivo' }, { required: true }),
      response: { 200: signalDetailSchema, ...writeErrors, 413: messageSchema, 415: messageSchema, 503: messageSchema },
    },
    handler: async (request) => {
      const user = requireUser(request);
      return withSingleUpload(request, (upload) => attachSignalDocument(db, user, request.params.id, upload));
    },
  });

  fileDownloadRoute(app, {
    url: '/api/signal-register/:id/documents/:entryId',
    tags: TAGS,
    summary: 'Descargar el documento de una entrada del historial de la señal',
    params: signalDocumentParams,
    permission,
    load: (_user, params) => signalDocumentFile(db, params.id, params.entryId),
  });
};
