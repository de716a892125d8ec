// The audit trail (/audittrail; platform spec §2, §7 'Audit'; issue 18 §4).
export { AuditTrailPage } from './audit-trail-page';
