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
import { tasksApi } from './tasks.js';

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
} as const;
