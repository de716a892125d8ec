import {
  deleteMedicationBodySchema,
  emptyResultSchema,
  erMedicationSchema,
  erMedicationShortSchema,
  erRamSchema,
  insertRamBodySchema,
  medicationBodySchema,
  ramCategoryLinkSchema,
} from '@atalaya/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { metaParams } from '../../http/case-routes.js';
import { requireUser } from '../../http/route-access.js';
import { errorResponses, messageSchema } from '../../http/schemas.js';
import { addMedication, deleteMedication, medicationsOf, medicationsShortOf, updateMedication } from './medications.js';
import { addRam, ramCategoriesOf, ramsOf } from './rams.js';
import { ramIdParams } from './schemas.js';

export interface CaseMedicationsModuleOptions {
  db: Db;
}

const MEDICATIONS_TAG = ['Medicamentos relacionados'];
const RAM_TAG = ['Eventos adversos'];
const withNotFound = { ...errorResponses, 404: messageSchema };

/**
 * The related (suspect) medications and adverse events (RAM) of a case: reads for the event
 * view and the wizard, and the wizard's writes (steps 2 and 3).
 */
export const caseMedicationsModule: FastifyPluginAsyncZod<CaseMedicationsModuleOptions> = async (app, { db }) => {
  app.route({
    method: 'GET',
    url: '/api/getProductsRelationsByMeta/:meta',
    config: { permission: 'case.read' },
    schema: {
      tags: MEDICATIONS_TAG,
      summary: 'Los medicamentos relacionados de un evento reportable, con sus principios activos',
      params: metaParams,
      response: { 200: z.array(erMedicationSchema), ...withNotFound },
    },
    handler: (request) => medicationsOf(db, requireUser(request), request.params.meta),
  });

  app.route({
    method: 'GET',
    url: '/api/getProductsRelationsShortByMeta/:meta',
    config: { permission: 'case.read' },
    schema: {
      tags: MEDICATIONS_TAG,
      summary: 'Resumen de los medicamentos relacionados de un evento reportable (medicamento, laboratorio, principios activos)',
      params: metaParams,
      response: { 200: z.array(erMedicationShortSchema), ...withNotFound },
    },
    handler: (request) => medicationsShortOf(db, requireUser(request), request.params.meta),
  });

  app.route({
    method: 'POST',
    url: '/api/insertMedicamentoRelacionado',
    config: { permission: 'case.write' },
    schema: {
      tags: MEDICATIONS_TAG,
      summary: 'Agrega un medicamento relacionado a un evento reportable editable',
      body: medicationBodySchema,
      response: { 200: erMedicationSchema, ...withNotFound },
    },
    handler: (request) => {
      const { IdER, Id: _id, ERType: _type, ...medication } = request.body;
      return addMedication(db, requireUser(request), IdER, medication);
    },
  });

  app.route({
    method: 'POST',
    url: '/api/updateMedicamentoRelacionado',
    config: { permission: 'case.write' },
    schema: {
      tags: MEDICATIONS_TAG,
      summary: 'Modifica un medicamento relacionado de un evento reportable editable (reemplaza sus principios activos)',
      body: medicationBodySchema,
      response: { 200: erMedicationSchema, ...withNotFound },
    },
    handler: (request) => {
      const { IdER, Id, ERType: _type, ...medication } = request.body;
      return updateMedication(db, requireUser(request), IdER, Id, medication);
    },
  });

  app.route({
    method: 'POST',
    url: '/api/deleteMedicamentoRelacionado',
    config: { permission: 'case.write' },
    schema: {
      tags: MEDICATIONS_TAG,
      summary: 'Elimina un medicamento relacionado de un evento reportable editable, con su recuperación de producto',
      body: deleteMedicationBodySchema,
      response: { 200: emptyResultSchema, ...withNotFound },
    },
    handler: (request) => deleteMedication(db, requireUser(request), request.body.IdER, request.body.Id),
  });

  app.route({
    method: 'GET',
    url: '/api/getRAMByMeta/:meta',
    config: { permission: 'case.read' },
    schema: {
      tags: RAM_TAG,
      summary: 'Los eventos adversos (RAM) de un evento reportable, con su clasificación',
      params: metaParams,
      response: { 200: z.array(erRamSchema), ...withNotFound },
    },
    handler: (request) => ramsOf(db, requireUser(request), request.params.meta),
  });

  app.route({
    method: 'GET',
    url: '/api/getRAMRAMCategoryByRAMId/:id',
    config: { permission: 'case.read' },
    schema: {
      tags: RAM_TAG,
      summary: 'Las categorías de un evento adverso',
      params: ramIdParams,
      response: { 200: z.array(ramCategoryLinkSchema), ...withNotFound },
    },
    handler: (request) => ramCategoriesOf(db, requireUser(request), request.params.id),
  });

  app.route({
    method: 'POST',
    url: '/api/insertRAM',
    config: { permission: 'case.write' },
    schema: {
      tags: RAM_TAG,
      summary: 'Agrega un evento adverso (término MedDRA) a un evento reportable editable',
      body: insertRamBodySchema,
      response: { 200: erRamSchema, ...withNotFound },
    },
    handler: (request) => {
      const { IdER, ...ram } = request.body.ram;
      return addRam(db, requireUser(request), IdER, ram);
    },
  });
  // updateRAM is routed by the case-assessment module: the same call also takes the RAM tab's classification.
};
