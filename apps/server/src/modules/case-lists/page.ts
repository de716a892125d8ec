import type { WorkflowOrderColumn } from '@atalaya/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { countries, events, subGroups } from '../../db/schema/index.js';
import { allOf, type CaseListCondition, caseListWhere, statusBranch } from './filters.js';
import { type KeysetOrder, type KeysetPlan, keysetColumns, type PageKey, readsAscending } from './keyset.js';

/*
 * The page (step 4 of a page request, `list.ts`, read beside the count): the page's cases in
 * the plan's order, from the list indexes, never sorting every matching case.
 */

/** Orders with a per-status index (status, value, id): a page merges one range per status. */
const PER_STATUS_ORDERS = new Set<WorkflowOrderColumn>(['FechaSolicitud', 'FechaCreacion']);

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
export function countryOrderIds(branches: readonly SQL[], statuses: readonly number[] | null, limit: number, key: PageKey | null, readAscending: boolean): SQL {
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
 * One page of cases (`keysetPlan`, its key decoded there): the events columns, country and sub-group names, and the
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
): Promise<CasePageRow[]> {
  const { statuses } = condition;
  if (statuses.length === 0) return [];
  const readAscending = readsAscending(order, plan);
  const sign = readAscending ? 1 : -1;
  if (plan.offset === 0 && column === 'Pais') {
    const branches = condition.reachBranches.map((reach) => caseListWhere(condition, reach));
    const ids = countryOrderIds(branches, statuses.map(({ status }) => status), plan.limit, plan.key, readAscending);
    return pageSelect(db, sql`${events.id} in (${ids})`, order, plan);
  }
  if (statuses.length === 1 || plan.offset > 0 || !PER_STATUS_ORDERS.has(column)) return pageSelect(db, caseListWhere(condition), order, plan);
  return mergedBranches(
    statuses.map((status) => pageSelect(db, statusBranch(condition, status), order, plan)),
    plan.limit,
    (a, b) => sign * (compareKeyPart(a.keyValue, b.keyValue) || compareKeyPart(a.keyId, b.keyId)),
  );
}
