export { AUDIT_KINDS, type AuditKind } from '../../db/schema/index.js';
export { writeAudit, type AuditActor, type AuditEntry } from './writer.js';
export { type AuditChainBreak, type AuditChainReport, GENESIS_HASH, verifyAuditChain, verifyAuditLog } from './chain.js';
