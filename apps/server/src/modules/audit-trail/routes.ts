import {
  auditConfigRequestSchema,
  auditSignalsRequestSchema,
  auditDetailRequestSchema,
  auditDetailSchema,
  auditFileRequestSchema,
  auditPageSchema,
  auditParametersRequestSchema,
  auditUsersRequestSchema,
  RATE_LIMITS,
} from '@atalaya/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { attachmentDisposition } from '../../http/content-disposition.js';
import { requireUser } from '../../http/route-access.js';
import { errorResponses, messageSchema } from '../../http/schemas.js';
import { buildAuditFile } from './file.js';
import { auditLogDetail, listAuditLog, type LogPanel } from './queries.js';

export interface AuditTrailModuleOptions {
  db: Db;
}

const TAGS = ['Auditoría'];
const withNotFound = { ...errorResponses, 404: messageSchema };

/**
 * The audit trail (platform spec §2 'Audit trail screen', §7 'Audit'; docs/audit-trail.md):
 * the lists and details of the Usuarios, Configuración and Parametros panels (audit_log) and
 * the audit file. The Evento Reportable panel's list is `getERHistoryByMeta` without `meta`
 * (module case-workflow). Read only: nothing here writes but the download's own audit row.
 */
export const auditTrailModule: FastifyPluginAsyncZod<AuditTrailModuleOptions> = async (app, { db }) => {
  const lists: { url: string; panel: LogPanel; body: typeof auditUsersRequestSchema | typeof auditConfigRequestSchema | typeof auditParametersRequestSchema | typeof auditSignalsRequestSchema; summary: string }[] = [
    { url: '/api/getAuditUsers', panel: 'Usuarios', body: auditUsersRequestSchema, summary: 'Auditoría de usuarios, paginada, más reciente primero (nombre o correo del usuario modificado, fechas)' },
    { url: '/api/getAuditConfig', panel: 'Configuracion', body: auditConfigRequestSchema, summary: 'Auditoría de la configuración (métricas, ajustes, descargas del archivo de auditoría), paginada' },
    { url: '/api/getAuditParameters', panel: 'Parametros', body: auditParametersRequestSchema, summary: 'Auditoría de los parámetros (listas de referencia), paginada, por tabla y fechas' },
    { url: '/api/getAuditSignals', panel: 'Senales', body: auditSignalsRequestSchema, summary: 'Auditoría del registro de señales (apertura, cambios de estado, notas, documentos, reasignaciones), paginada, por fechas' },
  ];
  for (const list of lists) {
    app.route({
      method: 'POST',
      url: list.url,
      config: { permission: 'auditTrail.read' },
      schema: { tags: TAGS, summary: list.summary, body: list.body, response: { 200: auditPageSchema, ...errorResponses } },
      handler: (request) => {
        const body = request.body as z.output<typeof auditParametersRequestSchema> & { name?: string | null };
        return listAuditLog(db, list.panel, body, { pageNumber: body.pageNumber, at: body.pageKey });
      },
    });
  }

  const details: { url: string; panel: LogPanel; summary: string }[] = [
    { url: '/api/getAuditUsersDetails', panel: 'Usuarios', summary: 'Detalle de un registro de auditoría de usuarios: valores anteriores y nuevos, origen, hash' },
    { url: '/api/getAuditConfigDetails', panel: 'Configuracion', summary: 'Detalle de un registro de auditoría de la configuración' },
    { url: '/api/getAuditParametersDetails', panel: 'Parametros', summary: 'Detalle de un registro de auditoría de los parámetros' },
    { url: '/api/getAuditSignalsDetails', panel: 'Senales', summary: 'Detalle de un registro de auditoría del registro de señales' },
  ];
  for (const detail of details) {
    app.route({
      method: 'POST',
      url: detail.url,
      config: { permission: 'auditTrail.read' },
      schema: { tags: TAGS, summary: detail.summary, body: auditDetailRequestSchema, response: { 200: auditDetailSchema, ...withNotFound } },
      handler: (request) => auditLogDetail(db, detail.panel, request.body.Id),
    });
  }

  app.route({
    method: 'POST',
    url: '/api/downloadAuditFile',
    config: { permission: 'auditTrail.read', rateLimit: RATE_LIMITS.export },
    schema: {
      tags: TAGS,
      summary: 'Descarga los registros del panel y sus filtros como CSV; la última línea lleva el SHA-256 del contenido, y la descarga queda auditada',
      body: auditFileRequestSchema,
      response: { 200: z.unknown().describe('Los bytes del CSV (text/csv, UTF-8, Content-Disposition: attachment; última línea: # SHA-256: {hex})'), ...errorResponses },
    },
    handler: async (request, reply) => {
      const file = await buildAuditFile(db, requireUser(request), request.body);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', attachmentDisposition(file.fileName))
        .header('X-Content-SHA256', file.sha256)
        .header('Cache-Control', 'no-store')
        .send(file.bytes);
    },
  });
};
