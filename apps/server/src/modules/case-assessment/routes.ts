import { caseAssessmentApi } from '@atalaya/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { metaParams } from '../../http/case-routes.js';
import { contractRoute } from '../../http/contract-route.js';
import { downloadRoute } from '../../http/download-route.js';
import { requireUser } from '../../http/route-access.js';
import { errorResponses, messageSchema } from '../../http/schemas.js';
import { multipartDoc, registerUploads, withSingleUpload } from '../storage/index.js';
import { updateRam } from '../case-medications/index.js';
import { getEvaluation, setEvaluation } from './evaluation.js';
import { attachNotificationFile, classifyRam, notificationFile } from './ram-classification.js';
import { attachRecoveryFile, recoveryFile, saveRecovery } from './recovery.js';
import { medicationIdParams, ramIdParams, ramNotificationUploadFieldsSchema, recoveryUploadFieldsSchema } from './schemas.js';
import { getWhoUmc, setWhoUmc } from './who-umc.js';

export interface CaseAssessmentModuleOptions {
  db: Db;
}

const RAM_TAG = ['Eventos adversos'];
const RECOVERY_TAG = ['Recuperación de producto'];
const withNotFound = { ...errorResponses, 404: messageSchema };
const uploadErrors = { ...withNotFound, 413: messageSchema, 415: messageSchema, 503: messageSchema };
const uploadFields = { Id: 'Id del registro', Extension: 'Extensión del archivo', FileName: 'Nombre del archivo' };

const NOTIFICATION_ROUTES = [
  {
    kind: 'local',
    upload: caseAssessmentApi.uploadFileLocalSanitaryNotificaction,
    download: caseAssessmentApi.downloadFileLocalSanitaryNotificactionById,
    what: 'la notificación a la autoridad sanitaria local',
  },
  {
    kind: 'provider',
    // Only a QPPV records the provider's notification (canEditProviderNotification): its endpoint's access (providerNotification.write) refuses an RLF at the door, whatever the adverse event.
    upload: caseAssessmentApi.uploadFileProviderNotification,
    download: caseAssessmentApi.downloadFileProviderNotificationById,
    what: 'la notificación al proveedor (solo QPPV)',
  },
] as const;

/**
 * The assessment of a sent case from the event view: the RAM tab's classification and
 * notifications of each adverse event, the Recuperacion tab's product recovery and the
 * Imputabilidad tab's Naranjo evaluation and WHO-UMC causality (event spec §3, §5, §6, §7; docs/causality.md). updateRAM lives here because the same call carries either the
 * wizard's fields (handed to case-medications) or the classification.
 */
export const caseAssessmentModule: FastifyPluginAsyncZod<CaseAssessmentModuleOptions> = async (app, { db }) => {
  await registerUploads(app);

  app.route({
    ...contractRoute(caseAssessmentApi.updateRAM, {
      tags: RAM_TAG,
      summary: 'Modifica un evento adverso: sus datos desde el asistente (evento editable) o su calificación RAM y notificaciones desde la vista (evento en trabajo, RLF o QPPV)',
      errors: withNotFound,
    }),
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
      ...contractRoute(route.upload, {
        tags: RAM_TAG,
        summary: `Adjuntar el comprobante de ${route.what} (multipart: Id del evento adverso, Extension, FileName, file)`,
        errors: uploadErrors,
        config: { rateLimit: app.resourceLimits.uploadRateLimit },
        // Documentation only: withSingleUpload reads the multipart body.
        multipart: multipartDoc(uploadFields, { required: true }, ramNotificationUploadFieldsSchema),
      }),
      handler: async (request) => {
        const user = requireUser(request);
        return withSingleUpload(request, (upload) => attachNotificationFile(db, user, upload, route.kind));
      },
    });

    app.route(
      downloadRoute(route.download, {
        tags: RAM_TAG,
        summary: `Descargar el comprobante de ${route.what}`,
        params: ramIdParams,
        errors: withNotFound,
        load: (request) => notificationFile(db, requireUser(request), request.params.ramId, route.kind),
      }),
    );
  }

  app.route({
    ...contractRoute(caseAssessmentApi.updateMedicamentoRecuperado, {
      tags: RECOVERY_TAG,
      summary: 'Guarda la recuperación del producto de un medicamento relacionado (el QPPV solo si creó el evento); responde el medicamento',
      errors: withNotFound,
    }),
    handler: (request) => saveRecovery(db, requireUser(request), request.body),
  });

  app.route({
    ...contractRoute(caseAssessmentApi.uploadFileRecProduct, {
      tags: RECOVERY_TAG,
      summary: 'Adjuntar el comprobante de la recuperación del producto (multipart: Id del medicamento relacionado, Extension, FileName, file)',
      errors: uploadErrors,
      config: { rateLimit: app.resourceLimits.uploadRateLimit },
      multipart: multipartDoc(uploadFields, { required: true }, recoveryUploadFieldsSchema),
    }),
    handler: async (request) => {
      const user = requireUser(request);
      return withSingleUpload(request, (upload) => attachRecoveryFile(db, user, upload));
    },
  });

  app.route(
    downloadRoute(caseAssessmentApi.downloadFileRecProductById, {
      tags: RECOVERY_TAG,
      summary: 'Descargar el comprobante de la recuperación del producto',
      params: medicationIdParams,
      errors: withNotFound,
      load: (request) => recoveryFile(db, requireUser(request), request.params.medicationId),
    }),
  );

  app.route({
    ...contractRoute(caseAssessmentApi.getImputEvaluationByMeta, {
      tags: ['Imputabilidad'],
      summary: 'La evaluación de imputabilidad (Naranjo) del evento: respuestas, marcas, total y resultado',
      params: metaParams,
      errors: { ...errorResponses, 404: messageSchema },
    }),
    handler: (request) => getEvaluation(db, requireUser(request), request.params.meta),
  });

  app.route({
    ...contractRoute(caseAssessmentApi.setImputEvaluation, {
      tags: ['Imputabilidad'],
      summary: 'Guarda la evaluación de imputabilidad según el rol; el total y el resultado se calculan en el servidor',
      errors: { ...errorResponses, 404: messageSchema },
    }),
    handler: (request) => setEvaluation(db, requireUser(request), request.body),
  });

  app.route({
    ...contractRoute(caseAssessmentApi.getWhoUmcByMeta, {
      tags: ['Imputabilidad'],
      summary: 'La causalidad WHO-UMC del evento: cada par reacción × medicamento sospechoso con sus respuestas, la categoría implicada, la categoría y el motivo de un cambio',
      params: metaParams,
      errors: { ...errorResponses, 404: messageSchema },
    }),
    handler: (request) => getWhoUmc(db, requireUser(request), request.params.meta),
  });

  app.route({
    ...contractRoute(caseAssessmentApi.setWhoUmc, {
      tags: ['Imputabilidad'],
      summary: 'Guarda la causalidad WHO-UMC de un par reacción × medicamento sospechoso (RLF o QPPV, cuando pueden modificar la evaluación); la categoría implicada se calcula en el servidor y otra categoría exige un motivo',
      errors: { ...errorResponses, 404: messageSchema },
    }),
    handler: (request) => setWhoUmc(db, requireUser(request), request.body),
  });
};
