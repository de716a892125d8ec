import { z } from 'zod';
import { MSG } from './messages.js';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The latest calendar date on Earth right now (UTC+14, Pacific/Kiritimati). A date-only value
 * after it is in the future for every user, whatever their zone; one on it is someone's today.
 */
function latestToday(now: Date): string {
  return new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
}

/** Whether a 'YYYY-MM-DD' or ISO instant is a readable date. */
export function isValidDate(value: string): boolean {
  if (DATE_ONLY.test(value)) {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }
  return !Number.isNaN(new Date(value).getTime());
}

/** Whether a date is in the future: date-only values against the latest date on Earth, instants against now. */
export function isFutureDate(value: string, now: Date = new Date()): boolean {
  if (DATE_ONLY.test(value)) return value > latestToday(now);
  return new Date(value).getTime() > now.getTime();
}

/** Whether `end` is before `start` (either may be missing, then it is not). */
export function isEndBeforeStart(start: string | null | undefined, end: string | null | undefined): boolean {
  if (!start || !end || !isValidDate(start) || !isValidDate(end)) return false;
  const key = (value: string) => (DATE_ONLY.test(value) ? value : new Date(value).toISOString().slice(0, 10));
  return key(end) < key(start);
}

/** An optional date ('YYYY-MM-DD' or ISO instant) that may not be in the future; '' counts as empty. */
export function optionalPastDate() {
  return z
    .string({ error: MSG.generic.invalidDate })
    .refine((value) => value === '' || isValidDate(value), { error: MSG.generic.invalidDate, abort: true })
    .refine((value) => value === '' || !isFutureDate(value), { error: MSG.generic.futureDate })
    .nullish();
}
