import { z } from 'zod';
import { erMedicationSchema, erMedicationShortSchema, erRamSchema } from '../case-records.js';
import { deleteMedicationBodySchema, insertRamBodySchema, medicationBodySchema } from '../case-wizard.js';
import { emptyResultSchema, ramCategoryLinkSchema } from '../contracts/case-medications.js';
import { endpoint } from './endpoint.js';

/** The related (suspect) medications and adverse events (RAM) of a case. updateRAM is case-assessment's. */
export const caseMedicationsApi = {
  getProductsRelationsByMeta: endpoint({
    method: 'GET',
    path: '/api/getProductsRelationsByMeta/:meta',
    access: 'case.read',
    response: z.array(erMedicationSchema),
  }),
  getProductsRelationsShortByMeta: endpoint({
    method: 'GET',
    path: '/api/getProductsRelationsShortByMeta/:meta',
    access: 'case.read',
    response: z.array(erMedicationShortSchema),
  }),
  insertMedicamentoRelacionado: endpoint({
    method: 'POST',
    path: '/api/insertMedicamentoRelacionado',
    access: 'case.write',
    body: medicationBodySchema,
    response: erMedicationSchema,
  }),
  updateMedicamentoRelacionado: endpoint({
    method: 'POST',
    path: '/api/updateMedicamentoRelacionado',
    access: 'case.write',
    body: medicationBodySchema,
    response: erMedicationSchema,
  }),
  deleteMedicamentoRelacionado: endpoint({
    method: 'POST',
    path: '/api/deleteMedicamentoRelacionado',
    access: 'case.write',
    body: deleteMedicationBodySchema,
    response: emptyResultSchema,
  }),
  getRAMByMeta: endpoint({
    method: 'GET',
    path: '/api/getRAMByMeta/:meta',
    access: 'case.read',
    response: z.array(erRamSchema),
  }),
  getRAMRAMCategoryByRAMId: endpoint({
    method: 'GET',
    path: '/api/getRAMRAMCategoryByRAMId/:id',
    access: 'case.read',
    response: z.array(ramCategoryLinkSchema),
  }),
  insertRAM: endpoint({
    method: 'POST',
    path: '/api/insertRAM',
    access: 'case.write',
    body: insertRamBodySchema,
    response: erRamSchema,
  }),
};
