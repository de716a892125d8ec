import { DATE_LABELS, isIsoDate, isIsoDateTime, isNoFilter, MSG } from '@atalaya/domain';
import { z } from 'zod';

/**
 * A date bound of a list filter: `at` the instant; `day` the calendar day when only a date
 * (YYYY-MM-DD) was given, which the list reads in the user's country time zone (from the
 * start of that day; `to` up to its end).
 */
export interface DateBound {
  at: Date;
  day: string | null;
}

/**
 * A `from` / `to` path segment of a list: an ISO day (`YYYY-MM-DD`), a full ISO date-time or a
 * no-filter value (→ null). Anything else (`03/04/2026`, `ayer`, `2026-02-30`) answers 400 with
 * the message naming the field.
 */
function dateBound(label: string) {
  return z.string().transform((value, ctx): DateBound | null => {
    if (isNoFilter(value)) return null;
    const text = value.trim();
    if (isIsoDate(text)) return { at: new Date(`${text}T00:00:00Z`), day: text };
    if (isIsoDateTime(text)) return { at: new Date(text), day: null };
    ctx.addIssue({ code: 'custom', message: MSG.generic.dateFormat(label) });
    return z.NEVER;
  });
}

export const fromBoundParam = dateBound(DATE_LABELS.from);
export const toBoundParam = dateBound(DATE_LABELS.to);
