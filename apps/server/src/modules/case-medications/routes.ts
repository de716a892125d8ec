import { caseMedicationsApi } from '@atalaya/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { metaParams } from '../../http/case-routes.js';
import { contractRoute } from '../../http/contract-route.js';
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
    ...contractRoute(caseMedicationsApi.getProductsRelationsByMeta, {
      tags: MEDICATIONS_TAG,
      summary: 'Los medicamentos relacionados de un evento reportable, con sus principios activos',
      params: metaParams,
      errors: withNotFound,
    }),
    handler: (request) => medicationsOf(db, requireUser(request), request.params.meta),
  });

  app.route({
    ...contractRoute(caseMedicationsApi.getProductsRelationsShortByMeta, {
      tags: MEDICATIONS_TAG,
      summary: 'Resumen de los medicamentos relacionados de un evento reportable (medicamento, laboratorio, principios activos)',
      params: metaParams,
      errors: withNotFound,
    }),
    handler: (request) => medicationsShortOf(db, requireUser(request), request.params.meta),
  });

  app.route({
    ...contractRoute(caseMedicationsApi.insertMedicamentoRelacionado, {
      tags: MEDICATIONS_TAG,
      summary: 'Agrega un medicamento relacionado a un evento reportable editable',
      errors: withNotFound,
    }),
    handler: (request) => {
      const { IdER, Id: _id, ERType: _type, ...medication } = request.body;
      return addMedication(db, requireUser(request), IdER, medication);
    },
  });

  app.route({
    ...contractRoute(caseMedicationsApi.updateMedicamentoRelacionado, {
      tags: MEDICATIONS_TAG,
      summary: 'Modifica un medicamento relacionado de un evento reportable editable (reemplaza sus principios activos)',
      errors: withNotFound,
    }),
    handler: (request) => {
      const { IdER, Id, ERType: _type, ...medication } = request.body;
      return updateMedication(db, requireUser(request), IdER, Id, medication);
    },
  });

  app.route({
    ...contractRoute(caseMedicationsApi.deleteMedicamentoRelacionado, {
      tags: MEDICATIONS_TAG,
      summary: 'Elimina un medicamento relacionado de un evento reportable editable, con su recuperación de producto',
      errors: withNotFound,
    }),
    handler: (request) => deleteMedication(db, requireUser(request), request.body.IdER, request.body.Id),
  });

  app.route({
    ...contractRoute(caseMedicationsApi.getRAMByMeta, {
      tags: RAM_TAG,
      summary: 'Los eventos adversos (RAM) de un evento reportable, con su clasificación',
      params: metaParams,
      errors: withNotFound,
    }),
    handler: (request) => ramsOf(db, requireUser(request), request.params.meta),
  });

  app.route({
    ...contractRoute(caseMedicationsApi.getRAMRAMCategoryByRAMId, {
      tags: RAM_TAG,
      summary: 'Las categorías de un evento adverso',
      params: ramIdParams,
      errors: withNotFound,
    }),
    handler: (request) => ramCategoriesOf(db, requireUser(request), request.params.id),
  });

  app.route({
    ...contractRoute(caseMedicationsApi.insertRAM, {
      tags: RAM_TAG,
      summary: 'Agrega un evento adverso (término MedDRA) a un evento reportable editable',
      errors: withNotFound,
    }),
    handler: (request) => {
      const { IdER, ...ram } = request.body.ram;
      return addRam(db, requireUser(request), IdER, ram);
    },
  });
  // updateRAM is routed by the case-assessment module: the same call also takes the RAM tab's classification.
};
