import {
  dateFilterParam,
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

/**
 * A date bound of a list filter: `at` the instant; `day` the calendar day when only a date
 * (YYYY-MM-DD) was given, which the list reads in the user's country time zone (from the
 * start of that day; `to` up to its end).
 */
export interface DateBound {
  at: Date;
  day: string | null;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const dateBoundParam = z.string().transform((value, ctx): DateBound | null => {
  const parsed = dateFilterParam.safeParse(value);
  if (!parsed.success) {
    ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? MSG.generic.invalidDate });
    return z.NEVER;
  }
  if (parsed.data === null) return null;
  const text = value.trim();
  if (!DAY.test(text)) return { at: parsed.data, day: null };
  // 2026-02-30 parses in JavaScript but names no day.
  if (parsed.data.toISOString().slice(0, 10) !== text) {
    ctx.addIssue({ code: 'custom', message: MSG.generic.invalidDate });
    return z.NEVER;
  }
  return { at: parsed.data, day: text };
});

/** Path of `getWorkFlowInvert/{page}/15/{orderBy}`. */
export const invertListParams = z.object({ page: pageParam, size: pageSizeParam, orderBy: workflowOrderParam });

/** Path of `getWorkFlow/{page}/15/{orderBy}/{statusId}/{idEr}/{from}/{to}/{categoryId}/{subGroupId}`. */
export const pendingListParams = invertListParams.extend({
  statusId: idFilterParam,
  idEr: textFilterParam,
  from: dateBoundParam,
  to: dateBoundParam,
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

export const metaParams = z.object({ meta: z.string().min(1).max(64) });

/** Answer of `anularER`. */
export const annulResultSchema = z.object({ Meta: z.string(), Estado: z.number().int() });
export type AnnulResult = z.infer<typeof annulResultSchema>;
