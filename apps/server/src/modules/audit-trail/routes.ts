import { type auditParametersRequestSchema, auditTrailApi, RATE_LIMITS } from '@atalaya/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { contractRoute } from '../../http/contract-route.js';
import { downloadRoute } from '../../http/download-route.js';
import { requireUser } from '../../http/route-access.js';
import { errorResponses, messageSchema } from '../../http/schemas.js';
import { buildAuditFile } from './file.js';
import { auditLogDetail, listAuditLog, type LogPanel } from './queries.js';

export interface AuditTrailModuleOptions {
  db: Db;
}

const TAGS = ['Auditoría'];
const withNotFound = { ...errorResponses, 404: messageSchema };

/** What the lists read of their bodies: every panel's filters are a subset of the parameters' and the name. */
type AuditListBody = z.output<typeof auditParametersRequestSchema> & { name?: string | null };

/**
 * The audit trail (platform spec §2 'Audit trail screen', §7 'Audit'; docs/audit-trail.md):
 * the lists and details of the Usuarios, Configuración and Parametros panels (audit_log) and
 * the audit file. The Evento Reportable panel's list is `getERHistoryByMeta` without `meta`
 * (module case-workflow). Read only: nothing here writes but the download's own audit row.
 */
export const auditTrailModule: FastifyPluginAsyncZod<AuditTrailModuleOptions> = async (app, { db }) => {
  const lists = [
    { name: 'getAuditUsers', panel: 'Usuarios', summary: 'Auditoría de usuarios, paginada, más reciente primero (nombre o correo del usuario modificado, fechas)' },
    { name: 'getAuditConfig', panel: 'Configuracion', summary: 'Auditoría de la configuración (métricas, ajustes, descargas del archivo de auditoría), paginada' },
    { name: 'getAuditParameters', panel: 'Parametros', summary: 'Auditoría de los parámetros (listas de referencia), paginada, por tabla y fechas' },
    { name: 'getAuditSignals', panel: 'Senales', summary: 'Auditoría del registro de señales (apertura, cambios de estado, notas, documentos, reasignaciones), paginada, por fechas' },
  ] as const satisfies readonly { name: keyof typeof auditTrailApi; panel: LogPanel; summary: string }[];
  for (const list of lists) {
    app.route({
      ...contractRoute(auditTrailApi[list.name], { tags: TAGS, summary: list.summary, errors: errorResponses }),
      handler: (request) => {
        const body = request.body as AuditListBody;
        return listAuditLog(db, list.panel, body, { pageNumber: body.pageNumber, at: body.pageKey });
      },
    });
  }

  const details = [
    { name: 'getAuditUsersDetails', panel: 'Usuarios', summary: 'Detalle de un registro de auditoría de usuarios: valores anteriores y nuevos, origen, hash' },
    { name: 'getAuditConfigDetails', panel: 'Configuracion', summary: 'Detalle de un registro de auditoría de la configuración' },
    { name: 'getAuditParametersDetails', panel: 'Parametros', summary: 'Detalle de un registro de auditoría de los parámetros' },
    { name: 'getAuditSignalsDetails', panel: 'Senales', summary: 'Detalle de un registro de auditoría del registro de señales' },
  ] as const satisfies readonly { name: keyof typeof auditTrailApi; panel: LogPanel; summary: string }[];
  for (const detail of details) {
    app.route({
      ...contractRoute(auditTrailApi[detail.name], { tags: TAGS, summary: detail.summary, errors: withNotFound }),
      handler: (request) => auditLogDetail(db, detail.panel, request.body.Id),
    });
  }

  app.route(
    downloadRoute(auditTrailApi.downloadAuditFile, {
      tags: TAGS,
      summary: 'Descarga los registros del panel y sus filtros como CSV; la última línea lleva el SHA-256 del contenido, y la descarga queda auditada',
      answer: 'Los bytes del CSV (text/csv, UTF-8, Content-Disposition: attachment; última línea: # SHA-256: {hex})',
      errors: errorResponses,
      config: { rateLimit: RATE_LIMITS.export },
      load: async (request) => {
        const file = await buildAuditFile(db, requireUser(request), request.body);
        return { fileName: file.fileName, contentType: 'text/csv; charset=utf-8', body: file.bytes, headers: { 'X-Content-SHA256': file.sha256 }, cacheControl: 'no-store' };
      },
    }),
  );
};
