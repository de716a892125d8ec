import type { ErListRow, ListOrder, PageAt, PagedResult, WorkflowOrderColumn } from '@atalaya/domain';
import type { DbOrTx } from '../../db/client.js';
import { boundedTotal, caseMatches } from './count.js';
import type { CaseListCondition, CaseListFilters } from './filters.js';
import { caseOrder, keysetPlan } from './keyset.js';
import { casePage } from './page.js';
import { keysetResult } from './pager.js';
import { caseListReach, type ListContext, listContext } from './reach.js';
import { buildCaseRows } from './rows.js';
import type { ReachUser } from '../reach/index.js';

/*
 * The case-lists kernel: the engine every list of cases runs on (the Tasks lists, the event
 * search, 'Eventos que no cumplen KPI's'), and whose keyset, bounded count and pager the other
 * keyset lists use (the incoming reports, the audit trail, a case's operation history).
 *
 * The path of one page request (`readCaseList`), each file once, in this order:
 *
 *   1. keyset.ts  `caseOrder` and `keysetPlan`: the page key decoded, once, into the plan
 *                 (position, order, limit), which carries the decoded key on; a bad key is a
 *                 400 before any statement;
 *   2. reach.ts   `listContext`: the user's time zone and laboratories (one statement), and
 *                 `caseListReach`, which cases they let the user see;
 *   3. filters.ts the list's condition (`CaseListCondition`): the statuses and filters the list
 *                 module states (`CaseListFilters`, with `fromBound`, `toBound`…) and the reach;
 *   4. count.ts   `boundedTotal` of `caseMatches` (exact up to 10,000, the planner's estimate
 *                 above), read beside
 *      page.ts    `casePage`: the page's cases in the plan's order (per status, per country);
 *   5. pager.ts   `keysetResult`: the page number, the moves and the keys of the first and last
 *                 rows (encoded by keyset.ts's `encodePageKey`);
 *   6. rows.ts    `buildCaseRows`: the list rows of the event spec §3 in one statement.
 *
 * A list with its own page query (the search's, joined to the group; the inbox's, on reports)
 * takes the same steps in its service with the same pieces; the SQL each step sends is in
 * docs/performance-plans.md and bench/list-shapes.sql.
 */

export interface CaseListRequest {
  /** The page number the client shows (a page read by offset when `at` is the first). */
  page: number;
  /** Where the page starts (`pageKey`, docs/api.md 'Paging'). */
  at: PageAt;
  order: ListOrder<WorkflowOrderColumn>;
  pageSize: number;
}

/**
 * One page of a case list, keyset paged (the order value and the case id), with its bounded
 * total: the key decoded first, then one statement for the user's time zone and laboratories,
 * the page and the total read concurrently, then the page's rows are completed by one statement.
 */
export async function readCaseList(
  db: DbOrTx,
  user: ReachUser,
  request: CaseListRequest,
  filters: (context: ListContext) => CaseListFilters,
): Promise<PagedResult<ErListRow>> {
  const order = caseOrder(request.order);
  const plan = keysetPlan(order, request.at, request.page, request.pageSize);
  const context = await listContext(db, user);
  const where: CaseListCondition = { ...filters(context), ...caseListReach(user, context.laboratoryIds) };
  const [total, read] = await Promise.all([boundedTotal(db, caseMatches(db, where)), casePage(db, where, request.order.column, order, plan)]);
  const page = keysetResult(request.at, plan, read, total, request.page, request.pageSize);
  const rows = await buildCaseRows(db, page.Result, { userId: user.id, timeZone: context.timeZone, now: new Date() });
  return { ...page, Result: rows };
}
