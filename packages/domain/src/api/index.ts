/**
 * The API contract: every endpoint, by module (endpoint.ts). The server registers each as a route;
 * a test (apps/server/src/http/contract.test.ts) holds the registered routes to this table.
 */
import { caseAssessmentApi } from './case-assessment.js';
import { caseEditApi } from './case-edit.js';
import { caseMedicationsApi } from './case-medications.js';
import { casePdfApi } from './case-pdf.js';
import { duplicatesApi } from './duplicates.js';
import { e2bImportApi } from './e2b-import.js';
import { e2bApi } from './e2b.js';
import { signalRegisterApi } from './signal-register.js';
import { signalsApi } from './signals.js';
import { tasksApi } from './tasks.js';

export * from './endpoint.js';
export { tasksApi } from './tasks.js';
export { caseMedicationsApi } from './case-medications.js';
export { caseEditApi } from './case-edit.js';
export { caseAssessmentApi } from './case-assessment.js';
export { casePdfApi } from './case-pdf.js';
export { e2bApi, e2bBatchBodySchema, e2bExportBodySchema } from './e2b.js';
export { e2bImportApi } from './e2b-import.js';
export { duplicatesApi } from './duplicates.js';
export { signalsApi } from './signals.js';
export { signalRegisterApi } from './signal-register.js';

/** Every endpoint of the API, by module. */
export const API = {
  tasks: tasksApi,
  caseMedications: caseMedicationsApi,
  caseEdit: caseEditApi,
  caseAssessment: caseAssessmentApi,
  casePdf: casePdfApi,
  e2b: e2bApi,
  e2bImport: e2bImportApi,
  duplicates: duplicatesApi,
  signals: signalsApi,
  signalRegister: signalRegisterApi,
} as const;
