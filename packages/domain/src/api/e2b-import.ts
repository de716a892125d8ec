import { e2bConfirmSchema, e2bImportReportsSchema } from '../contracts/e2b-import.js';
import { importEntrySchema, importListSchema } from '../contracts/imports.js';
import { endpoint } from './endpoint.js';

/** Importación de datos, E2B(R3) (issue 29 §4): upload, the preview, the confirmation, our ACK. */
export const e2bImportApi = {
  /** Multipart: FileName, file (the .XML). Answers the new import (status P). */
  uploade2b: endpoint({ method: 'POST', path: '/api/uploade2b', access: 'e2bImport.run', bodyKind: 'multipart', response: importEntrySchema, errors: { 400: ['e2bImport.notXml', 'e2bImport.xmlRequired', 'errors.malformedMultipart', 'files.onlyOne', 'files.required', 'imports.passwordTooLong'], 404: ['imports.notFound'], 409: ['imports.alreadyRunning'], 413: ['imports.tooLarge'], 503: ['files.serverBusy'] } }),
  gete2bimport: endpoint({ method: 'GET', path: '/api/gete2bimport', access: 'e2bImport.run', response: importListSchema }),
  gete2bimportcode: endpoint({ method: 'GET', path: '/api/gete2bimportcode/:code', access: 'e2bImport.run', response: importEntrySchema, errors: { 404: ['imports.notFound'] } }),
  gete2bimportreports: endpoint({ method: 'GET', path: '/api/gete2bimportreports/:code', access: 'e2bImport.run', response: e2bImportReportsSchema, errors: { 404: ['imports.notFound'] } }),
  confirme2bimport: endpoint({
    method: 'POST',
    path: '/api/confirme2bimport/:code',
    access: 'e2bImport.run',
    body: e2bConfirmSchema,
    response: e2bImportReportsSchema,
    errors: { 400: ['e2bImport.countryUnknown', 'e2bImport.productUnknown'], 403: ['e2bImport.countryOutOfReach', 'e2bImport.productOutOfReach'], 404: ['imports.notFound'], 409: ['e2bImport.alreadyConfirmed', 'e2bImport.notReady'] },
  }),
  /** Our acknowledgement (MCCI_IN200101UV01) of a confirmed import, as an XML file. */
  gete2back: endpoint({ method: 'GET', path: '/api/gete2back/:code', access: 'e2bImport.run', returns: 'blob', errors: { 404: ['e2bImport.noAck'] } }),
};
