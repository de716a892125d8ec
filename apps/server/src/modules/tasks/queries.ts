import { ER_STATUS, type ListOrder, pendingStatusesForRole, type WorkflowOrderColumn } from '@atalaya/domain';
import { asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import {
  companies,
  countries,
  eventComments,
  eventMedications,
  eventRams,
  events,
  files,
  followUpReports,
  laboratories,
  metrics,
  products,
  ramNotifications,
  ramTypes,
  subGroups,
  users,
} from '../../db/schema/index.js';
import { prefixRange } from '../../db/text-prefix.js';
import { type KeysetOrder, type KeysetPlan, keysetColumns } from '../../http/keyset.js';
import { caseReach, type ReachUser } from '../reach/index.js';
import type { DateBound, PendingListFilters } from './schemas.js';

/** Every condition holds (each wrapped in parentheses). */
function allOf(conditions: SQL[]): SQL {
  return conditions.length ? sql.join(conditions.map((condition) => sql`(${condition})`), sql` and `) : sql`true`;
}

/** Open cases: the statuses someone still has to act on. */
const OPEN_STATUSES: readonly number[] = [
  ER_STATUS.EN_REVISION_RLF,
  ER_STATUS.EN_EVALUACION_QPPV,
  ER_STATUS.MAS_INFORMACION,
  ER_STATUS.EN_ESPERA_FABRICANTE,
];

/** A status a list shows, and what else a case of that status must meet (a draft: its creator). */
export interface ListStatus {
  status: number;
  only?: SQL;
}

/**
 * A case list's condition, kept by status so that a page can read one ordered index range per
 * status (`casePage`): the statuses the list shows and the rest (reach, filters).
 */
export interface CaseListCondition {
  statuses: ListStatus[];
  rest: SQL[];
}

/** The whole condition: the rest, and one of the statuses (`status in (…)` and each status's own rule). */
export function caseListWhere(condition: CaseListCondition): SQL {
  const { statuses, rest } = condition;
  if (statuses.length === 0) return sql`false`;
  const own = statuses.flatMap(({ status, only }) => (only ? [sql`(${events.status} <> ${status} or ${only})`] : []));
  return allOf([
    ...rest,
    inArray(
      events.status,
      statuses.map(({ status }) => status),
    ),
    ...own,
  ]);
}

/** The condition of one status of the list: `status = s`, its own rule and the rest. */
function statusBranch(condition: CaseListCondition, { status, only }: ListStatus): SQL {
  return allOf([...condition.rest, eq(events.status, status), ...(only ? [only] : [])]);
}

/**
 * "Mis acciones pendientes": cases in reach whose status waits on the user's role
 * (`pendingStatusesForRole`: RLF 1, 2, 4; QPPV 1, 3; Fabricante 5), a draft (1) only
 * for its creator; with the filters of `getWorkFlow` (`pendingFilterConditions`), the status
 * filter narrowing the statuses.
 */
export function pendingCondition(
  user: ReachUser,
  laboratoryIds: readonly number[] | undefined,
  filters: PendingListFilters,
  timeZone: string,
): CaseListCondition {
  const statuses = pendingStatusesForRole(user.role)
    .filter((status) => filters.statusId === null || status === filters.statusId)
    .map((status): ListStatus => (status === ER_STATUS.PENDIENTE ? { status, only: eq(events.createdBy, user.id) } : { status }));
  return { statuses, rest: [caseReach(user, laboratoryIds), ...pendingFilterConditions(filters, timeZone)] };
}

/** The other half: open cases (2–5) in reach that wait on another role. */
export function invertCondition(user: ReachUser, laboratoryIds?: readonly number[]): CaseListCondition {
  const pending = new Set<number>(pendingStatusesForRole(user.role));
  const statuses = OPEN_STATUSES.filter((status) => !pending.has(status)).map((status): ListStatus => ({ status }));
  return { statuses, rest: [caseReach(user, laboratoryIds)] };
}

/** The start of a date bound: the instant, or the start of the day in `timeZone`. */
function boundStart(bound: DateBound, timeZone: string): SQL {
  return bound.day ? sql`(${bound.day}::date)::timestamp at time zone ${timeZone}` : sql`${bound.at.toISOString()}::timestamptz`;
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
  if (filters.from) conditions.push(sql`${events.updatedAt} >= ${boundStart(filters.from, timeZone)}`);
  if (filters.to) {
    const { day, at } = filters.to;
    conditions.push(
      day
        ? sql`${events.updatedAt} < ((${day}::date + 1)::timestamp at time zone ${timeZone})`
        : sql`${events.updatedAt} <= ${at.toISOString()}::timestamptz`,
    );
  }
  if (filters.categoryId !== null) conditions.push(eq(events.groupId, filters.categoryId));
  if (filters.subGroupId !== null) conditions.push(eq(events.subGroupId, filters.subGroupId));
  return conditions;
}

/** The IANA time zone of a country by code (the user's), UTC when unknown. */
export async function countryTimeZone(db: DbOrTx, countryCode: string): Promise<string> {
  const [row] = await db.select({ timeZone: countries.timeZone }).from(countries).where(eq(countries.code, countryCode));
  return row?.timeZone ?? 'UTC';
}

/** The cases of a list, any columns: what `boundedTotal` counts (no join, no order). */
export function caseMatches(db: DbOrTx, condition: CaseListCondition) {
  return db.select({ one: sql`1` }).from(events).where(caseListWhere(condition));
}

/**
 * The keyset order of each column of the case lists, the case id as tiebreak. Migration 0009
 * gives each a btree ending in (value, id), read forwards or backwards: (updated_at, id),
 * (created_at, id), (reference_number, id), (status, id), and the dates after status and
 * country (`events_status_updated_at_id_idx`, `events_country_status_updated_at_id_idx`…).
 * Pais orders by the country's name through the join, which no index serves: the matching
 * cases are sorted.
 */
const ORDER_VALUES = {
  FechaSolicitud: { value: events.updatedAt, kind: 'timestamp' },
  FechaCreacion: { value: events.createdAt, kind: 'timestamp' },
  NumeroReferencia: { value: events.referenceNumber, kind: 'text' },
  Estado: { value: events.status, kind: 'integer' },
  Pais: { value: countries.name, kind: 'text' },
} as const satisfies Record<WorkflowOrderColumn, Pick<KeysetOrder, 'value' | 'kind'>>;

/** Orders with a per-status index (status, value, id): a page merges one range per status. */
const PER_STATUS_ORDERS = new Set<WorkflowOrderColumn>(['FechaSolicitud', 'FechaCreacion']);

/** The keyset order of a list order (`keysetPlan`). */
export function caseOrder(order: ListOrder<WorkflowOrderColumn>): KeysetOrder {
  return { ...ORDER_VALUES[order.column], id: events.id, idKind: 'uuid', direction: order.direction };
}

function pageSelect(db: DbOrTx, where: SQL, order: KeysetOrder, plan: KeysetPlan) {
  return db
    .select({
      id: events.id,
      meta: events.meta,
      referenceNumber: events.referenceNumber,
      homeReferenceNumber: events.homeReferenceNumber,
      status: events.status,
      groupId: events.groupId,
      subGroupId: events.subGroupId,
      subGroupName: subGroups.nombre,
      countryName: countries.name,
      isHistoric: events.isHistoric,
      createdBy: events.createdBy,
      receivedAt: events.receivedAt,
      sentAt: events.sentAt,
      createdAt: events.createdAt,
      updatedAt: events.updatedAt,
      ...keysetColumns(order),
    })
    .from(events)
    .innerJoin(countries, eq(countries.id, events.countryId))
    .innerJoin(subGroups, eq(subGroups.id, events.subGroupId))
    .where(plan.where ? allOf([where, plan.where]) : where)
    .orderBy(...plan.orderBy)
    .limit(plan.limit)
    .offset(plan.offset);
}
export type CasePageRow = Awaited<ReturnType<typeof pageSelect>>[number];

/** The SQL order of two key parts: numbers, or text in code-point order (timestamps as fixed-width UTC text, uuids as lower-case hex). */
function compareKeyPart(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const left = String(a);
  const right = String(b);
  return left < right ? -1 : left > right ? 1 : 0;
}

/**
 * One page of cases (`keysetPlan`): the events columns, country and sub-group names, and the
 * key columns, in the plan's order. A list of several statuses ordered by a date reads one
 * ordered, limited range per status (`status = s and … order by value, id limit n`: an index
 * range of (status, value, id) or (country_id, status, value, id) each) as a UNION ALL, and
 * keeps the first n of their merge, so that PostgreSQL never sorts every matching case. A page
 * read by offset (a page number without key, near the start) is one query.
 */
export async function casePage(
  db: DbOrTx,
  condition: CaseListCondition,
  column: WorkflowOrderColumn,
  order: KeysetOrder,
  plan: KeysetPlan,
): Promise<CasePageRow[]> {
  const { statuses } = condition;
  if (statuses.length === 0) return [];
  const [first, second, ...others] = statuses.map((status) => pageSelect(db, statusBranch(condition, status), order, plan));
  if (!first || !second || plan.offset > 0 || !PER_STATUS_ORDERS.has(column)) return pageSelect(db, caseListWhere(condition), order, plan);
  const rows = await unionAll(first, second, ...others);
  const readAscending = (order.direction === 'ASC') !== plan.reversed;
  const sign = readAscending ? 1 : -1;
  rows.sort((a, b) => sign * (compareKeyPart(a.keyValue, b.keyValue) || compareKeyPart(a.keyId, b.keyId)));
  return rows.slice(0, plan.limit);
}

/** A timestamp or date as the drivers give it from an aggregate (string or Date), as a Date. */
export function toDate(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value;
  const text = String(value);
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00Z` : text);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Per case: the first related medication (lowest id) with product, laboratory and company, and how many there are. */
export function firstMedications(db: DbOrTx, eventIds: string[]) {
  return db
    .selectDistinctOn([eventMedications.eventId], {
      eventId: eventMedications.eventId,
      commercialName: products.commercialName,
      laboratory: laboratories.name,
      company: companies.name,
      total: sql<number>`count(*) over (partition by ${eventMedications.eventId})`.mapWith(Number),
    })
    .from(eventMedications)
    .innerJoin(products, eq(products.id, eventMedications.productId))
    .innerJoin(laboratories, eq(laboratories.id, eventMedications.laboratoryId))
    .innerJoin(companies, eq(companies.id, laboratories.companyId))
    .where(inArray(eventMedications.eventId, eventIds))
    .orderBy(eventMedications.eventId, asc(eventMedications.id));
}

/** Per case: any reaction classified as RAM, any serious one, and the type of the first reaction that has one. */
export function ramSummaries(db: DbOrTx, eventIds: string[]) {
  return db
    .select({
      eventId: eventRams.eventId,
      hasRam: sql<boolean>`bool_or(${eventRams.isRam})`.mapWith(Boolean),
      serious: sql<boolean>`bool_or(${eventRams.isSerious})`.mapWith(Boolean),
      ramType: sql<string | null>`(array_agg(${ramTypes.type} order by ${eventRams.id}) filter (where ${eventRams.ramTypeId} is not null))[1]`,
    })
    .from(eventRams)
    .leftJoin(ramTypes, eq(ramTypes.id, eventRams.ramTypeId))
    .where(inArray(eventRams.eventId, eventIds))
    .groupBy(eventRams.eventId);
}

/** Per case: the earliest local sanitary and provider notification dates of its reactions. */
export function notificationDates(db: DbOrTx, eventIds: string[]) {
  return db
    .select({
      eventId: eventRams.eventId,
      local: sql<string | null>`(min(${ramNotifications.date}) filter (where ${ramNotifications.kind} = 'local'))::text`,
      provider: sql<string | null>`(min(${ramNotifications.date}) filter (where ${ramNotifications.kind} = 'provider'))::text`,
    })
    .from(ramNotifications)
    .innerJoin(eventRams, eq(eventRams.id, ramNotifications.ramId))
    .where(inArray(eventRams.eventId, eventIds))
    .groupBy(eventRams.eventId);
}

/** Per case: how many follow-up reports it has. */
export function followUpCounts(db: DbOrTx, eventIds: string[]) {
  return db
    .select({ eventId: followUpReports.eventId, total: sql<number>`count(*)`.mapWith(Number) })
    .from(followUpReports)
    .where(inArray(followUpReports.eventId, eventIds))
    .groupBy(followUpReports.eventId);
}

/**
 * Per case: how many workflow comments it has, and the milestones they mark: the first
 * AprobarRLF, the latest entry into status 3, the latest Imputable / NoImputable (the latest,
 * so that a case re-opened and concluded again counts its new conclusion).
 */
export function commentSummaries(db: DbOrTx, eventIds: string[]) {
  return db
    .select({
      eventId: eventComments.eventId,
      total: sql<number>`count(*)`.mapWith(Number),
      approvedByRlf: sql<unknown>`min(${eventComments.createdAt}) filter (where ${eventComments.action} = 'AprobarRLF')`,
      inEvaluation: sql<unknown>`max(${eventComments.createdAt}) filter (where ${eventComments.toStatus} = ${ER_STATUS.EN_EVALUACION_QPPV})`,
      concluded: sql<unknown>`max(${eventComments.createdAt}) filter (where ${eventComments.action} in ('Imputable', 'NoImputable'))`,
    })
    .from(eventComments)
    .where(inArray(eventComments.eventId, eventIds))
    .groupBy(eventComments.eventId);
}

/** The active metrics with their time option and the milestones they measure between. */
export function activeMetrics(db: DbOrTx) {
  return db
    .select({
      Nombre: metrics.nombre,
      TiempoId: metrics.tiempoId,
      from: metrics.fromMilestone,
      to: metrics.toMilestone,
      serious: metrics.serious,
    })
    .from(metrics)
    .where(eq(metrics.activo, true))
    .orderBy(asc(metrics.metricaId));
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
