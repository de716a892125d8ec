import { importEntrySchema, importListSchema } from '../contracts/imports.js';
import { endpoint } from './endpoint.js';

/**
 * Importación de datos: the uploads that queue a MedDRA or catalog import (multipart: FileName,
 * file, and for MedDRA an optional password), the panels' lists and details, cancel and the
 * error report (a CSV). The paths are IMPORT_PATHS' (contracts/imports.ts).
 */
export const importsApi = {
  uploadmeddra: endpoint({ method: 'POST', path: '/api/uploadmeddra', access: 'import.run', bodyKind: 'multipart', response: importEntrySchema }),
  uploaddata: endpoint({ method: 'POST', path: '/api/uploaddata', access: 'import.run', bodyKind: 'multipart', response: importEntrySchema }),
  getmeddraimport: endpoint({ method: 'GET', path: '/api/getmeddraimport', access: 'import.run', response: importListSchema }),
  getmeddraimportcode: endpoint({ method: 'GET', path: '/api/getmeddraimportcode/:code', access: 'import.run', response: importEntrySchema }),
  getdataimport: endpoint({ method: 'GET', path: '/api/getdataimport', access: 'import.run', response: importListSchema }),
  getdataimportcode: endpoint({ method: 'GET', path: '/api/getdataimportcode/:code', access: 'import.run', response: importEntrySchema }),
  cancelimport: endpoint({ method: 'POST', path: '/api/cancelimport/:code', access: 'import.run', response: importEntrySchema }),
  getimporterrors: endpoint({ method: 'GET', path: '/api/getimporterrors/:code', access: 'import.run', returns: 'blob' }),
};
