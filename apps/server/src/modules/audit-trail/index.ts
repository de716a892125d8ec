export { auditTrailModule, type AuditTrailModuleOptions } from './routes.js';
export { AUDIT_FILE_COLUMNS, buildAuditFile } from './file.js';
export { listAuditLog } from './queries.js';
