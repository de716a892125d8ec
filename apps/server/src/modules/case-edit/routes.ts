import { caseEditApi, IDEMPOTENCY_KEY_HEADER, idempotencyKeySchema } from '@atalaya/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { metaParams } from '../../http/case-routes.js';
import { contractRoute } from '../../http/contract-route.js';
import { requireUser } from '../../http/route-access.js';
import { errorResponses, messageSchema } from '../../http/schemas.js';
import { createEr, getEventByMeta, updateEr } from './event.js';
import { getMedicalContact, setMedicalContact } from './medical-contact.js';
import { getOrigin, setOrigin } from './origin.js';
import { setPatient } from './patient.js';
import { deletePreviousMedication, getPreviousMedications, setPreviousMedications } from './previous-medications.js';
import { getWhoReport } from './who-report.js';

export interface CaseEditModuleOptions {
  db: Db;
}

const TAG = ['Eventos reportables'];
const withNotFound = { ...errorResponses, 404: messageSchema };

/**
 * The case and its core records: the event (getERByMeta, createER, updateER; insertER, the send, is case-workflow's), the
 * patient (setPaciente; read by getPacienteByERMeta in modules/cases), the origin, the previous
 * medications, the medical contact and who reported it (issue 5 §1, §4, §5). Every write locks
 * the case, checks it is editable by the user and records its history in one transaction.
 */
export const caseEditModule: FastifyPluginAsyncZod<CaseEditModuleOptions> = async (app, { db }) => {
  // ---- The event

  app.route({
    ...contractRoute(caseEditApi.getERByMeta, {
      tags: TAG,
      summary: 'Un evento reportable, con lo que el usuario puede hacer con él',
      params: metaParams,
      errors: withNotFound,
    }),
    handler: (request) => getEventByMeta(db, requireUser(request), request.params.meta),
  });

  const create = contractRoute(caseEditApi.createER, {
    tags: TAG,
    summary: 'Crear un evento reportable (borrador en estado Pendiente) con su país y tipo de reporte; con Idempotency-Key, repetirlo responde el mismo evento',
    errors: { ...errorResponses, 409: messageSchema },
  });
  app.route({
    ...create,
    // The header's schema in the route's own schema: the handler reads it typed.
    schema: { ...create.schema, headers: z.looseObject({ [IDEMPOTENCY_KEY_HEADER]: idempotencyKeySchema.optional() }) },
    handler: (request) => createEr(db, requireUser(request), request.body, request.headers[IDEMPOTENCY_KEY_HEADER]),
  });

  app.route({
    ...contractRoute(caseEditApi.updateER, {
      tags: TAG,
      summary: 'Actualizar la información adicional y los otros medicamentos de un evento reportable',
      errors: withNotFound,
    }),
    handler: (request) => updateEr(db, requireUser(request), request.body),
  });

  app.route({
    ...contractRoute(caseEditApi.getERWhoReportByMeta, {
      tags: TAG,
      summary: 'Quién reportó un evento reportable: médico, paciente o usuario',
      params: metaParams,
      errors: withNotFound,
    }),
    handler: (request) => getWhoReport(db, requireUser(request), request.params.meta),
  });

  // ---- Step 0: patient

  app.route({
    ...contractRoute(caseEditApi.setPaciente, {
      tags: TAG,
      summary: 'Guardar el paciente de un evento reportable (lo crea o lo actualiza)',
      errors: withNotFound,
    }),
    handler: (request) => setPatient(db, requireUser(request), request.body.IdER, request.body),
  });

  // ---- Step 1: origin

  app.route({
    ...contractRoute(caseEditApi.getOriginReportByMeta, {
      tags: TAG,
      summary: 'El origen del reporte de un evento reportable (null mientras no se guardó)',
      params: metaParams,
      errors: withNotFound,
    }),
    handler: (request) => getOrigin(db, requireUser(request), request.params.meta),
  });

  for (const [call, summary] of [
    [caseEditApi.insertOriginReport, 'Guardar el origen del reporte de un evento reportable (lo crea, o lo actualiza si existe)'],
    [caseEditApi.updateOriginReport, 'Actualizar el origen del reporte de un evento reportable (lo crea si no existe)'],
  ] as const) {
    app.route({
      ...contractRoute(call, { tags: TAG, summary, errors: withNotFound }),
      handler: (request) => setOrigin(db, requireUser(request), request.body.IdER, request.body),
    });
  }

  // ---- Step 4: previous medications

  app.route({
    ...contractRoute(caseEditApi.MedicamentoAnteriorByMeta, {
      tags: TAG,
      summary: 'Los medicamentos anteriores de un evento reportable, en el orden en que se agregaron',
      params: metaParams,
      errors: withNotFound,
    }),
    handler: (request) => getPreviousMedications(db, requireUser(request), request.params.meta),
  });

  app.route({
    ...contractRoute(caseEditApi.setMedicamentoAnterior, {
      tags: TAG,
      summary: 'Guardar medicamentos anteriores: actualiza las filas con Id y agrega las demás; responde la lista completa',
      errors: withNotFound,
    }),
    handler: (request) => setPreviousMedications(db, requireUser(request), request.body.EvRepId, request.body.Medications),
  });

  app.route({
    ...contractRoute(caseEditApi.deleteMedicamentoAnterior, {
      tags: TAG,
      summary: 'Borrar un medicamento anterior de un evento reportable',
      errors: withNotFound,
    }),
    handler: async (request, reply) => {
      await deletePreviousMedication(db, requireUser(request), request.body.EvRepId, request.body.Id);
      return reply.code(204).send(null);
    },
  });

  // ---- Step 5: medical contact

  app.route({
    ...contractRoute(caseEditApi.getContactoMedicoByMeta, {
      tags: TAG,
      summary: 'El contacto médico de un evento reportable (null mientras no se guardó)',
      params: metaParams,
      errors: withNotFound,
    }),
    handler: (request) => getMedicalContact(db, requireUser(request), request.params.meta),
  });

  for (const [call, summary] of [
    [caseEditApi.insertContactoMedico, 'Guardar el contacto médico de un evento reportable (lo crea, o lo actualiza si existe)'],
    [caseEditApi.updateContactoMedico, 'Actualizar el contacto médico de un evento reportable (lo crea si no existe)'],
  ] as const) {
    app.route({
      ...contractRoute(call, { tags: TAG, summary, errors: withNotFound }),
      handler: (request) => setMedicalContact(db, requireUser(request), request.body),
    });
  }
};
