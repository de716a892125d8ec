import { AUDIT_PAGE_SIZE, type AuditFileRequest, type AuditPanel, type auditTrailApi, type BodyOf, type HistoryQueryBody, type PageRequest, pageKeyText } from '@atalaya/domain';

/** The filters of every panel (each panel shows its own: spec §2 'Audit trail screen'). */
export interface Filters {
  from: string | null;
  to: string | null;
  /** Evento Reportable: the reference (or its start). */
  referencia: string;
  /** Usuarios: the changed user's name or e-mail. */
  name: string;
  /** Parametros: the reference list. */
  tabla: string | null;
}

export const NO_FILTERS: Filters = { from: null, to: null, referencia: '', name: '', tabla: null };
export const FIRST: PageRequest = { pageNumber: 1, at: { kind: 'first' } };

/** The body of an audit_log panel's list call (`auditTrailApi.getAudit…`). */
export type LogListBody = BodyOf<typeof auditTrailApi.getAuditUsers | typeof auditTrailApi.getAuditConfig | typeof auditTrailApi.getAuditParameters | typeof auditTrailApi.getAuditSignals>;

/** The body of a panel's list call. */
export function listBody(panel: Exclude<AuditPanel, 'ER'>, filters: Filters, page: PageRequest): LogListBody;
export function listBody(panel: AuditPanel, filters: Filters, page: PageRequest): HistoryQueryBody | LogListBody;
export function listBody(panel: AuditPanel, filters: Filters, page: PageRequest): HistoryQueryBody | LogListBody {
  const key = pageKeyText(page.at);
  const paging = { pageNumber: page.pageNumber, ...(key ? { pageKey: key } : {}) };
  const dates = { ...(filters.from ? { from: filters.from } : {}), ...(filters.to ? { to: filters.to } : {}) };
  switch (panel) {
    case 'ER':
      return { ...dates, ...(filters.referencia.trim() ? { referencia: filters.referencia.trim() } : {}), ...paging, pageSize: AUDIT_PAGE_SIZE, orderBy: 'Date DESC' } satisfies HistoryQueryBody;
    case 'Usuarios':
      return { ...dates, ...(filters.name.trim() ? { name: filters.name.trim() } : {}), ...paging };
    case 'Parametros':
      return { ...dates, ...(filters.tabla ? { tabla: filters.tabla } : {}), ...paging };
    case 'Configuracion':
    case 'Senales':
      return { ...dates, ...paging };
  }
}

/** The body of downloadAuditFile for a panel and its filters. */
export function fileBody(panel: AuditPanel, filters: Filters): AuditFileRequest {
  const { pageNumber: _page, pageKey: _key, pageSize: _size, orderBy: _order, ...rest } = listBody(panel, filters, FIRST) as Record<string, unknown>;
  return { panel, ...rest } as AuditFileRequest;
}

