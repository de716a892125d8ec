import { z } from 'zod';
import {
  codiguerasSchema,
  countryProductSchema,
  erMedicationIngredientSchema,
  erNewSchema,
  namedItemSchema,
  productFilterItemSchema,
} from '../case-records.js';
import {
  codiguerasAllSchema,
  countryOptionSchema,
  createElementCodigueraSchema,
  deleteElementCodigueraSchema,
  ramNewSchema,
  referenceTableRowsSchema,
  searchFiltersSchema,
  subGroupSchema,
  updateElementCodigueraSchema,
} from '../contracts/reference-data.js';
import { endpoint } from './endpoint.js';

const namedList = z.array(namedItemSchema);

/**
 * The reference data of the edit wizard, the event view and the event search, the blank event
 * and RAM the wizard starts from, and the Parameters screen's changes to the reference lists.
 */
export const referenceDataApi = {
  getCodiguerasBasic: endpoint({ method: 'GET', path: '/api/getCodiguerasBasic', access: 'referenceData.read', response: codiguerasSchema }),
  getCodiguerasAll: endpoint({ method: 'GET', path: '/api/getCodiguerasAll', access: 'referenceData.read', response: codiguerasAllSchema }),
  getCountries: endpoint({ method: 'GET', path: '/api/getCountries', access: 'referenceData.read', response: z.array(countryOptionSchema) }),
  getSubGroups: endpoint({ method: 'GET', path: '/api/getSubGroups', access: 'referenceData.read', response: z.array(subGroupSchema) }),
  getERNew: endpoint({ method: 'GET', path: '/api/getERNew', access: 'case.create', response: erNewSchema }),
  getRAMNew: endpoint({ method: 'GET', path: '/api/getRAMNew', access: 'referenceData.read', response: ramNewSchema }),
  getProductsCountryByMeta: endpoint({
    method: 'GET',
    path: '/api/getProductsCountryByMeta/:meta',
    access: 'case.read',
    response: z.array(countryProductSchema),
    errors: { 404: ['lists.eventNotFound'] },
  }),
  getLinesByLaboratory: endpoint({ method: 'GET', path: '/api/getLinesByLaboratory/:id', access: 'referenceData.read', response: namedList, errors: { 404: ['errors.notFoundTitle'] } }),
  getlaboraotriesByCountry: endpoint({ method: 'GET', path: '/api/getlaboraotriesByCountry/:id', access: 'referenceData.read', response: namedList }),
  /** The laboratory making product `a`, if it is sold in country `b`. */
  getlaboraotriesByProductsCountry: endpoint({
    method: 'GET',
    path: '/api/getlaboraotriesByProductsCountry/:a/:b',
    access: 'referenceData.read',
    response: namedList,
  }),
  getProductFiltersByLabId: endpoint({
    method: 'GET',
    path: '/api/getProductFiltersByLabId/:id',
    access: 'referenceData.read',
    response: z.array(productFilterItemSchema),
  }),
  getPrincipioActivoByFamilia: endpoint({ method: 'GET', path: '/api/getPrincipioActivoByFamilia/:id', access: 'referenceData.read', response: namedList }),
  getPrincipioActivoByCountry: endpoint({ method: 'GET', path: '/api/getPrincipioActivoByCountry/:id', access: 'referenceData.read', response: namedList }),
  getPrincipioActivoByMR: endpoint({
    method: 'GET',
    path: '/api/getPrincipioActivoByMR/:id',
    access: 'case.read',
    response: z.array(erMedicationIngredientSchema),
    errors: { 404: ['errors.notFoundTitle'] },
  }),
  getFilters: endpoint({ method: 'GET', path: '/api/getFilters', access: 'referenceData.read', response: searchFiltersSchema }),
  createElementCodiguera: endpoint({
    method: 'POST',
    path: '/api/createElementCodiguera',
    access: 'parameters.write',
    body: createElementCodigueraSchema,
    response: referenceTableRowsSchema,
    errors: { 400: ['parameters.countryCode', 'parameters.duplicate', 'parameters.e2bCodeInvalid', 'parameters.groupInvalid', 'parameters.keysValues', 'parameters.missingColumn', 'parameters.noCreate', 'parameters.notText', 'parameters.readOnly', 'parameters.textTooLong', 'parameters.timeZone', 'parameters.unitLimit', 'parameters.unknownColumn', 'parameters.unknownTable', 'parameters.valueRequired'] },
  }),
  updateElementCodiguera: endpoint({
    method: 'POST',
    path: '/api/updateElementCodiguera',
    access: 'parameters.write',
    body: updateElementCodigueraSchema,
    response: referenceTableRowsSchema,
    errors: { 400: ['parameters.countryCode', 'parameters.duplicate', 'parameters.e2bCodeInvalid', 'parameters.groupInvalid', 'parameters.keysValues', 'parameters.lockedColumn', 'parameters.notText', 'parameters.readOnly', 'parameters.textTooLong', 'parameters.timeZone', 'parameters.unknownColumn', 'parameters.unknownTable', 'parameters.valueRequired', 'parameters.idMismatch'], 404: ['parameters.rowNotFound'] },
  }),
  deleteElementCodiguera: endpoint({
    method: 'POST',
    path: '/api/deleteElementCodiguera',
    access: 'parameters.write',
    body: deleteElementCodigueraSchema,
    response: referenceTableRowsSchema,
    errors: { 400: ['parameters.countryInUse', 'parameters.protectedRow', 'parameters.readOnly', 'parameters.unknownTable'], 404: ['parameters.rowNotFound'] },
  }),
};
