export { createHomeReportEvents, onHomeReportCreated, type HomeReportCreated, type HomeReportEvents } from './events.js';
export { homeReportsModule, type HomeReportsModuleOptions } from './routes.js';
export { reportColumns, storedReport, type StoredReport } from './stored-report.js';
// The demo seed (src/demo) stores its reports and enters its cases as the public form and Ingresar do.
export { enterCase, storeCaseRecords } from './enter-case.js';
// The E2B import's historic cases are copied into the case's tables as Ingresar copies a report.
export { caseRecordsFromReport, type CaseRecords, type CatalogFacts } from './case-from-report.js';
export { insertHomeReport, insertStatusHistory } from './queries.js';
export { resolveReferences } from './references.js';
// The intake bench (src/faces/bench.ts) stores and numbers reports as the public form does.
export { insertWaitingReport, numberReport } from './numbering.js';
