import {
  auditConfigRequestSchema,
  auditDetailRequestSchema,
  auditDetailSchema,
  auditFileRequestSchema,
  auditPageSchema,
  auditParametersRequestSchema,
  auditSignalsRequestSchema,
  auditUsersRequestSchema,
} from '../contracts/audit-trail.js';
import { endpoint } from './endpoint.js';

/** The audit trail's panels (Usuarios, Configuración, Parámetros, Señales): lists, details and the audit file (a CSV). */
export const auditTrailApi = {
  getAuditUsers: endpoint({ method: 'POST', path: '/api/getAuditUsers', access: 'auditTrail.read', body: auditUsersRequestSchema, response: auditPageSchema, errors: { 400: ['audit.datesOutOfOrder', 'lists.pageTooFar'] } }),
  getAuditConfig: endpoint({ method: 'POST', path: '/api/getAuditConfig', access: 'auditTrail.read', body: auditConfigRequestSchema, response: auditPageSchema, errors: { 400: ['audit.datesOutOfOrder', 'lists.invalidFilter', 'lists.pageTooFar'] } }),
  getAuditParameters: endpoint({
    method: 'POST',
    path: '/api/getAuditParameters',
    access: 'auditTrail.read',
    body: auditParametersRequestSchema,
    response: auditPageSchema,
    errors: { 400: ['audit.datesOutOfOrder', 'lists.pageTooFar'] },
  }),
  getAuditSignals: endpoint({ method: 'POST', path: '/api/getAuditSignals', access: 'auditTrail.read', body: auditSignalsRequestSchema, response: auditPageSchema, errors: { 400: ['audit.datesOutOfOrder', 'lists.invalidFilter', 'lists.pageTooFar'] } }),
  getAuditUsersDetails: endpoint({
    method: 'POST',
    path: '/api/getAuditUsersDetails',
    access: 'auditTrail.read',
    body: auditDetailRequestSchema,
    response: auditDetailSchema,
    errors: { 404: ['audit.rowNotFound'] },
  }),
  getAuditConfigDetails: endpoint({
    method: 'POST',
    path: '/api/getAuditConfigDetails',
    access: 'auditTrail.read',
    body: auditDetailRequestSchema,
    response: auditDetailSchema,
    errors: { 404: ['audit.rowNotFound'] },
  }),
  getAuditParametersDetails: endpoint({
    method: 'POST',
    path: '/api/getAuditParametersDetails',
    access: 'auditTrail.read',
    body: auditDetailRequestSchema,
    response: auditDetailSchema,
    errors: { 404: ['audit.rowNotFound'] },
  }),
  getAuditSignalsDetails: endpoint({
    method: 'POST',
    path: '/api/getAuditSignalsDetails',
    access: 'auditTrail.read',
    body: auditDetailRequestSchema,
    response: auditDetailSchema,
    errors: { 404: ['audit.rowNotFound'] },
  }),
  downloadAuditFile: endpoint({ method: 'POST', path: '/api/downloadAuditFile', access: 'auditTrail.read', body: auditFileRequestSchema, returns: 'blob', errors: { 400: ['audit.tooManyRows'] } }),
};
