export { formatImportCode, IMPORT_CODE_PREFIX, importCodeParams } from './codes.js';
export { createImportEvents, type ImportEvents, type ImportWork, onImportProgress } from './events.js';
export { type ImportHandler, type ImportJobContext, ImportRejected, type ImportRowError } from './job.js';
export { importsModule, type ImportsModuleOptions } from './routes.js';
export { IMPORT_RUNNER_DEFAULTS, type ImportHandlers, type ImportRunner, type ImportRunnerOptions, startImportRunner } from './runner.js';
export { IMPORT_ERRORS_STORED } from './store.js';
// The E2B(R3) import (modules/e2b-import) is an import job with routes of its own (other roles, other fields).
export { importDetail, importList, type ImportServiceDeps, refuseWhileActive, startImport } from './service.js';
export { type ImportUpload, registerImportUploads, withImportUpload } from './upload.js';
