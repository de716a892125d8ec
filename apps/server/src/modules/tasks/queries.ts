import {
  ER_STATUS,
  type ListOrder,
  PAGE_SIZE,
  pageOffset,
  pendingStatusesForRole,
  type WorkflowOrderColumn,
} from '@atalaya/domain';
import { asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
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

/**
 * "Mis acciones pendientes": cases in reach whose status waits on the user's role
 * (`pendingStatusesForRole`: RLF 1, 2, 4; QPPV 1, 3; Fabricante 5), a draft (1) only
 * for its creator.
 */
export function pendingCondition(user: ReachUser, laboratoryIds?: readonly number[]): SQL {
  const statuses = pendingStatusesForRole(user.role);
  if (statuses.length === 0) return sql`false`;
  return allOf([
    caseReach(user, laboratoryIds),
    inArray(events.status, [...statuses]),
    sql`(${events.status} <> ${ER_STATUS.PENDIENTE} or ${events.createdBy} = ${user.id})`,
  ]);
}

/** The other half: open cases (2–5) in reach that wait on another role. */
export function invertCondition(user: ReachUser, laboratoryIds?: readonly number[]): SQL {
  const pending = new Set<number>(pendingStatusesForRole(user.role));
  const statuses = OPEN_STATUSES.filter((status) => !pending.has(status));
  if (statuses.length === 0) return sql`false`;
  return allOf([caseReach(user, laboratoryIds), inArray(events.status, statuses)]);
}

/** A LIKE pattern that matches values starting with `prefix` literally. */
function startsWith(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The start of a date bound: the instant, or the start of the day in `timeZone`. */
function boundStart(bound: DateBound, timeZone: string): SQL {
  return bound.day ? sql`(${bound.day}::date)::timestamp at time zone ${timeZone}` : sql`${bound.at.toISOString()}::timestamptz`;
}

/**
 * The filters of `getWorkFlow`: status, reference prefix (references are stored upper-case,
 * so the prefix is upper-cased: case-insensitive and still an index range), FechaSolicitud
 * (updatedAt) from / to (a date-only `to` includes that whole day), group and sub-group.
 */
export function pendingFilterConditions(filters: PendingListFilters, timeZone: string): SQL[] {
  const conditions: SQL[] = [];
  if (filters.statusId !== null) conditions.push(eq(events.status, filters.statusId));
  if (filters.idEr !== null) conditions.push(sql`${events.referenceNumber} like ${startsWith(filters.idEr.toUpperCase())}`);
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

export function whereAll(conditions: SQL[]): SQL {
  return allOf(conditions);
}

/** The IANA time zone of a country by code (the user's), UTC when unknown. */
export async function countryTimeZone(db: DbOrTx, countryCode: string): Promise<string> {
  const [row] = await db.select({ timeZone: countries.timeZone }).from(countries).where(eq(countries.code, countryCode));
  return row?.timeZone ?? 'UTC';
}

export async function countCases(db: DbOrTx, where: SQL): Promise<number> {
  const [row] = await db.select({ total: count() }).from(events).where(where);
  return row?.total ?? 0;
}

const ORDER_COLUMNS = {
  FechaSolicitud: events.updatedAt,
  FechaCreacion: events.createdAt,
  NumeroReferencia: events.referenceNumber,
  Estado: events.status,
  Pais: countries.name,
} as const satisfies Record<WorkflowOrderColumn, unknown>;

/**
 * `events_updated_at_idx` and `events_created_at_idx` are `DESC NULLS LAST`; a plain `DESC`
 * means `NULLS FIRST` and would not match them, so these (NOT NULL) columns are ordered with
 * the index's null placement, and the first page is read from the index instead of sorting
 * every matching case.
 */
const INDEXED_DESC_NULLS_LAST = new Set<WorkflowOrderColumn>(['FechaSolicitud', 'FechaCreacion']);

function orderExpression(order: ListOrder<WorkflowOrderColumn>): SQL {
  const column = ORDER_COLUMNS[order.column];
  if (INDEXED_DESC_NULLS_LAST.has(order.column)) {
    return order.direction === 'ASC' ? sql`${column} asc nulls first` : sql`${column} desc nulls last`;
  }
  return order.direction === 'ASC' ? asc(column) : desc(column);
}

/** One page of cases: the events columns, country and sub-group names; ordered, with the id as tiebreak. */
export function casePage(db: DbOrTx, where: SQL, order: ListOrder<WorkflowOrderColumn>, page: number) {
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
    })
    .from(events)
    .innerJoin(countries, eq(countries.id, events.countryId))
    .innerJoin(subGroups, eq(subGroups.id, events.subGroupId))
    .where(where)
    .orderBy(orderExpression(order), order.direction === 'ASC' ? asc(events.id) : desc(events.id))
    .limit(PAGE_SIZE)
    .offset(pageOffset(page, PAGE_SIZE));
}
export type CasePageRow = Awaited<ReturnType<typeof casePage>>[number];

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
