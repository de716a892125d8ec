import { EXACT_TOTAL_LIMIT } from '@atalaya/domain';
import { type SQLWrapper, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { events } from '../../db/schema/index.js';
import { type CaseListCondition, caseListWhere } from './filters.js';

/*
 * The bounded count (step 4 of a page request, `list.ts`, read beside the page): a list's total
 * without counting a million rows.
 */

/** A list's total: exact up to `EXACT_TOTAL_LIMIT`, the planner's estimate above. */
export interface ListTotal {
  total: number;
  isEstimate: boolean;
}

/**
 * Above this planner estimate a list's total is taken as the estimate without counting: three
 * times `EXACT_TOTAL_LIMIT`, so that only a list the planner overestimates threefold could
 * show '≈' for fewer than 10,000 rows (docs/api.md 'Paging').
 */
export const ESTIMATE_WITHOUT_COUNT = 3 * EXACT_TOTAL_LIMIT;

/**
 * The total of `matching` (a select of the list's FROM and WHERE, any columns): first the
 * planner's row estimate (EXPLAIN, no execution, well under a millisecond); when it is above
 * `ESTIMATE_WITHOUT_COUNT`, that estimate. Otherwise an exact `count(*)` over `matching limit
 * 10001`, which stops reading at the 10,001st row: exact up to `EXACT_TOTAL_LIMIT`, the
 * estimate (never below 10,001) above. The pager shows an estimate with '≈'. So no page counts
 * a million rows, and a long list (the QPPV's, a country's) does not count 10,000 either.
 */
export async function boundedTotal(db: DbOrTx, matching: SQLWrapper): Promise<ListTotal> {
  const plan = await db.execute<{ 'QUERY PLAN': unknown }>(sql`explain (format json) ${matching}`);
  const estimate = planRows(plan.rows[0]?.['QUERY PLAN']);
  if (estimate > ESTIMATE_WITHOUT_COUNT) return { total: estimate, isEstimate: true };
  const counted = await db.execute<{ n: number | string }>(sql`select count(*) as n from (${matching} limit ${EXACT_TOTAL_LIMIT + 1}) as bounded`);
  const exact = Number(counted.rows[0]?.n ?? 0);
  if (exact <= EXACT_TOTAL_LIMIT) return { total: exact, isEstimate: false };
  return { total: Math.max(EXACT_TOTAL_LIMIT + 1, estimate), isEstimate: true };
}

/** The top node's `Plan Rows` of an `EXPLAIN (FORMAT JSON)` answer (text or parsed, by driver). */
function planRows(plan: unknown): number {
  const parsed: unknown = typeof plan === 'string' ? JSON.parse(plan) : plan;
  const top = Array.isArray(parsed) ? (parsed[0] as { Plan?: { 'Plan Rows'?: number } } | undefined) : undefined;
  return Math.round(top?.Plan?.['Plan Rows'] ?? 0);
}


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
