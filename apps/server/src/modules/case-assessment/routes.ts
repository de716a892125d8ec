import {
  erMedicationSchema,
  erRamSchema,
  type Permission,
  evaluationSchema,
  recoveryBodySchema,
  setEvaluationBodySchema,
  setWhoUmcBodySchema,
  updateRamRequestSchema,
  whoUmcAssessmentSchema,
} from '@atalaya/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { metaParams } from '../../http/case-routes.js';
import { requireUser } from '../../http/route-access.js';
import { errorResponses, messageSchema } from '../../http/schemas.js';
import { fileDownloadRoute, multipartDoc, registerUploads, withSingleUpload } from '../files/index.js';
import { updateRam } from '../case-medications/index.js';
import { getEvaluation, setEvaluation } from './evaluation.js';
import { attachNotificationFile, classifyRam, type NotificationKind, notificationFile } from './ram-classification.js';
import { attachRecoveryFile, recoveryFile, saveRecovery } from './recovery.js';
import { medicationIdParams, ramIdParams } from './schemas.js';
import { getWhoUmc, setWhoUmc } from './who-umc.js';

export interface CaseAssessmentModuleOptions {
  db: Db;
}

const RAM_TAG = ['Eventos adversos'];
const RECOVERY_TAG = ['Recuperación de producto'];
const MULTIPART = ['multipart/form-data'];
const withNotFound = { ...errorResponses, 404: messageSchema };
const uploadErrors = { ...withNotFound, 413: messageSchema, 415: messageSchema, 503: messageSchema };
const uploadFields = { Id: 'Id del registro', Extension: 'Extensión del archivo', FileName: 'Nombre del archivo' };

const NOTIFICATION_ROUTES: readonly { kind: NotificationKind; upload: string; download: string; what: string; permission: Permission }[] = [
  {
    kind: 'local',
    permission: 'case.write',
    upload: '/api/uploadFileLocalSanitaryNotificaction',
    download: '/api/downloadFileLocalSanitaryNotificactionById/:ramId',
    what: 'la notificación a la autoridad sanitaria local',
  },
  {
    kind: 'provider',
    // Only a QPPV records the provider's notification (canEditProviderNotification): declared here so that an RLF is refused at the door, whatever the adverse event.
    permission: 'providerNotification.write',
    upload: '/api/uploadFileProviderNotification',
    download: '/api/downloadFileProviderNotificationById/:ramId',
    what: 'la notificación al proveedor (solo QPPV)',
  },
];

/**
 * The assessment of a sent case from the event view: the RAM tab's classification and
 * notifications of each adverse event, the Recuperacion tab's product recovery and the
 * Imputabilidad tab's Naranjo evaluation and WHO-UMC causality (event spec §3, §5, §6, §7; docs/causality.md). updateRAM lives here because the same call carries either the
 * wizard's fields (handed to case-medications) or the classification.
 */
export const caseAssessmentModule: FastifyPluginAsyncZod<CaseAssessmentModuleOptions> = async (app, { db }) => {
  await registerUploads(app);

  app.route({
    method: 'POST',
    url: '/api/updateRAM',
    config: { permission: 'case.write' },
    schema: {
      tags: RAM_TAG,
      summary:
        'Modifica un evento adverso: sus datos desde el asistente (evento editable) o su calificación RAM y notificaciones desde la vista (evento en trabajo, RLF o QPPV)',
      body: updateRamRequestSchema,
      response: { 200: erRamSchema, ...withNotFound },
    },
    handler: (request) => {
      const user = requireUser(request);
      const parsed = request.body;
      if (parsed.kind === 'classification') return classifyRam(db, user, parsed.body);
      const { IdER, Id, ...ram } = parsed.body.ram;
      return updateRam(db, user, IdER, Id, ram, parsed.body.comentario);
    },
  });

  for (const route of NOTIFICATION_ROUTES) {
    app.route({
      method: 'POST',
      url: route.upload,
      config: { permission: route.permission, rateLimit: app.resourceLimits.uploadRateLimit },
      schema: {
        tags: RAM_TAG,
        summary: `Adjuntar el comprobante de ${route.what} (multipart: Id del evento adverso, Extension, FileName, file)`,
        consumes: MULTIPART,
        body: multipartDoc(uploadFields, { required: true }),
        response: { 200: erRamSchema, ...uploadErrors },
      },
      handler: async (request) => {
        const user = requireUser(request);
        return withSingleUpload(request, (upload) => attachNotificationFile(db, user, upload, route.kind));
      },
    });

    fileDownloadRoute(app, {
      url: route.download,
      tags: RAM_TAG,
      summary: `Descargar el comprobante de ${route.what}`,
      params: ramIdParams,
      load: (user, params) => notificationFile(db, user, params.ramId, route.kind),
    });
  }

  app.route({
    method: 'POST',
    url: '/api/updateMedicamentoRecuperado',
    config: { permission: 'recovery.write' },
    schema: {
      tags: RECOVERY_TAG,
      summary: 'Guarda la recuperación del producto de un medicamento relacionado (el QPPV solo si creó el evento); responde el medicamento',
      body: recoveryBodySchema,
      response: { 200: erMedicationSchema, ...withNotFound },
    },
    handler: (request) => saveRecovery(db, requireUser(request), request.body),
  });

  app.route({
    method: 'POST',
    url: '/api/uploadFileRecProduct',
    config: { permission: 'recovery.write', rateLimit: app.resourceLimits.uploadRateLimit },
    schema: {
      tags: RECOVERY_TAG,
      summary: 'Adjuntar el comprobante de la recuperación del producto (multipart: Id del medicamento relacionado, Extension, FileName, file)',
      consumes: MULTIPART,
      body: multipartDoc(uploadFields, { required: true }),
      response: { 200: erMedicationSchema, ...uploadErrors },
    },
    handler: async (request) => {
      const user = requireUser(request);
      return withSingleUpload(request, (upload) => attachRecoveryFile(db, user, upload));
    },
  });

  fileDownloadRoute(app, {
    url: '/api/downloadFileRecProductById/:medicationId',
    tags: RECOVERY_TAG,
    summary: 'Descargar el comprobante de la recuperación del producto',
    params: medicationIdParams,
    load: (user, params) => recoveryFile(db, user, params.medicationId),
  });

  app.route({
    method: 'GET',
    url: '/api/getImputEvaluationByMeta/:meta',
    config: { permission: 'case.read' },
    schema: {
      tags: ['Imputabilidad'],
      summary: 'La evaluación de imputabilidad (Naranjo) del evento: respuestas, marcas, total y resultado',
      params: metaParams,
      response: { 200: evaluationSchema, ...errorResponses, 404: messageSchema },
    },
    handler: (request) => getEvaluation(db, requireUser(request), request.params.meta),
  });

  app.route({
    method: 'POST',
    url: '/api/setImputEvaluation',
    config: { permission: 'causality.write' },
    schema: {
      tags: ['Imputabilidad'],
      summary: 'Guarda la evaluación de imputabilidad según el rol; el total y el resultado se calculan en el servidor',
      body: setEvaluationBodySchema,
      response: { 200: evaluationSchema, ...errorResponses, 404: messageSchema },
    },
    handler: (request) => setEvaluation(db, requireUser(request), request.body),
  });

  app.route({
    method: 'GET',
    url: '/api/getWhoUmcByMeta/:meta',
    config: { permission: 'case.read' },
    schema: {
      tags: ['Imputabilidad'],
      summary: 'La causalidad WHO-UMC del evento: cada par reacción × medicamento sospechoso con sus respuestas, la categoría implicada, la categoría y el motivo de un cambio',
      params: metaParams,
      response: { 200: whoUmcAssessmentSchema, ...errorResponses, 404: messageSchema },
    },
    handler: (request) => getWhoUmc(db, requireUser(request), request.params.meta),
  });

  app.route({
    method: 'POST',
    url: '/api/setWhoUmc',
    config: { permission: 'whoUmc.write' },
    schema: {
      tags: ['Imputabilidad'],
      summary:
        'Guarda la causalidad WHO-UMC de un par reacción × medicamento sospechoso (RLF o QPPV, cuando pueden modificar la evaluación); la categoría implicada se calcula en el servidor y otra categoría exige un motivo',
      body: setWhoUmcBodySchema,
      response: { 200: whoUmcAssessmentSchema, ...errorResponses, 404: messageSchema },
    },
    handler: (request) => setWhoUmc(db, requireUser(request), request.body),
  });
};
