import type { PageAt, PagedResult } from '@atalaya/domain';
import type { ListTotal } from './count.js';
import { encodePageKey, type KeyedRow, type KeysetPlan } from './keyset.js';

/*
 * The pager (step 5 of a page request, `list.ts`): the rows read and the total become the page
 * the client shows, with the keys of its first and last rows for the next move.
 */

/**
 * The paged answer from the rows read with `plan` (in the plan's order, `limit` at most) and
 * the total. The last page holds what is left after the full pages when the total is exact
 * (31 rows by 15: 1), the last `pageSize` rows when it is an estimate.
 */
export function keysetResult<Row extends KeyedRow>(
  at: PageAt,
  plan: KeysetPlan,
  read: Row[],
  total: ListTotal,
  pageNumber: number,
  pageSize: number,
): Omit<PagedResult<Row>, 'Result'> & { Result: Row[] } {
  const more = read.length > pageSize;
  let rows = read.slice(0, pageSize);
  const pageCount = Math.ceil(total.total / pageSize);
  if (at.kind === 'last' && !total.isEstimate && pageCount > 0) rows = rows.slice(0, total.total - (pageCount - 1) * pageSize);
  if (plan.reversed) rows = rows.reverse();
  const first = rows[0];
  const last = rows[rows.length - 1];
  let page: number;
  let back: boolean;
  let next: boolean;
  switch (at.kind) {
    case 'first':
      page = Math.max(1, pageNumber);
      back = page > 1;
      next = more;
      break;
    case 'last':
      page = Math.max(1, pageCount);
      back = more || page > 1;
      next = false;
      break;
    case 'after':
      page = Math.max(2, pageNumber);
      back = true;
      next = more;
      break;
    case 'before':
      page = more ? Math.max(2, Math.min(pageNumber, Math.max(2, pageCount - 1))) : 1;
      back = more;
      next = true;
      break;
  }
  return {
    Total: total.total,
    PageCount: Math.max(pageCount, page),
    PageNumber: page,
    PageBack: back,
    PageNext: next,
    Result: rows,
    TotalIsEstimate: total.isEstimate,
    FirstKey: first ? encodePageKey(first) : null,
    LastKey: last ? encodePageKey(last) : null,
  };
}
