import { type AnyColumn, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { events } from '../../db/schema/index.js';
import type { DateBound } from '../../http/list-params.js';

/*
 * The filters (step 3 of a page request, `list.ts`): a case list's condition, kept by status so
 * that a page can read one ordered index range per status, and the date-bound conditions the
 * lists' filters share. A list module (tasks, search…) states its own statuses and filters with
 * these; the reach comes from `reach.ts`.
 */

/** Every condition holds (each wrapped in parentheses). */
export function allOf(conditions: SQL[]): SQL {
  return conditions.length ? sql.join(conditions.map((condition) => sql`(${condition})`), sql` and `) : sql`true`;
}

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

/** What a list module states of its condition (the kernel adds the reach, `readCaseList`). */
export type CaseListFilters = Pick<CaseListCondition, 'statuses' | 'rest'>;

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
export function statusBranch(condition: CaseListCondition, { status, only }: ListStatus, reach: SQL = condition.reach): SQL {
  return allOf([reach, ...condition.rest, eq(events.status, status), ...(only ? [only] : [])]);
}

/** The start of a date bound: the instant, or the start of the day in `timeZone`. */
function boundStart(bound: DateBound, timeZone: string): SQL {
  return bound.day ? sql`(${bound.day}::date)::timestamp at time zone ${timeZone}` : sql`${bound.at.toISOString()}::timestamptz`;
}

/** `column >= from`: from the instant, or from the start of the day in `timeZone`. */
export function fromBound(column: AnyColumn, bound: DateBound, timeZone: string): SQL {
  return sql`${column} >= ${boundStart(bound, timeZone)}`;
}

/** `column <= to` (an instant), or `column <` the start of the next day in `timeZone` (a date-only `to` includes that whole day). */
export function toBound(column: AnyColumn, bound: DateBound, timeZone: string): SQL {
  const { day, at } = bound;
  return day ? sql`${column} < ((${day}::date + 1)::timestamp at time zone ${timeZone})` : sql`${column} <= ${at.toISOString()}::timestamptz`;
}
