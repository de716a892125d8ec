import {
  AUDIT_PAGE_SIZE,
  auditChanges,
  type AuditDetail,
  type AuditPanel,
  type AuditRow,
  MSG,
  type PageAt,
  type PagedResult,
  REFERENCE_TABLE_NAMES,
} from '@atalaya/domain';
import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { auditLog, users } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../http/errors.js';
import { boundedTotal, type KeysetOrder, keysetColumns, keysetPlan, keysetResult } from '../case-lists/index.js';

/** The audit_log panels (the Evento Reportable panel reads the cases' history: docs/audit-trail.md). */
export type LogPanel = Exclude<AuditPanel, 'ER'>;

/** The filters of a panel, as the bodies give them. */
export interface LogFilters {
  from: string | null;
  to: string | null;
  /** Usuarios: part of the changed user's name or e-mail. */
  name?: string | null;
  /** Parametros: the reference list (spec table name). */
  tabla?: string | null;
}

/** Newest first: (date_utc, id), served per instance by audit_log_instance_date_id_idx and, with a table, audit_log_instance_table_date_id_idx (0015). */
export const LOG_ORDER: KeysetOrder = { value: auditLog.dateUtc, kind: 'timestamp', id: auditLog.id, idKind: 'integer', direction: 'DESC' };

/** The day after an ISO day. */
function dayAfter(day: string): string {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** Escapes `%`, `_` and `\` for a LIKE pattern. */
function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The WHERE of a panel: its instance, the dates (inclusive UTC days) and its own filter. */
export function logConditions(panel: LogPanel, filters: LogFilters): SQL {
  const conditions: (SQL | undefined)[] = [eq(auditLog.instance, panel)];
  if (filters.from) conditions.push(gte(auditLog.dateUtc, new Date(`${filters.from}T00:00:00Z`)));
  if (filters.to) conditions.push(lt(auditLog.dateUtc, new Date(`${dayAfter(filters.to)}T00:00:00Z`)));
  if (panel === 'Parametros' && filters.tabla) {
    if (!(REFERENCE_TABLE_NAMES as readonly string[]).includes(filters.tabla)) throw badRequest(MSG.lists.invalidFilter);
    conditions.push(eq(auditLog.tableName, filters.tabla));
  }
  if (panel === 'Usuarios' && filters.name) {
    const pattern = likeContains(filters.name);
    // The users whose name or e-mail holds the text (a few thousand users at most), then their rows.
    conditions.push(
      sql`${auditLog.pkId} in (select ${users.id}::text from ${users} where (${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern} or ${users.email} ilike ${pattern})`,
    );
  }
  return and(...conditions) as SQL;
}

const rowColumns = {
  id: auditLog.id,
  operationType: auditLog.operationType,
  pkId: auditLog.pkId,
  referenceNumber: auditLog.referenceNumber,
  metadata: auditLog.metadata,
  instance: auditLog.instance,
  tableName: auditLog.tableName,
  user: sql<string | null>`trim(${users.firstName} || ' ' || ${users.lastName})`,
  dateUtc: auditLog.dateUtc,
  description: auditLog.description,
};

interface RowColumns {
  id: number;
  operationType: string;
  pkId: string | null;
  referenceNumber: string | null;
  metadata: string | null;
  instance: string;
  tableName: string | null;
  user: string | null;
  dateUtc: Date;
  description: string;
}

function toRow(row: RowColumns): AuditRow {
  return {
    Id: row.id,
    OperationType: row.operationType as AuditRow['OperationType'],
    PKId: row.pkId,
    ReferenceNumber: row.referenceNumber,
    Metadata: row.metadata,
    Instance: row.instance,
    Tabla: row.tableName,
    User: row.user,
    DateUTC: row.dateUtc.toISOString(),
    Description: row.description,
  };
}

/**
 * A page of a panel (getAuditUsers, getAuditConfig, getAuditParameters), newest first, keyset
 * paged (docs/api.md 'Paging'): the page (with its authors' names, one join) and the bounded
 * total (exact up to 10,000, the planner's estimate above), two queries whatever the page.
 */
export async function listAuditLog(db: Db, panel: LogPanel, filters: LogFilters, page: { pageNumber: number; at: PageAt }): Promise<PagedResult<AuditRow>> {
  const plan = keysetPlan(LOG_ORDER, page.at, page.pageNumber, AUDIT_PAGE_SIZE);
  const where = logConditions(panel, filters);
  const [rows, total] = await Promise.all([
    db
      .select({ ...rowColumns, ...keysetColumns(LOG_ORDER) })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.userId))
      .where(and(where, plan.where))
      .orderBy(...plan.orderBy)
      .limit(plan.limit)
      .offset(plan.offset),
    boundedTotal(db, db.select({ one: sql`1` }).from(auditLog).where(where)),
  ]);
  // A bigint id comes back as text from node-postgres: the key holds it as a number.
  const keyed = rows.map((row) => ({ ...row, id: Number(row.id), keyId: Number(row.keyId) }));
  const paged = keysetResult(page.at, plan, keyed, total, page.pageNumber, AUDIT_PAGE_SIZE);
  return { ...paged, Result: paged.Result.map(toRow) };
}

/** One row of a panel with its changes (the detail modal); 404 when it is not a row of that panel. */
export async function auditLogDetail(db: Db, panel: LogPanel, id: number): Promise<AuditDetail> {
  const [row] = await db
    .select({
      ...rowColumns,
      email: users.email,
      oldValues: auditLog.oldValues,
      newValues: auditLog.newValues,
      ipAddress: auditLog.ipAddress,
      userAgent: auditLog.userAgent,
      chainSeq: auditLog.chainSeq,
      hash: auditLog.hash,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(and(eq(auditLog.id, id), eq(auditLog.instance, panel)));
  if (!row) throw notFound(MSG.audit.rowNotFound);
  return {
    ...toRow(row),
    Cambios: auditChanges(row.oldValues, row.newValues),
    Email: row.email,
    DireccionIP: row.ipAddress,
    Navegador: row.userAgent,
    PosicionCadena: row.chainSeq,
    Hash: row.hash,
  };
}

/** The rows of a panel for its file: newest first, at most `limit` (one query). */
export async function auditLogRowsForFile(db: DbOrTx, panel: LogPanel, filters: LogFilters, limit: number) {
  return db
    .select({ ...rowColumns, email: users.email, oldValues: auditLog.oldValues, newValues: auditLog.newValues })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(logConditions(panel, filters))
    .orderBy(sql`${auditLog.dateUtc} desc`, sql`${auditLog.id} desc`)
    .limit(limit);
}
