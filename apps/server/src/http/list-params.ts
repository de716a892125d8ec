import { dateFilterParam, MSG } from '@atalaya/domain';
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

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A `from` / `to` path segment of a list: a day, an instant or a no-filter value (→ null). */
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
