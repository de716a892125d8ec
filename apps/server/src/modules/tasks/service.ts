import {
  type ErComment,
  type ErListRow,
  type FollowUpItem,
  type ListOrder,
  MSG,
  PAGE_SIZE,
  type PageAt,
  type PagedResult,
  type WorkflowOrderColumn,
} from '@atalaya/domain';
import type { Db } from '../../db/client.js';
import type { AuthUser } from '../../http/access-token.js';
import { notFound } from '../../http/errors.js';
import { boundedTotal, keysetPlan, keysetResult } from '../../http/keyset.js';
import { findCaseInReach } from '../reach/index.js';
import {
  caseComments,
  caseFollowUps,
  type CaseListCondition,
  caseMatches,
  caseOrder,
  casePage,
  invertCondition,
  type ListContext,
  listContext,
  pendingCondition,
} from './queries.js';
import { buildCaseRows } from './rows.js';
import type { PendingListFilters } from './schemas.js';
import { personName } from '../../shared/person-name.js';

export interface ListRequest {
  page: number;
  /** Where the page starts (`pageKey`, docs/api.md 'Paging'). */
  at: PageAt;
  order: ListOrder<WorkflowOrderColumn>;
}

/**
 * One page of a case list, keyset paged (`keysetPlan`: the order value and the case id), with
 * its bounded total (exact up to 10,000, the planner's estimate above); the page and the total
 * are read concurrently (after one query for the user's time zone and laboratories,
 * `listContext`), then the page's rows are completed by one query (`buildCaseRows`).
 */
async function caseList(db: Db, user: AuthUser, request: ListRequest, where: (context: ListContext) => CaseListCondition): Promise<PagedResult<ErListRow>> {
  const order = caseOrder(request.order);
  const plan = keysetPlan(order, request.at, request.page, PAGE_SIZE);
  const context = await listContext(db, user);
  const { timeZone } = context;
  const condition = where(context);
  const [total, read] = await Promise.all([
    boundedTotal(db, caseMatches(db, condition)),
    casePage(db, condition, request.order.column, order, plan, request.at),
  ]);
  const page = keysetResult(request.at, plan, read, total, request.page, PAGE_SIZE);
  const rows = await buildCaseRows(db, page.Result, { userId: user.id, timeZone, now: new Date() });
  return { ...page, Result: rows };
}

/** `getWorkFlow`: "Mis acciones pendientes" with its filters. */
export function pendingList(db: Db, user: AuthUser, request: ListRequest & { filters: PendingListFilters }): Promise<PagedResult<ErListRow>> {
  return caseList(db, user, request, ({ timeZone, laboratoryIds }) => pendingCondition(user, laboratoryIds, request.filters, timeZone));
}

/** `getWorkFlowInvert`: open cases in reach that wait on another role. */
export function invertList(db: Db, user: AuthUser, request: ListRequest): Promise<PagedResult<ErListRow>> {
  return caseList(db, user, request, ({ laboratoryIds }) => invertCondition(user, laboratoryIds));
}

async function caseIdInReach(db: Db, user: AuthUser, meta: string): Promise<string> {
  const found = await findCaseInReach(db, user, meta);
  if (!found) throw notFound(MSG.lists.eventNotFound);
  return found.id;
}


/** `getERCommentsByMeta`: the workflow comments of a case in reach, newest first. */
export async function commentsOf(db: Db, user: AuthUser, meta: string): Promise<ErComment[]> {
  const rows = await caseComments(db, await caseIdInReach(db, user, meta));
  return rows.map((row) => ({
    Id: row.id,
    Date: row.createdAt.toISOString(),
    UserFullName: personName(row),
    Accion: row.action,
    EstadoAnterior: row.fromStatus,
    EstadoNuevo: row.toStatus,
    Comentario: row.comment,
  }));
}

/** `getERFollowUpByMeta`: the follow-up reports of a case in reach, newest first. */
export async function followUpsOf(db: Db, user: AuthUser, meta: string): Promise<FollowUpItem[]> {
  const rows = await caseFollowUps(db, await caseIdInReach(db, user, meta));
  return rows.map((row) => ({
    Id: row.id,
    Date: row.createdAt.toISOString(),
    UserFullName: personName(row),
    FileName: row.fileName,
    NumeroReferencia: row.referenceNumber,
  }));
}
