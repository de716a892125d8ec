import { e2bConfirmSchema, e2bImportReportsSchema } from '../contracts/e2b-import.js';
import { importEntrySchema, importListSchema } from '../contracts/imports.js';
import { endpoint } from './endpoint.js';

/** Importación de datos, E2B(R3) (issue 29 §4): upload, the preview, the confirmation, our ACK. */
export const e2bImportApi = {
  /** Multipart: FileName, file (the .XML). Answers the new import (status P). */
  uploade2b: endpoint({ method: 'POST', path: '/api/uploade2b', access: 'e2bImport.run', bodyKind: 'multipart', response: importEntrySchema }),
  gete2bimport: endpoint({ method: 'GET', path: '/api/gete2bimport', access: 'e2bImport.run', response: importListSchema }),
  gete2bimportcode: endpoint({ method: 'GET', path: '/api/gete2bimportcode/:code', access: 'e2bImport.run', response: importEntrySchema }),
  gete2bimportreports: endpoint({ method: 'GET', path: '/api/gete2bimportreports/:code', access: 'e2bImport.run', response: e2bImportReportsSchema }),
  confirme2bimport: endpoint({
    method: 'POST',
    path: '/api/confirme2bimport/:code',
    access: 'e2bImport.run',
    body: e2bConfirmSchema,
    response: e2bImportReportsSchema,
  }),
  /** Our acknowledgement (MCCI_IN200101UV01) of a confirmed import, as an XML file. */
  gete2back: endpoint({ method: 'GET', path: '/api/gete2back/:code', access: 'e2bImport.run', returns: 'blob' }),
};
