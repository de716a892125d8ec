import { MSG, pageOffset, pagedResult, parsePageKey, type HistoryEntry, type PagedResult } from '@atalaya/domain';
import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { events, operationHistory, operationHistoryLines, users } from '../../db/schema/index.js';
import { prefixRange } from '../../db/text-prefix.js';
import type { AuthUser } from '../../http/access-token.js';
import { badRequest, notFound } from '../../http/errors.js';
import { boundedTotal, type KeysetOrder, keysetColumns, keysetPlan, keysetResult } from '../case-lists/index.js';
import { caseReach, findCaseInReach, loadUserLaboratoryIds, reachesByLaboratory } from '../reach/index.js';

export interface HistoryQuery {
  meta: string | null;
  referencia: string | null;
  from: string | null;
  to: string | null;
  orderBy: 'Date DESC' | 'Date ASC';
  pageNumber: number;
  pageSize: number;
  pageKey?: string | null | undefined;
}

/** The day after a 'YYYY-MM-DD' date, for an inclusive upper bound. */
function dayAfter(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** The date conditions (inclusive UTC days). */
function dateConditions(query: Pick<HistoryQuery, 'from' | 'to'>): SQL[] {
  const conditions: SQL[] = [];
  if (query.from) conditions.push(gte(operationHistory.createdAt, new Date(`${query.from.slice(0, 10)}T00:00:00Z`)));
  if (query.to) conditions.push(lt(operationHistory.createdAt, new Date(`${dayAfter(query.to.slice(0, 10))}T00:00:00Z`)));
  return conditions;
}

interface EntryRow {
  id: number;
  createdAt: Date;
  description: string;
  operationType: string;
  comment: string | null;
  user: string;
  meta: string;
  referenceNumber: string | null;
}

/** The columns of a history entry with its author and case (the audit file adds the author's e-mail). */
export const historyEntryColumns = {
  id: operationHistory.id,
  createdAt: operationHistory.createdAt,
  description: operationHistory.description,
  operationType: operationHistory.operationType,
  comment: operationHistory.comment,
  user: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
  meta: events.meta,
  referenceNumber: events.referenceNumber,
};

/** The entries with their lines: one query for all the lines of the page, whatever its size. */
export async function withLines(db: DbOrTx, entries: EntryRow[]): Promise<HistoryEntry[]> {
  const lines =
    entries.length === 0
      ? []
      : await db
          .select()
          .from(operationHistoryLines)
          .where(inArray(operationHistoryLines.entryId, entries.map((entry) => entry.id)))
          .orderBy(asc(operationHistoryLines.id));
  return entries.map((entry) => ({
    Id: entry.id,
    Meta: entry.meta,
    NumeroReferencia: entry.referenceNumber,
    Date: entry.createdAt.toISOString(),
    DateUTC: entry.createdAt.toISOString(),
    User: entry.user,
    Description: entry.description,
    OperationType: entry.operationType as HistoryEntry['OperationType'],
    Comentario: entry.comment,
    Lines: lines
      .filter((line) => line.entryId === entry.id)
      .map((line) => ({ Description: line.description, OldValue: line.oldValue, NewValue: line.newValue, IsFile: line.isFile, Comentario: line.comment })),
  }));
}

/**
 * `getERHistoryByMeta`: with `meta`, a page of the case's operation history (Operaciones tab),
 * newest first by default, filtered by date (inclusive, UTC days): two queries for the page and
 * one for all its lines (index operation_history_event_created_at_idx). Without `meta`, the
 * audit trail's 'Evento Reportable' panel: `historyAcrossCases`.
 */
export async function getHistoryPage(db: Db, user: AuthUser, query: HistoryQuery): Promise<PagedResult<HistoryEntry>> {
  if (!query.meta) return historyAcrossCases(db, user, query);
  const found = await findCaseInReach(db, user, query.meta);
  if (!found) throw notFound(MSG.lists.eventNotFound);
  // A reference that is not the case's own: nothing of this case matches.
  if (query.referencia && !found.referenceNumber.toUpperCase().startsWith(query.referencia.toUpperCase())) {
    return pagedResult([], 0, query.pageNumber, query.pageSize);
  }
  const offset = pageOffset(query.pageNumber, query.pageSize);
  if (offset > 10_000) throw badRequest(MSG.lists.pageTooFar);
  const where = and(eq(operationHistory.eventId, found.id), ...dateConditions(query));
  const order = query.orderBy === 'Date ASC' ? [asc(operationHistory.createdAt), asc(operationHistory.id)] : [desc(operationHistory.createdAt), desc(operationHistory.id)];

  const [totalRow] = await db.select({ n: count() }).from(operationHistory).where(where);
  const entries = await db
    .select(historyEntryColumns)
    .from(operationHistory)
    .innerJoin(users, eq(users.id, operationHistory.userId))
    .innerJoin(events, eq(events.id, operationHistory.eventId))
    .where(where)
    .orderBy(...order)
    .limit(query.pageSize)
    .offset(offset);
  return pagedResult(await withLines(db, entries), Number(totalRow?.n ?? 0), query.pageNumber, query.pageSize);
}

/** The keyset order of the history across cases: (created_at, id), index operation_history_created_at_id_idx (0015). */
function historyOrder(direction: 'ASC' | 'DESC'): KeysetOrder {
  return { value: operationHistory.createdAt, kind: 'timestamp', id: operationHistory.id, idKind: 'integer', direction };
}

/**
 * ADMIN's audit of the cases: every case's entries, drafts and deleted cases included (the audit
 * of the whole company; docs/audit-trail.md 'ADMIN and the Evento Reportable panel'). It is not a
 * reach: ADMIN still opens no case, and one case's history (`meta`) stays 404 to it.
 */
const WHOLE_COMPANY_AUDIT = sql`true`;

/** Most cases a `referencia` prefix may match in the list across cases (more: 400, type more of it). */
export const MAX_REFERENCE_MATCHES = 200;

/**
 * The conditions of the history across cases: the cases in the user's reach, the reference
 * prefix, the dates. With a reference, the matching cases in reach are read first (index
 * events_reference_number_unique, at most `MAX_REFERENCE_MATCHES`) and the history is read by
 * their ids (operation_history_event_created_at_idx): walking the whole history newest first
 * to find an old case's entries would read hundreds of thousands of rows (bench/README.md).
 */
export async function historyAcrossCasesWhere(db: DbOrTx, user: AuthUser, query: Pick<HistoryQuery, 'referencia' | 'from' | 'to'>): Promise<SQL | undefined> {
  const laboratoryIds = reachesByLaboratory(user.role) ? await loadUserLaboratoryIds(db, user.id) : undefined;
  const reach = user.role === 'ADMIN' ? WHOLE_COMPANY_AUDIT : caseReach(user, laboratoryIds);
  if (!query.referencia) return and(reach, ...dateConditions(query));
  const matching = await db
    .select({ id: events.id })
    .from(events)
    .where(and(reach, prefixRange(events.referenceNumber, query.referencia.toUpperCase())))
    .limit(MAX_REFERENCE_MATCHES + 1);
  if (matching.length > MAX_REFERENCE_MATCHES) throw badRequest(MSG.audit.tooManyReferences(MAX_REFERENCE_MATCHES.toLocaleString('es-UY')));
  if (matching.length === 0) return sql`false`;
  return and(sql`${operationHistory.eventId} = any(${`{${matching.map((row) => row.id).join(',')}}`}::uuid[])`, ...dateConditions(query));
}

/**
 * The operation history of every case in the user's reach (docs/audit-trail.md), newest first,
 * keyset paged (docs/api.md 'Paging') with a bounded total: the page, then one query for its
 * lines. A case out of reach never shows; ADMIN, who reaches no case, reads every case's entries
 * here (and only here: docs/roles.md).
 */
async function historyAcrossCases(db: Db, user: AuthUser, query: HistoryQuery): Promise<PagedResult<HistoryEntry>> {
  const at = parsePageKey(query.pageKey);
  if (!at) throw badRequest(MSG.lists.invalidPageKey);
  const order = historyOrder(query.orderBy === 'Date ASC' ? 'ASC' : 'DESC');
  const plan = keysetPlan(order, at, query.pageNumber, query.pageSize);
  const where = await historyAcrossCasesWhere(db, user, query);
  const [rows, total] = await Promise.all([
    db
      .select({ ...historyEntryColumns, ...keysetColumns(order) })
      .from(operationHistory)
      .innerJoin(events, eq(events.id, operationHistory.eventId))
      .innerJoin(users, eq(users.id, operationHistory.userId))
      .where(and(where, plan.where))
      .orderBy(...plan.orderBy)
      .limit(plan.limit)
      .offset(plan.offset),
    boundedTotal(db, db.select({ one: sql`1` }).from(operationHistory).innerJoin(events, eq(events.id, operationHistory.eventId)).where(where)),
  ]);
  // A bigint id comes back as text from node-postgres: the key holds it as a number.
  const keyed = rows.map((row) => ({ ...row, id: Number(row.id), keyId: Number(row.keyId) }));
  const paged = keysetResult(at, plan, keyed, total, query.pageNumber, query.pageSize);
  return { ...paged, Result: await withLines(db, paged.Result) };
}
