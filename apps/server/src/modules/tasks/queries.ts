import { ER_STATUS, type ListOrder, type StoredDeadline, type PageAt, pendingStatusesForRole, type WorkflowOrderColumn } from '@atalaya/domain';
import { desc, eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { staticStatement } from '../../db/prepared.js';
import {
  companies,
  countries,
  eventComments,
  eventMetricAlerts,
  eventMedications,
  eventRams,
  events,
  files,
  followUpReports,
  laboratories,
  metrics,
  products,
  ramTypes,
  subGroups,
  users,
} from '../../db/schema/index.js';
import { prefixRange } from '../../db/text-prefix.js';
import { decodePageKey, type KeysetOrder, type KeysetPlan, keysetColumns } from '../../http/keyset.js';
import { caseReach, caseReachBranches, type ReachUser, reachesByLaboratory, userLaboratoryIds } from '../reach/index.js';
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
  /** Who may see the case (`caseReach`), and the same as disjoint branches (`caseReachBranches`) for counting. */
  reach: SQL;
  reachBranches: SQL[];
  /** The list's filters. */
  rest: SQL[];
}

/** The whole condition: the rest, and one of the statuses (`status in (…)` and each status's own rule). */
export function caseListWhere(condition: CaseListCondition, reach: SQL = condition.reach): SQL {
  const { statuses, rest } = condition;
  if (statuses.length === 0) return sql`false`;
  const own = statuses.flatMap(({ status, only }) => (only ? [sql`(${events.status} <> ${status} or ${only})`] : []));
  return allOf([
    reach,
    ...rest,
    inArray(
      events.status,
      statuses.map(({ status }) => status),
    ),
    ...own,
  ]);
}

/** The condition of one status of the list: `status = s`, its own rule and the rest. */
function statusBranch(condition: CaseListCondition, { status, only }: ListStatus, reach: SQL = condition.reach): SQL {
  return allOf([reach, ...condition.rest, eq(events.status, status), ...(only ? [only] : [])]);
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
  return { statuses, ...reachOf(user, laboratoryIds), rest: pendingFilterConditions(filters, timeZone) };
}

/** The other half: open cases (2–5) in reach that wait on another role. */
export function invertCondition(user: ReachUser, laboratoryIds?: readonly number[]): CaseListCondition {
  const pending = new Set<number>(pendingStatusesForRole(user.role));
  const statuses = OPEN_STATUSES.filter((status) => !pending.has(status)).map((status): ListStatus => ({ status }));
  return { statuses, ...reachOf(user, laboratoryIds), rest: [] };
}

function reachOf(user: ReachUser, laboratoryIds: readonly number[] | undefined): Pick<CaseListCondition, 'reach' | 'reachBranches'> {
  return { reach: caseReach(user, laboratoryIds), reachBranches: caseReachBranches(user, laboratoryIds) };
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

/** What a list's condition and rows are built from: the user's time zone and, for laboratory roles, their laboratories. */
export interface ListContext {
  timeZone: string;
  /** The user's laboratories (`userLaboratoryIds`) for QPPV, CL and Fabricante; undefined for the other roles. */
  laboratoryIds: number[] | undefined;
}

/**
 * The user's country's time zone (UTC when unknown) and, for the roles whose reach goes by laboratory (`reachesByLaboratory`),
 * `loadUserLaboratoryIds`, in one statement: read on every list request (nothing cached, so an
 * assignment changed in administration counts from the next request on).
 */
export async function listContext(db: DbOrTx, user: ReachUser): Promise<ListContext> {
  const byLaboratory = reachesByLaboratory(user.role);
  const [row] = byLaboratory
    ? await contextWithLaboratories(db, { country: user.countryCode, user: user.id })
    : await contextWithoutLaboratories(db, { country: user.countryCode });
  const ids = row?.laboratory_ids;
  return {
    timeZone: row?.time_zone ?? 'UTC',
    laboratoryIds: byLaboratory ? (Array.isArray(ids) ? ids.map(Number) : []) : undefined,
  };
}

type ContextRow = { time_zone: string | null; laboratory_ids: unknown };
const contextWithLaboratories = staticStatement<ContextRow, 'country' | 'user'>(
  (param) => sql`select (select ${countries.timeZone} from ${countries} where ${countries.code} = ${param('country')}) as time_zone,
    array(${userLaboratoryIds(param('user'))}) as laboratory_ids`,
);
const contextWithoutLaboratories = staticStatement<ContextRow, 'country'>(
  (param) => sql`select (select ${countries.timeZone} from ${countries} where ${countries.code} = ${param('country')}) as time_zone, null::int[] as laboratory_ids`,
);

/**
 * The cases of a list, any columns: what `boundedTotal` counts (no join, no order). A UNION ALL
 * of one branch per reach branch (`caseReachBranches`: disjoint), each with the statuses as
 * `status in (…)` — an index-only read of a list index (migration 0012), since a count needs
 * no order.
 */
export function caseMatches(db: DbOrTx, condition: CaseListCondition): SQLWrapper {
  const [first, second, ...others] = condition.reachBranches.map((reach) => db.select({ one: sql`1` }).from(events).where(caseListWhere(condition, reach)));
  if (!first) return db.select({ one: sql`1` }).from(events).where(sql`false`);
  return second ? unionAll(first, second, ...others) : first;
}

/**
 * The keyset order of each column of the case lists, the case id as tiebreak. Migration 0009
 * gives each a btree ending in (value, id), read forwards or backwards: (updated_at, id),
 * (created_at, id), (reference_number, id), (status, id), and the dates after status and
 * country (`events_status_updated_at_id_idx`, `events_country_status_updated_at_id_idx`…).
 * Pais orders by the country's name through the join: a page reads one range of
 * (country_id, id) per country (`events_country_id_idx`, `pageByCountry`).
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

/**
 * The columns of a case page that `buildCaseRows` reads (events joined to its country and
 * sub-group); the search adds its own to them.
 */
export const CASE_PAGE_COLUMNS = {
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
};

function pageSelect(db: DbOrTx, where: SQL, order: KeysetOrder, plan: KeysetPlan, orderBy: SQL[] = plan.orderBy) {
  return db
    .select({ ...CASE_PAGE_COLUMNS, ...keysetColumns(order) })
    .from(events)
    .innerJoin(countries, eq(countries.id, events.countryId))
    .innerJoin(subGroups, eq(subGroups.id, events.subGroupId))
    .where(plan.where ? allOf([where, plan.where]) : where)
    .orderBy(...orderBy)
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

/** Reads the branches as one UNION ALL and keeps the first `limit` rows in `compare` order. */
async function mergedBranches(branches: ReturnType<typeof pageSelect>[], limit: number, compare: (a: CasePageRow, b: CasePageRow) => number): Promise<CasePageRow[]> {
  const [first, second, ...others] = branches;
  if (!first) return [];
  const rows = second ? await unionAll(first, second, ...others) : await first;
  return rows.sort(compare).slice(0, limit);
}

/**
 * The ids of a page ordered by country name (Pais), which no index orders through the join, in
 * one statement: the countries (ten or so) each get a lateral read of `country_id = c and … order
 * by id limit n` — per status of the list when `statuses` is given (an index range of
 * `events_country_status_id_idx` each), else one range of `events_country_id_idx`; per reach
 * branch (`caseReachBranches`: an RLF's own cases in another country are a range of
 * `events_created_by_status_idx`, not a filter over that country's cases) — from the key
 * on (the countries before the key's are skipped; in the key's country the id range starts after
 * the key's id), and the first n of them in (name, id) order are the page.
 */
export function countryOrderIds(branches: readonly SQL[], statuses: readonly number[] | null, limit: number, key: { value: string | number; id: string | number } | null, readAscending: boolean): SQL {
  const direction = sql.raw(readAscending ? 'asc' : 'desc');
  const beyond = sql.raw(readAscending ? '>' : '<');
  const edge = readAscending ? '00000000-0000-0000-0000-000000000000' : 'ffffffff-ffff-ffff-ffff-ffffffffffff';
  // In the key's country the range starts at the key's id (an index bound, since the outer
  // row's name is a parameter of the lateral read), elsewhere at the edge of the id space.
  const position = key
    ? sql`and ${events.id} ${beyond}= (case when c.name = ${String(key.value)}::text then ${String(key.id)}::uuid else ${edge}::uuid end)
        and (c.name <> ${String(key.value)}::text or ${events.id} <> ${String(key.id)}::uuid)`
    : sql``;
  const byStatus = statuses ? sql`cross join unnest(${`{${statuses.map((status) => String(Math.trunc(status))).join(',')}}`}::int[]) as s(status)` : sql``;
  const statusRange = statuses ? sql`and ${events.status} = s.status` : sql``;
  return sql`select page.id from (select ${countries.id} as id, ${countries.name} as name from ${countries}) as c ${byStatus}
    cross join lateral (${sql.join(
      branches.map(
        (where) => sql`(select ${events.id} as id from ${events}
          where ${events.countryId} = c.id ${statusRange} ${position} and (${where})
          order by ${events.id} ${direction} limit ${limit})`,
      ),
      sql` union all `,
    )}) as page
    ${key ? sql`where c.name ${beyond}= ${String(key.value)}::text` : sql``}
    order by c.name ${direction}, page.id ${direction} limit ${limit}`;
}

/**
 * One page of cases (`keysetPlan`): the events columns, country and sub-group names, and the
 * key columns, in the plan's order, never sorting every matching case:
 * - a list of several statuses ordered by a date reads one ordered, limited range per status
 *   (`status = s and … order by value, id limit n`: an index range of (status, value, id) or
 *   (country_id, status, value, id) each) as a UNION ALL, and keeps the first n of their merge;
 * - by country name (Pais), the ids of one range per country and status (`countryOrderIds`);
 * - otherwise one query, read in order from the (value, id) index.
 * A page read by offset (a page number without key, near the start) is one query.
 */
export async function casePage(
  db: DbOrTx,
  condition: CaseListCondition,
  column: WorkflowOrderColumn,
  order: KeysetOrder,
  plan: KeysetPlan,
  at: PageAt,
): Promise<CasePageRow[]> {
  const { statuses } = condition;
  if (statuses.length === 0) return [];
  const readAscending = (order.direction === 'ASC') !== plan.reversed;
  const sign = readAscending ? 1 : -1;
  if (plan.offset === 0 && column === 'Pais') {
    const key = at.kind === 'after' || at.kind === 'before' ? decodePageKey(at.key, order) : null;
    const branches = condition.reachBranches.map((reach) => caseListWhere(condition, reach));
    const ids = countryOrderIds(branches, statuses.map(({ status }) => status), plan.limit, key, readAscending);
    return pageSelect(db, sql`${events.id} in (${ids})`, order, plan);
  }
  if (statuses.length === 1 || plan.offset > 0 || !PER_STATUS_ORDERS.has(column)) return pageSelect(db, caseListWhere(condition), order, plan);
  return mergedBranches(
    statuses.map((status) => pageSelect(db, statusBranch(condition, status), order, plan)),
    plan.limit,
    (a, b) => sign * (compareKeyPart(a.keyValue, b.keyValue) || compareKeyPart(a.keyId, b.keyId)),
  );
}

/** A timestamp or date as the drivers give it from an aggregate (string or Date), as a Date. */
export function toDate(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value;
  const text = String(value);
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00Z` : text);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A timestamp as ISO 8601 text in UTC, to the millisecond (truncated, as the drivers read it). */
function isoMillis(value: SQLWrapper): SQL {
  return sql`to_char((${value}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** The pieces of one case's list row that are not on `events` (`casePieces`). */
export interface CasePieces {
  eventId: string;
  /** The first related medication (lowest id) with product, laboratory and company, and how many there are. */
  commercialName: string | null;
  laboratory: string | null;
  company: string | null;
  medicationTotal: number;
  /** Any reaction classified as RAM, any serious one, and the type of the first reaction that has one. */
  hasRam: boolean;
  serious: boolean;
  ramType: string | null;
  followUps: number;
  /** How many workflow comments it has. */
  comments: number;
  /** The stored deadline rows of the case that are not met (`event_metric_alerts`, by metric id). */
  deadlines: StoredDeadline[];
  /** With `extra` only (`casePieces`): what the search adds to the row. */
  extra?: {
    /** The first medication's active ingredients, joined (`extra.firstIngredients`). */
    ingredients: string | null;
    /** The case's reactions as `extra.reactions` reads them (JSON of its columns), in its order. */
    reactions: Record<string, unknown>[];
  };
}

/** Pieces a caller adds to `casePieces`'s statement (the search): SQL over the current medication / case. */
export interface ExtraPieces {
  /** A text of the first medication, given its id and product id (columns of the `medication` lateral). */
  firstIngredients: (medicationId: SQL, productId: SQL) => SQL;
  /** A select of the case's reactions (`page.id` is the case), one JSON object each, as `item` in a column `position` order. */
  reactions: (eventId: SQL) => SQL;
}

/**
 * The list-row pieces of a page of cases, in one statement: the page's ids as one array
 * parameter, each piece a `left join lateral` read through its `event_id` index (a case
 * without medications, reactions, follow-ups or comments gets the empty values), and the
 * case's stored deadlines that are not met (`event_metric_alerts`, kept by the deadline
 * engine, docs/kpi.md) as one JSON text per case.
 */
export async function casePieces(db: DbOrTx, eventIds: readonly string[], extra?: ExtraPieces): Promise<CasePieces[]> {
  if (eventIds.length === 0) return [];
  const rows = await piecesStatement(extra)(db, { ids: `{${eventIds.join(',')}}` });
  const text = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));
  const pieces = rows.map(
    (row): CasePieces => ({
      eventId: String(row.eventId),
      commercialName: text(row.commercialName),
      laboratory: text(row.laboratory),
      company: text(row.company),
      medicationTotal: Number(row.medicationTotal ?? 0),
      hasRam: row.hasRam === true,
      serious: row.serious === true,
      ramType: text(row.ramType),
      followUps: Number(row.followUps ?? 0),
      comments: Number(row.comments ?? 0),
      deadlines: JSON.parse(String(row.deadlines ?? '[]')) as StoredDeadline[],
      ...(extra
        ? { extra: { ingredients: text(row.ingredients), reactions: JSON.parse(String(row.reactions ?? '[]')) as Record<string, unknown>[] } }
        : {}),
    }),
  );
  return pieces;
}

/** The pieces statement of each `ExtraPieces` (none: the task lists), compiled once (`staticStatement`). */
const piecesStatements = new Map<ExtraPieces | undefined, (db: DbOrTx, values: { ids: string }) => Promise<Record<string, unknown>[]>>();
function piecesStatement(extra: ExtraPieces | undefined) {
  let statement = piecesStatements.get(extra);
  if (!statement) {
    statement = staticStatement<Record<string, unknown>, 'ids'>((param) => piecesSql(sql`${param('ids')}::uuid[]`, extra));
    piecesStatements.set(extra, statement);
  }
  return statement;
}

/** The SQL of `casePieces`: `ids`, the page's case ids as one `uuid[]`. */
function piecesSql(ids: SQL, extra?: ExtraPieces): SQL {
  return sql`
    select page.id::text as "eventId",
      medication.commercial_name as "commercialName", medication.laboratory, medication.company,
      coalesce(medication.total, 0)::int as "medicationTotal",
      ram.has_ram as "hasRam", ram.serious, ram.ram_type as "ramType",
      follow_up.total::int as "followUps",
      comment.total::int as comments, deadline.rows as deadlines,
      ${extra ? sql`${extra.firstIngredients(sql`medication.medication_id`, sql`medication.product_id`)} as "ingredients",
        (select coalesce(json_agg(reaction.item order by reaction.position), '[]')::text from (${extra.reactions(sql`page.id`)}) as reaction) as "reactions",` : sql``}
      true as done
    from unnest(${ids}) as page(id)
    left join lateral (
      select ${products.commercialName} as commercial_name, ${laboratories.name} as laboratory, ${companies.name} as company,
        count(*) over () as total, ${eventMedications.id} as medication_id, ${eventMedications.productId} as product_id
      from ${eventMedications}
      join ${products} on ${products.id} = ${eventMedications.productId}
      join ${laboratories} on ${laboratories.id} = ${eventMedications.laboratoryId}
      join ${companies} on ${companies.id} = ${laboratories.companyId}
      where ${eventMedications.eventId} = page.id
      order by ${eventMedications.id}
      limit 1
    ) as medication on true
    left join lateral (
      select bool_or(${eventRams.isRam}) as has_ram, bool_or(${eventRams.isSerious}) as serious,
        (array_agg(${ramTypes.type} order by ${eventRams.id}) filter (where ${eventRams.ramTypeId} is not null))[1] as ram_type
      from ${eventRams}
      left join ${ramTypes} on ${ramTypes.id} = ${eventRams.ramTypeId}
      where ${eventRams.eventId} = page.id
    ) as ram on true
    left join lateral (
      select count(*) as total from ${followUpReports} where ${followUpReports.eventId} = page.id
    ) as follow_up on true
    left join lateral (
      select count(*) as total from ${eventComments} where ${eventComments.eventId} = page.id
    ) as comment on true
    left join lateral (
      select coalesce(json_agg(json_build_object('Nombre', ${metrics.nombre}, 'state', ${eventMetricAlerts.state},
          'limitHours', ${eventMetricAlerts.limitHours}, 'startedAt', ${isoMillis(eventMetricAlerts.startedAt)},
          'dueAt', ${isoMillis(eventMetricAlerts.dueAt)}, 'metAt', ${isoMillis(eventMetricAlerts.metAt)}) order by ${metrics.metricaId}), '[]')::text as rows
      from ${eventMetricAlerts}
      join ${metrics} on ${metrics.metricaId} = ${eventMetricAlerts.metricId}
      where ${eventMetricAlerts.eventId} = page.id and ${eventMetricAlerts.state} <> 'met'
    ) as deadline on true`;
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
