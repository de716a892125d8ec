import {
  DEFAULT_WORKFLOW_ORDER,
  idFilterParam,
  isNoFilter,
  type ListOrder,
  MSG,
  pageParam,
  pageSizeParam,
  parseOrderBy,
  textFilterParam,
  WORKFLOW_ORDER_COLUMNS,
  type WorkflowOrderColumn,
} from '@atalaya/domain';
import { z } from 'zod';
import { type DateBound, fromBoundParam, toBoundParam } from '../../http/list-params.js';

export type { DateBound } from '../../http/list-params.js';

/** The default order of the case lists: FechaSolicitud DESC. */
export const DEFAULT_ORDER = parseOrderBy(DEFAULT_WORKFLOW_ORDER, WORKFLOW_ORDER_COLUMNS) as ListOrder<WorkflowOrderColumn>;

/**
 * An orderBy path segment of the case lists: a known column and direction; a no-filter value
 * (`null`, `undefined`, `-`) is the default order; anything else 400 'El orden solicitado no es válido'.
 */
export const workflowOrderParam = z
  .string()
  .max(60, MSG.lists.invalidOrder)
  .transform((value, ctx): ListOrder<WorkflowOrderColumn> => {
    if (isNoFilter(value)) return DEFAULT_ORDER;
    const order = parseOrderBy(value, WORKFLOW_ORDER_COLUMNS);
    if (!order) {
      ctx.addIssue({ code: 'custom', message: MSG.lists.invalidOrder });
      return z.NEVER;
    }
    return order;
  });

/** Path of `getWorkFlowInvert/{page}/15/{orderBy}`. */
export const invertListParams = z.object({ page: pageParam, size: pageSizeParam, orderBy: workflowOrderParam });

/** Path of `getWorkFlow/{page}/15/{orderBy}/{statusId}/{idEr}/{from}/{to}/{categoryId}/{subGroupId}`. */
export const pendingListParams = invertListParams.extend({
  statusId: idFilterParam,
  idEr: textFilterParam,
  from: fromBoundParam,
  to: toBoundParam,
  categoryId: idFilterParam,
  subGroupId: idFilterParam,
});

export interface PendingListFilters {
  statusId: number | null;
  idEr: string | null;
  from: DateBound | null;
  to: DateBound | null;
  categoryId: number | null;
  subGroupId: number | null;
}

