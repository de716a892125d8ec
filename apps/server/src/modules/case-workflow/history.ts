import { MSG, pageOffset, pagedResult, type HistoryEntry, type PagedResult } from '@atalaya/domain';
import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { operationHistory, operationHistoryLines, users } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/access-token.js';
import { notFound } from '../../http/errors.js';
import { findCaseInReach } from '../reach/index.js';

export interface HistoryQuery {
  meta: string;
  from: string | null;
  to: string | null;
  orderBy: 'Date DESC' | 'Date ASC';
  pageNumber: number;
  pageSize: number;
}

/** The day after a 'YYYY-MM-DD' date, for an inclusive upper bound. */
function dayAfter(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/**
 * `getERHistoryByMeta`: a page of the case's operation history (Operaciones tab), newest first
 * by default, filtered by date (inclusive, UTC days). Two queries for the page and one for all
 * its lines, whatever the page size (index operation_history_event_created_at_idx).
 */
export async function getHistoryPage(db: Db, user: AuthUser, query: HistoryQuery): Promise<PagedResult<HistoryEntry>> {
  const found = await findCaseInReach(db, user, query.meta);
  if (!found) throw notFound(MSG.lists.eventNotFound);
  const conditions: SQL[] = [eq(operationHistory.eventId, found.id)];
  if (query.from) conditions.push(gte(operationHistory.createdAt, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) conditions.push(lt(operationHistory.createdAt, new Date(`${dayAfter(query.to)}T00:00:00Z`)));
  const where = and(...conditions);
  const order = query.orderBy === 'Date ASC' ? [asc(operationHistory.createdAt), asc(operationHistory.id)] : [desc(operationHistory.createdAt), desc(operationHistory.id)];

  const [totalRow] = await db.select({ n: count() }).from(operationHistory).where(where);
  const entries = await db
    .select({
      id: operationHistory.id,
      createdAt: operationHistory.createdAt,
      description: operationHistory.description,
      operationType: operationHistory.operationType,
      comment: operationHistory.comment,
      user: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
    })
    .from(operationHistory)
    .innerJoin(users, eq(users.id, operationHistory.userId))
    .where(where)
    .orderBy(...order)
    .limit(query.pageSize)
    .offset(pageOffset(query.pageNumber, query.pageSize));
  const lines =
    entries.length === 0
      ? []
      : await db
          .select()
          .from(operationHistoryLines)
          .where(inArray(operationHistoryLines.entryId, entries.map((entry) => entry.id)))
          .orderBy(asc(operationHistoryLines.id));

  const rows: HistoryEntry[] = entries.map((entry) => ({
    Id: entry.id,
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
  return pagedResult(rows, Number(totalRow?.n ?? 0), query.pageNumber, query.pageSize);
}
