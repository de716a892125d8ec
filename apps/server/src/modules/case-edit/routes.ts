import {
  createErBodySchema,
  deletePreviousMedicationBodySchema,
  erEventSchema,
  erMedicalContactSchema,
  erOriginSchema,
  erPatientSchema,
  erPreviousMedicationSchema,
  erWhoReportSchema,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeySchema,
  medicalContactBodySchema,
  metaDataResultSchema,
  originBodySchema,
  setPatientBodySchema,
  setPreviousMedicationsBodySchema,
  updateEventBodySchema,
} from '@atalaya/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { metaParams } from '../../http/case-routes.js';
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
    method: 'GET',
    url: '/api/getERByMeta/:meta',
    config: { permission: 'case.read' },
    schema: {
      tags: TAG,
      summary: 'Un evento reportable, con lo que el usuario puede hacer con él',
      params: metaParams,
      response: { 200: erEventSchema, ...withNotFound },
    },
    handler: (request) => getEventByMeta(db, requireUser(request), request.params.meta),
  });

  app.route({
    method: 'POST',
    url: '/api/createER',
    config: { permission: 'case.write' },
    schema: {
      tags: TAG,
      summary: 'Crear un evento reportable (borrador en estado Pendiente) con su país y tipo de reporte; con Idempotency-Key, repetirlo responde el mismo evento',
      headers: z.looseObject({ [IDEMPOTENCY_KEY_HEADER]: idempotencyKeySchema.optional() }),
      body: createErBodySchema,
      response: { 200: metaDataResultSchema, ...errorResponses, 409: messageSchema },
    },
    handler: (request) => createEr(db, requireUser(request), request.body, request.headers[IDEMPOTENCY_KEY_HEADER]),
  });

  app.route({
    method: 'POST',
    url: '/api/updateER',
    config: { permission: 'case.write' },
    schema: {
      tags: TAG,
      summary: 'Actualizar la información adicional y los otros medicamentos de un evento reportable',
      body: updateEventBodySchema,
      response: { 200: erEventSchema, ...withNotFound },
    },
    handler: (request) => updateEr(db, requireUser(request), request.body),
  });

  app.route({
    method: 'GET',
    url: '/api/getERWhoReportByMeta/:meta',
    config: { permission: 'case.read' },
    schema: {
      tags: TAG,
      summary: 'Quién reportó un evento reportable: médico, paciente o usuario',
      params: metaParams,
      response: { 200: erWhoReportSchema, ...withNotFound },
    },
    handler: (request) => getWhoReport(db, requireUser(request), request.params.meta),
  });

  // ---- Step 0: patient

  app.route({
    method: 'POST',
    url: '/api/setPaciente',
    config: { permission: 'case.write' },
    schema: {
      tags: TAG,
      summary: 'Guardar el paciente de un evento reportable (lo crea o lo actualiza)',
      body: setPatientBodySchema,
      response: { 200: erPatientSchema, ...withNotFound },
    },
    handler: (request) => setPatient(db, requireUser(request), request.body.IdER, request.body),
  });

  // ---- Step 1: origin

  app.route({
    method: 'GET',
    url: '/api/getOriginReportByMeta/:meta',
    config: { permission: 'case.read' },
    schema: {
      tags: TAG,
      summary: 'El origen del reporte de un evento reportable (null mientras no se guardó)',
      params: metaParams,
      response: { 200: erOriginSchema.nullable(), ...withNotFound },
    },
    handler: (request) => getOrigin(db, requireUser(request), request.params.meta),
  });

  for (const [url, summary] of [
    ['/api/insertOriginReport', 'Guardar el origen del reporte de un evento reportable (lo crea, o lo actualiza si existe)'],
    ['/api/updateOriginReport', 'Actualizar el origen del reporte de un evento reportable (lo crea si no existe)'],
  ] as const) {
    app.route({
      method: 'POST',
      url,
      config: { permission: 'case.write' },
      schema: { tags: TAG, summary, body: originBodySchema, response: { 200: erOriginSchema, ...withNotFound } },
      handler: (request) => setOrigin(db, requireUser(request), request.body.IdER, request.body),
    });
  }

  // ---- Step 4: previous medications

  app.route({
    method: 'GET',
    url: '/api/MedicamentoAnteriorByMeta/:meta',
    config: { permission: 'case.read' },
    schema: {
      tags: TAG,
      summary: 'Los medicamentos anteriores de un evento reportable, en el orden en que se agregaron',
      params: metaParams,
      response: { 200: z.array(erPreviousMedicationSchema), ...withNotFound },
    },
    handler: (request) => getPreviousMedications(db, requireUser(request), request.params.meta),
  });

  app.route({
    method: 'POST',
    url: '/api/setMedicamentoAnterior',
    config: { permission: 'case.write' },
    schema: {
      tags: TAG,
      summary: 'Guardar medicamentos anteriores: actualiza las filas con Id y agrega las demás; responde la lista completa',
      body: setPreviousMedicationsBodySchema,
      response: { 200: z.array(erPreviousMedicationSchema), ...withNotFound },
    },
    handler: (request) => setPreviousMedications(db, requireUser(request), request.body.EvRepId, request.body.Medications),
  });

  app.route({
    method: 'POST',
    url: '/api/deleteMedicamentoAnterior',
    config: { permission: 'case.write' },
    schema: {
      tags: TAG,
      summary: 'Borrar un medicamento anterior de un evento reportable',
      body: deletePreviousMedicationBodySchema,
      response: { 204: z.null(), ...withNotFound },
    },
    handler: async (request, reply) => {
      await deletePreviousMedication(db, requireUser(request), request.body.EvRepId, request.body.Id);
      return reply.code(204).send(null);
    },
  });

  // ---- Step 5: medical contact

  app.route({
    method: 'GET',
    url: '/api/getContactoMedicoByMeta/:meta',
    config: { permission: 'case.read' },
    schema: {
      tags: TAG,
      summary: 'El contacto médico de un evento reportable (null mientras no se guardó)',
      params: metaParams,
      response: { 200: erMedicalContactSchema.nullable(), ...withNotFound },
    },
    handler: (request) => getMedicalContact(db, requireUser(request), request.params.meta),
  });

  for (const [url, summary] of [
    ['/api/insertContactoMedico', 'Guardar el contacto médico de un evento reportable (lo crea, o lo actualiza si existe)'],
    ['/api/updateContactoMedico', 'Actualizar el contacto médico de un evento reportable (lo crea si no existe)'],
  ] as const) {
    app.route({
      method: 'POST',
      url,
      config: { permission: 'case.write' },
      schema: { tags: TAG, summary, body: medicalContactBodySchema, response: { 200: erMedicalContactSchema, ...withNotFound } },
      handler: (request) => setMedicalContact(db, requireUser(request), request.body),
    });
  }
};
