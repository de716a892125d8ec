import {
  actionRefusal,
  type AnnulResult,
  ER_STATUS,
  type ErComment,
  type ErListRow,
  erStatusName,
  type FollowUpItem,
  type ListOrder,
  MSG,
  type PagedResult,
  pagedResult,
  type WorkflowOrderColumn,
} from '@atalaya/domain';
import { eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditLog, eventComments, events, operationHistory, operationHistoryLines } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/access-token.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { findCaseInReach, loadUserLaboratoryIds, reachesByLaboratory } from '../reach/index.js';
import {
  caseComments,
  caseFollowUps,
  casePage,
  countCases,
  countryTimeZone,
  invertCondition,
  pendingCondition,
  pendingFilterConditions,
  whereAll,
} from './queries.js';
import { buildCaseRows } from './rows.js';
import type { PendingListFilters } from './schemas.js';

export interface ListRequest {
  page: number;
  order: ListOrder<WorkflowOrderColumn>;
}

/** What a list's condition is built from: the user's time zone and, for laboratory roles, their laboratories. */
interface ListContext {
  timeZone: string;
  laboratoryIds: number[] | undefined;
}

async function caseList(db: Db, user: AuthUser, request: ListRequest, where: (context: ListContext) => SQL): Promise<PagedResult<ErListRow>> {
  const [timeZone, laboratoryIds] = await Promise.all([
    countryTimeZone(db, user.countryCode),
    reachesByLaboratory(user.role) ? loadUserLaboratoryIds(db, user.id) : undefined,
  ]);
  const condition = where({ timeZone, laboratoryIds });
  const [total, page] = await Promise.all([countCases(db, condition), casePage(db, condition, request.order, request.page)]);
  const rows = await buildCaseRows(db, page, { userId: user.id, timeZone, now: new Date() });
  return pagedResult(rows, total, request.page);
}

/** `getWorkFlow`: "Mis acciones pendientes" with its filters. */
export function pendingList(db: Db, user: AuthUser, request: ListRequest & { filters: PendingListFilters }): Promise<PagedResult<ErListRow>> {
  return caseList(db, user, request, ({ timeZone, laboratoryIds }) =>
    whereAll([pendingCondition(user, laboratoryIds), ...pendingFilterConditions(request.filters, timeZone)]),
  );
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

function fullName(row: { firstName: string; lastName: string }): string {
  return `${row.firstName} ${row.lastName}`.trim();
}

/** `getERCommentsByMeta`: the workflow comments of a case in reach, newest first. */
export async function commentsOf(db: Db, user: AuthUser, meta: string): Promise<ErComment[]> {
  const rows = await caseComments(db, await caseIdInReach(db, user, meta));
  return rows.map((row) => ({
    Id: row.id,
    Date: row.createdAt.toISOString(),
    UserFullName: fullName(row),
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
    UserFullName: fullName(row),
    FileName: row.fileName,
    NumeroReferencia: row.referenceNumber,
  }));
}

/**
 * `anularER`: in one transaction, with the case row locked, checks reach (404), then the
 * workflow table ('Anular' from 1–5 by RLF, QPPV or the creator: wrong status 400, wrong
 * role 403); sets status 11 and the update stamps, and writes the workflow comment, the
 * operation-history entry ('Evento anulado', U) with its 'Estado' line, and an audit row.
 * A refusal writes nothing.
 */
export async function annulCase(db: Db, user: AuthUser, input: { meta: string; comment: string }): Promise<AnnulResult> {
  if (!input.comment.trim()) throw badRequest(MSG.workflow.commentRequired);
  return db.transaction(async (tx) => {
    const found = await findCaseInReach(tx, user, input.meta, { forUpdate: true });
    if (!found) throw notFound(MSG.lists.eventNotFound);
    const refusal = actionRefusal('Anular', {
      status: found.status,
      role: user.role,
      isCreator: found.createdBy === user.id,
      evaluationComplete: true,
    });
    if (refusal === 'role') throw forbidden();
    if (refusal) throw badRequest(MSG.workflow.actionNotAllowed);

    const now = new Date();
    const from = found.status;
    const to = ER_STATUS.ANULADO;
    await tx.update(events).set({ status: to, updatedAt: now, updatedBy: user.id }).where(eq(events.id, found.id));
    await tx.insert(eventComments).values({
      eventId: found.id,
      action: 'Anular',
      fromStatus: from,
      toStatus: to,
      comment: input.comment,
      userId: user.id,
      createdAt: now,
    });
    const [entry] = await tx
      .insert(operationHistory)
      .values({ eventId: found.id, userId: user.id, createdAt: now, description: 'Evento anulado', operationType: 'U', comment: input.comment })
      .returning({ id: operationHistory.id });
    if (!entry) throw new Error('Operation history entry not written');
    await tx.insert(operationHistoryLines).values({
      entryId: entry.id,
      description: 'Estado',
      oldValue: erStatusName(from),
      newValue: erStatusName(to),
      comment: input.comment,
    });
    await tx.insert(auditLog).values({
      operationType: 'U',
      pkId: found.id,
      referenceNumber: found.referenceNumber,
      metadata: found.meta,
      instance: 'ER',
      userId: user.id,
      dateUtc: now,
      description: 'Evento anulado',
      oldValues: { Estado: from },
      newValues: { Estado: to, Comentario: input.comment },
    });
    return { Meta: found.meta, Estado: to };
  });
}
