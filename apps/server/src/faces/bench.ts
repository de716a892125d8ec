/**
 * The server's face for bench/ (docs/architecture.md 'Faces'): everything a bench script may
 * use of the server, in one place. bench/ imports nothing else of apps/server (a lint zone,
 * eslint.config.js), so a change inside a module shows here, not in twenty scripts. Prefer
 * HTTP against the built server (bench/support/server.ts) where a figure is a call's.
 */
export { buildApp } from '../app.js';
export { loadConfig } from '../config.js';
export { type Database, type Db, type DbOrTx, migrate, openDatabase } from '../db/client.js';
export * from '../db/schema/index.js';
export * as seedData from '../db/seed/data/index.js';
export { meddraLlts, meddraPts, meddraSocs } from '../db/seed/data/index.js';
export { seedDemoCatalogAndUsers, seedReferenceData } from '../db/seed/index.js';
export { seedDemoData, seedOnStart } from '../demo/index.js';
export type { AuthUser } from '../http/access-token.js';
export { verifyAuditLog, writeAudit } from '../modules/audit/index.js';
export { buildAuditFile, listAuditLog } from '../modules/audit-trail/index.js';
export { MAX_FAILURES_PER_ACCOUNT } from '../modules/auth/index.js';
export { getHistoryPage } from '../modules/case-workflow/index.js';
export { catalogImportHandler } from '../modules/catalog-import/index.js';
export { refreshCaseDeadlines, rowsOf, sweepOverdueDeadlines } from '../modules/deadlines/index.js';
export {
  candidateIds,
  type ComparedRecord,
  duplicateThreshold,
  loadCaseRecords,
  reportRecord,
  type ReportRow,
  type ScanProfile,
  scanFrequencies,
  scanRegistry,
  valueFrequencies,
} from '../modules/duplicates/index.js';
export { buildBatchXml, exportBatch, exportCase, exportMeddraVersion, exportSender, hl7Moment, loadIcsrs, preloadSchema } from '../modules/e2b/index.js';
export { confirmE2bImport, createE2bImportHandler, parseBatchFile, xsdSchemaCheck } from '../modules/e2b-import/index.js';
export { createHomeReportEvents, insertWaitingReport, numberReport, type StoredReport } from '../modules/home-reports/index.js';
export type { ImportJobContext } from '../modules/imports/index.js';
export { accentInsensitivePattern, currentLltsMatching, foldAccents, searchCurrentLlts } from '../modules/meddra/index.js';
export { createMeddraImportHandler, type MeddraImportPhase } from '../modules/meddra-import/index.js';
export { loadUserLaboratoryIds } from '../modules/reach/index.js';
export { loadSignalCsv, parseSignalCsv, signalOptions, signalTable } from '../modules/signals/index.js';
export { solvedCaptchaPayload } from '../test-support/captcha-solver.js';
export { bearer, createUser, login, solveCaptcha } from '../test-support/factories.js';
export { patientReport } from '../test-support/public-reports.js';
