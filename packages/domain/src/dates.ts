import { z } from 'zod';
import { MSG } from './messages.js';

/**
 * Dates in requests (docs/api.md 'Input rules'): ISO 8601 only. A date field takes
 * `YYYY-MM-DD`; a date-time field a full date-time with its zone (`2026-03-04T10:30:00Z`,
 * `2026-03-04T10:30:00.000-03:00`). Anything else — `03/04/2026`, `ayer 5`, `2026-3-4`,
 * `2026-02-30` — is refused with a Spanish message naming the field, never guessed at.
 * Every date field of every request goes through `isoDate`/`isoDateTime` (or the predicates).
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d{1,9})?)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;

/**
 * The latest calendar date on Earth right now (UTC+14, Pacific/Kiritimati). A date-only value
 * after it is in the future for every user, whatever their zone; one on it is someone's today.
 */
function latestToday(now: Date): string {
  return new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
}

/** Whether a value is a real calendar day written `YYYY-MM-DD` (2026-02-30 is not). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Whether a value is a full ISO 8601 date-time with its zone (`Z` or `±hh:mm`) on a real day. */
export function isIsoDateTime(value: string): boolean {
  const match = ISO_DATE_TIME.exec(value);
  return match !== null && isIsoDate(match[1] ?? '') && !Number.isNaN(new Date(value).getTime());
}

/** Whether a value is an ISO 'YYYY-MM-DD' day or an ISO date-time (the only dates a request may carry). */
export function isValidDate(value: string): boolean {
  return isIsoDate(value) || isIsoDateTime(value);
}

/** Whether a date is in the future: date-only values against the latest date on Earth, instants against now. */
export function isFutureDate(value: string, now: Date = new Date()): boolean {
  if (ISO_DATE.test(value)) return value > latestToday(now);
  return new Date(value).getTime() > now.getTime();
}

/** Whether `end` is before `start` (either may be missing, then it is not). */
export function isEndBeforeStart(start: string | null | undefined, end: string | null | undefined): boolean {
  if (!start || !end || !isValidDate(start) || !isValidDate(end)) return false;
  const key = (value: string) => (ISO_DATE.test(value) ? value : new Date(value).toISOString().slice(0, 10));
  return key(end) < key(start);
}

/**
 * A date field (`YYYY-MM-DD`); `label` names it in the message ('fecha de inicio' →
 * 'La fecha de inicio no es válida: use el formato AAAA-MM-DD'). Also refuses what is not a string.
 */
export function isoDate(label?: string) {
  const message = MSG.generic.dateFormat(label);
  return z.string({ error: message }).refine(isIsoDate, { error: message, abort: true });
}

/** A date-time field: a full ISO 8601 date-time with its zone. */
export function isoDateTime(label?: string) {
  const message = MSG.generic.dateTimeFormat(label);
  return z.string({ error: message }).refine(isIsoDateTime, { error: message, abort: true });
}

/** An optional date field (`YYYY-MM-DD`); '' counts as empty. */
export function optionalDate(label?: string) {
  const message = MSG.generic.dateFormat(label);
  return z
    .string({ error: message })
    .refine((value) => value === '' || isIsoDate(value), { error: message, abort: true })
    .nullish();
}

/** An optional date field (`YYYY-MM-DD`) that may not be in the future; '' counts as empty. */
export function optionalPastDate(label?: string) {
  const message = MSG.generic.dateFormat(label);
  return z
    .string({ error: message })
    .refine((value) => value === '' || isIsoDate(value), { error: message, abort: true })
    .refine((value) => value === '' || !isFutureDate(value), { error: MSG.generic.futureDate })
    .nullish();
}

/** The field labels of the date fields of the requests (lower case, for `MSG.generic.dateFormat`). */
export const DATE_LABELS = {
  birth: 'fecha de nacimiento',
  start: 'fecha de inicio',
  end: 'fecha de fin',
  contact: 'fecha de contacto',
  hospitalizationStart: 'fecha de inicio de la hospitalización',
  hospitalizationEnd: 'fecha de fin de la hospitalización',
  notification: 'fecha de notificación',
  recovery: 'fecha de recuperación',
  expiration: 'fecha de vencimiento',
  from: 'fecha desde',
  to: 'fecha hasta',
} as const;
