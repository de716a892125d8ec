import { searchExportSchema, searchRequestSchema, searchResultSchema } from '../contracts/search.js';
import { endpoint } from './endpoint.js';

/** The event search and its Excel export (ListadoEventos.xlsx). */
export const searchApi = {
  getERByFilters: endpoint({ method: 'POST', path: '/api/getERByFilters', access: 'case.read', body: searchRequestSchema, response: searchResultSchema, errors: { 400: ['lists.pageTooFar', 'search.drugLaboratoryWithoutDrug', 'search.pagePastEnd', 'search.receiptRange', 'search.unknownFilter', 'search.creationRange', 'search.modificationRange'] } }),
  exportERByFilters: endpoint({ method: 'POST', path: '/api/exportERByFilters', access: 'case.read', body: searchExportSchema, returns: 'blob', errors: { 400: ['search.modificationRange', 'search.unknownFilter', 'search.creationRange', 'search.drugLaboratoryWithoutDrug', 'search.receiptRange'] } }),
};
