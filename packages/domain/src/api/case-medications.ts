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
    errors: { 404: ['lists.eventNotFound'] },
  }),
  getProductsRelationsShortByMeta: endpoint({
    method: 'GET',
    path: '/api/getProductsRelationsShortByMeta/:meta',
    access: 'case.read',
    response: z.array(erMedicationShortSchema),
    errors: { 404: ['lists.eventNotFound'] },
  }),
  insertMedicamentoRelacionado: endpoint({
    method: 'POST',
    path: '/api/insertMedicamentoRelacionado',
    access: 'case.write',
    body: medicationBodySchema,
    response: erMedicationSchema,
    errors: { 400: ['generic.endBeforeStart', 'publicForm.optionUnknown', 'wizard.ingredientNotOfProduct', 'wizard.lineNotOfProduct', 'wizard.notEditable', 'wizard.productNotInCountry'], 403: ['wizard.notEditor'], 404: ['lists.eventNotFound'] },
  }),
  updateMedicamentoRelacionado: endpoint({
    method: 'POST',
    path: '/api/updateMedicamentoRelacionado',
    access: 'case.write',
    body: medicationBodySchema,
    response: erMedicationSchema,
    errors: { 400: ['publicForm.optionUnknown', 'wizard.ingredientNotOfProduct', 'wizard.lineNotOfProduct', 'wizard.notEditable', 'wizard.productNotInCountry', 'generic.endBeforeStart'], 403: ['wizard.notEditor'], 404: ['lists.eventNotFound', 'wizard.recordNotFound'] },
  }),
  deleteMedicamentoRelacionado: endpoint({
    method: 'POST',
    path: '/api/deleteMedicamentoRelacionado',
    access: 'case.write',
    body: deleteMedicationBodySchema,
    response: emptyResultSchema,
    errors: { 400: ['wizard.notEditable'], 403: ['wizard.notEditor'], 404: ['lists.eventNotFound', 'wizard.recordNotFound'] },
  }),
  getRAMByMeta: endpoint({
    method: 'GET',
    path: '/api/getRAMByMeta/:meta',
    access: 'case.read',
    response: z.array(erRamSchema),
    errors: { 404: ['lists.eventNotFound'] },
  }),
  getRAMRAMCategoryByRAMId: endpoint({
    method: 'GET',
    path: '/api/getRAMRAMCategoryByRAMId/:id',
    access: 'case.read',
    response: z.array(ramCategoryLinkSchema),
    errors: { 404: ['wizard.recordNotFound'] },
  }),
  insertRAM: endpoint({
    method: 'POST',
    path: '/api/insertRAM',
    access: 'case.write',
    body: insertRamBodySchema,
    response: erRamSchema,
    errors: { 400: ['publicForm.optionUnknown', 'wizard.notEditable', 'generic.endBeforeStart', 'wizard.recordNotFound'], 403: ['wizard.notEditor'], 404: ['lists.eventNotFound'] },
  }),
};
