import { importEntrySchema, importListSchema } from '../contracts/imports.js';
import { endpoint } from './endpoint.js';

/**
 * Importación de datos: the uploads that queue a MedDRA or catalog import (multipart: FileName,
 * file, and for MedDRA an optional password), the panels' lists and details, cancel and the
 * error report (a CSV). The paths are IMPORT_PATHS' (contracts/imports.ts).
 */
export const importsApi = {
  uploadmeddra: endpoint({ method: 'POST', path: '/api/uploadmeddra', access: 'import.run', bodyKind: 'multipart', response: importEntrySchema, errors: { 400: ['dataImport.zipRequired', 'errors.malformedMultipart', 'files.onlyOne', 'files.required', 'imports.notAZip', 'imports.passwordTooLong'], 404: ['imports.notFound'], 409: ['imports.alreadyRunning'], 413: ['imports.tooLarge'], 503: ['files.serverBusy'] } }),
  uploaddata: endpoint({ method: 'POST', path: '/api/uploaddata', access: 'import.run', bodyKind: 'multipart', response: importEntrySchema, errors: { 400: ['dataImport.catalogueFileRequired', 'errors.malformedMultipart', 'files.onlyOne', 'files.required', 'imports.dataFileInvalid', 'imports.passwordTooLong'], 404: ['imports.notFound'], 409: ['imports.alreadyRunning'], 413: ['imports.tooLarge'], 503: ['files.serverBusy'] } }),
  getmeddraimport: endpoint({ method: 'GET', path: '/api/getmeddraimport', access: 'import.run', response: importListSchema }),
  getmeddraimportcode: endpoint({ method: 'GET', path: '/api/getmeddraimportcode/:code', access: 'import.run', response: importEntrySchema, errors: { 404: ['imports.notFound'] } }),
  getdataimport: endpoint({ method: 'GET', path: '/api/getdataimport', access: 'import.run', response: importListSchema }),
  getdataimportcode: endpoint({ method: 'GET', path: '/api/getdataimportcode/:code', access: 'import.run', response: importEntrySchema, errors: { 404: ['imports.notFound'] } }),
  cancelimport: endpoint({ method: 'POST', path: '/api/cancelimport/:code', access: 'import.run', response: importEntrySchema, errors: { 404: ['imports.notFound'], 409: ['imports.alreadyFinished'] } }),
  getimporterrors: endpoint({ method: 'GET', path: '/api/getimporterrors/:code', access: 'import.run', returns: 'blob', errors: { 404: ['imports.notFound'] } }),
};
