/**
 * The API contract: every endpoint, by module (endpoint.ts). The server registers each as a route;
 * a test (apps/server/src/http/contract.test.ts) holds the registered routes to this table.
 */
import { caseWorkflowApi } from './case-workflow.js';
import { followUpApi } from './follow-up.js';
import { casesApi } from './cases.js';
import { caseViewApi } from './case-view.js';
import { contextApi } from './context.js';
import { catalogApi } from './catalog.js';
import { catalogImportApi } from './catalog-import.js';
import { meddraApi } from './meddra.js';
import { referenceDataApi } from './reference-data.js';
import { homeReportsApi } from './home-reports.js';
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
import { authApi } from './auth.js';
import { usersApi } from './users.js';
import { settingsApi } from './settings.js';
import { filesApi } from './files.js';
import { importsApi } from './imports.js';
import { auditTrailApi } from './audit-trail.js';
import { searchApi } from './search.js';
import { metricsApi } from './metrics.js';
import { nokpiApi } from './nokpi.js';
import { indicatorsApi } from './indicators.js';

export * from './endpoint.js';
export { caseWorkflowApi } from './case-workflow.js';
export { followUpApi } from './follow-up.js';
export { casesApi } from './cases.js';
export { caseViewApi } from './case-view.js';
export { contextApi } from './context.js';
export { catalogApi } from './catalog.js';
export { catalogImportApi } from './catalog-import.js';
export { meddraApi } from './meddra.js';
export { referenceDataApi } from './reference-data.js';
export { homeReportsApi } from './home-reports.js';
export { tasksApi } from './tasks.js';
export { authApi, loginFormSchema, type LoginForm } from './auth.js';
export { usersApi } from './users.js';
export { settingsApi } from './settings.js';
export { filesApi } from './files.js';
export { importsApi } from './imports.js';
export { auditTrailApi } from './audit-trail.js';
export { searchApi } from './search.js';
export { metricsApi } from './metrics.js';
export { nokpiApi } from './nokpi.js';
export { indicatorsApi } from './indicators.js';
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
  caseWorkflow: caseWorkflowApi,
  followUp: followUpApi,
  cases: casesApi,
  caseView: caseViewApi,
  context: contextApi,
  catalog: catalogApi,
  catalogImport: catalogImportApi,
  meddra: meddraApi,
  referenceData: referenceDataApi,
  homeReports: homeReportsApi,
  auth: authApi,
  users: usersApi,
  settings: settingsApi,
  files: filesApi,
  imports: importsApi,
  auditTrail: auditTrailApi,
  search: searchApi,
  metrics: metricsApi,
  nokpi: nokpiApi,
  indicators: indicatorsApi,
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
