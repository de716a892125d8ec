import { dataImportTemplateQuerySchema } from '../catalog-import.js';
import { endpoint } from './endpoint.js';

/** The product catalogue's template (the path is IMPORT_PATHS.dataTemplate). */
export const catalogImportApi = {
  /** format=xlsx (default): the whole workbook; format=csv&sheet=<Hoja>: one sheet in CSV. */
  getdataimporttemplate: endpoint({
    method: 'GET',
    path: '/api/getdataimporttemplate',
    access: 'import.run',
    query: dataImportTemplateQuerySchema,
    returns: 'blob',
  }),
};
