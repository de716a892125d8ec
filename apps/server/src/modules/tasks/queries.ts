import { ER_STATUS, pendingStatusesForRole } from '@atalaya/domain';
import { desc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { eventComments, events, files, followUpReports, users } from '../../db/schema/index.js';
import { prefixRange } from '../../db/text-prefix.js';
import { type CaseListFilters, fromBound, type ListStatus, toBound } from '../case-lists/index.js';
import type { ReachUser } from '../reach/index.js';
import type { PendingListFilters } from './schemas.js';

/*
 * The Tasks lists' conditions (their statuses and filters; the case-lists kernel reads the pages)
 * and a case's comments and follow-ups.
 */

/** Open cases: the statuses someone still has to act on. */
const OPEN_STATUSES: readonly number[] = [
  ER_STATUS.EN_REVISION_RLF,
  ER_STATUS.EN_EVALUACION_QPPV,
  ER_STATUS.MAS_INFORMACION,
  ER_STATUS.EN_ESPERA_FABRICANTE,
];

/**
 * "Mis acciones pendientes": cases in reach whose status waits on the user's role
 * (`pendingStatusesForRole`: RLF 1, 2, 4; QPPV 1, 3; Fabricante 5), a draft (1) only
 * for its creator; with the filters of `getWorkFlow` (`pendingFilterConditions`), the status
 * filter narrowing the statuses.
 */
export function pendingCondition(user: ReachUser, filters: PendingListFilters, timeZone: string): CaseListFilters {
  const statuses = pendingStatusesForRole(user.role)
    .filter((status) => filters.statusId === null || status === filters.statusId)
    .map((status): ListStatus => (status === ER_STATUS.PENDIENTE ? { status, only: eq(events.createdBy, user.id) } : { status }));
  return { statuses, rest: pendingFilterConditions(filters, timeZone) };
}

/** The other half: open cases (2–5) in reach that wait on another role. */
export function invertCondition(user: ReachUser): CaseListFilters {
  const pending = new Set<number>(pendingStatusesForRole(user.role));
  const statuses = OPEN_STATUSES.filter((status) => !pending.has(status)).map((status): ListStatus => ({ status }));
  return { statuses, rest: [] };
}

/**
 * The filters of `getWorkFlow` but the status (`pendingCondition`): reference prefix (references
 * are stored upper-case, so the prefix is upper-cased: case-insensitive, and a range of
 * `events_reference_number_unique`, `prefixRange`), FechaSolicitud (updatedAt) from / to
 * (a date-only `to` includes that whole day), group and sub-group.
 */
export function pendingFilterConditions(filters: PendingListFilters, timeZone: string): SQL[] {
  const conditions: SQL[] = [];
  if (filters.idEr !== null) conditions.push(prefixRange(events.referenceNumber, filters.idEr.toUpperCase()));
  if (filters.from) conditions.push(fromBound(events.updatedAt, filters.from, timeZone));
  if (filters.to) conditions.push(toBound(events.updatedAt, filters.to, timeZone));
  if (filters.categoryId !== null) conditions.push(eq(events.groupId, filters.categoryId));
  if (filters.subGroupId !== null) conditions.push(eq(events.subGroupId, filters.subGroupId));
  return conditions;
}

/** The workflow comments of a case, newest first, with the author's name. */
export function caseComments(db: DbOrTx, eventId: string) {
  return db
    .select({
      id: eventComments.id,
      createdAt: eventComments.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
      action: eventComments.action,
      fromStatus: eventComments.fromStatus,
      toStatus: eventComments.toStatus,
      comment: eventComments.comment,
    })
    .from(eventComments)
    .innerJoin(users, eq(users.id, eventComments.userId))
    .where(eq(eventComments.eventId, eventId))
    .orderBy(desc(eventComments.createdAt), desc(eventComments.id));
}

/** The follow-up reports of a case, newest first, with the author's name and the file's name. */
export function caseFollowUps(db: DbOrTx, eventId: string) {
  return db
    .select({
      id: followUpReports.id,
      createdAt: followUpReports.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
      fileName: files.name,
      referenceNumber: followUpReports.referenceNumber,
    })
    .from(followUpReports)
    .innerJoin(users, eq(users.id, followUpReports.createdBy))
    .leftJoin(files, eq(files.id, followUpReports.fileId))
    .where(eq(followUpReports.eventId, eventId))
    .orderBy(desc(followUpReports.createdAt), desc(followUpReports.id));
}

