import {
  type AuditFileRequest,
  type AuditPanel,
  auditFileHash,
  auditFileName,
  caseWorkflowApi,
  auditTrailApi,
  type HistoryQueryBody,
} from '@atalaya/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call, saveBlob } from '../../shared/api';
import type { LogListBody } from './audit-logic';

/**
 * The calls of the audit trail (packages/domain/src/contracts/audit-trail.ts; docs/audit-trail.md):
 * the Evento Reportable panel reads `getERHistoryByMeta` without `meta`, the other three their
 * own lists and details; `downloadAuditFile` the current panel's file.
 */
export const auditKeys = {
  all: ['audit-trail'] as const,
  list: (panel: AuditPanel, body: object) => ['audit-trail', 'list', panel, body] as const,
  detail: (panel: AuditPanel, id: number) => ['audit-trail', 'detail', panel, id] as const,
};

const LIST_CALLS = {
  Usuarios: auditTrailApi.getAuditUsers,
  Configuracion: auditTrailApi.getAuditConfig,
  Parametros: auditTrailApi.getAuditParameters,
  Senales: auditTrailApi.getAuditSignals,
} as const;
const DETAIL_CALLS = {
  Usuarios: auditTrailApi.getAuditUsersDetails,
  Configuracion: auditTrailApi.getAuditConfigDetails,
  Parametros: auditTrailApi.getAuditParametersDetails,
  Senales: auditTrailApi.getAuditSignalsDetails,
} as const;

export type LogPanel = keyof typeof LIST_CALLS;

/** `POST getERHistoryByMeta` without meta: a page of the history of the cases in reach. */
export const eventHistoryQuery = (body: HistoryQueryBody) =>
  queryOptions({
    queryKey: auditKeys.list('ER', body),
    queryFn: ({ signal }) => call(caseWorkflowApi.getERHistoryByMeta, { body, signal }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

/** A page of an audit_log panel. */
export const auditLogQuery = (panel: LogPanel, body: LogListBody) =>
  queryOptions({
    queryKey: auditKeys.list(panel, body),
    queryFn: ({ signal }) => call(LIST_CALLS[panel], { body, signal }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

/** The detail of a row of an audit_log panel. */
export const auditDetailQuery = (panel: LogPanel, id: number) =>
  queryOptions({
    queryKey: auditKeys.detail(panel, id),
    queryFn: ({ signal }) => call(DETAIL_CALLS[panel], { body: { Id: id }, signal }),
    staleTime: Infinity,
  });

/**
 * `POST downloadAuditFile`: the file of the panel and its filters, saved under the name the
 * server gives it (the panel and the first digits of the SHA-256 its last line states).
 * A refusal is thrown as the API error (its `Message`, without the global notice).
 */
export async function downloadAuditFile(request: AuditFileRequest): Promise<string> {
  // The bytes as they came (a text decode would drop the BOM, which the hash covers).
  const file = await call(auditTrailApi.downloadAuditFile, { body: request, notify: false });
  const hash = auditFileHash(await file.text()) ?? '';
  const fileName = auditFileName(request.panel, hash);
  saveBlob(file, fileName);
  return fileName;
}
