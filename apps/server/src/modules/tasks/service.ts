import {
  type ErComment,
  type ErListRow,
  type FollowUpItem,
  MSG,
  PAGE_SIZE,
  type PagedResult,
} from '@atalaya/domain';
import type { Db } from '../../db/client.js';
import type { AuthUser } from '../../http/access-token.js';
import { notFound } from '../../http/errors.js';
import { type CaseListRequest, readCaseList } from '../case-lists/index.js';
import { findCaseInReach } from '../reach/index.js';
import { caseComments, caseFollowUps, invertCondition, pendingCondition } from './queries.js';
import type { PendingListFilters } from './schemas.js';
import { personName } from '../../shared/person-name.js';

/** A Tasks list's page: number, key and order (the size is the Tasks' 15). */
export type ListRequest = Omit<CaseListRequest, 'pageSize'>;

/** `getWorkFlow`: "Mis acciones pendientes" with its filters. */
export function pendingList(db: Db, user: AuthUser, request: ListRequest & { filters: PendingListFilters }): Promise<PagedResult<ErListRow>> {
  return readCaseList(db, user, { ...request, pageSize: PAGE_SIZE }, ({ timeZone }) => pendingCondition(user, request.filters, timeZone));
}

/** `getWorkFlowInvert`: open cases in reach that wait on another role. */
export function invertList(db: Db, user: AuthUser, request: ListRequest): Promise<PagedResult<ErListRow>> {
  return readCaseList(db, user, { ...request, pageSize: PAGE_SIZE }, () => invertCondition(user));
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
