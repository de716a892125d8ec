import { NARANJO_ANSWER, NARANJO_ANSWERS } from './naranjo.js';

/** What a missing value shows (both specs §5 'Display'). */
export const EMPTY_VALUE = '---';

type DateInput = string | Date | null | undefined;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

interface DateParts {
  day: string;
  month: string;
  year: string;
  time: string | null;
}

function toParts(value: DateInput, timeZone: string | undefined): DateParts | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') {
    const dateOnly = DATE_ONLY.exec(value);
    if (dateOnly) {
      const [, year = '', month = '', day = ''] = dateOnly;
      return { day, month, year, time: null };
    }
  }
  const date = value instanceof Date ? value : new Date(value);
  const time = date.getTime();
  if (Number.isNaN(time)) return null;
  // The wall clock in the zone: the instant shifted by the zone's offset, read as UTC.
  const local = new Date(time + offsetAt(time, timeZone));
  return {
    day: pad(local.getUTCDate()),
    month: pad(local.getUTCMonth() + 1),
    year: String(local.getUTCFullYear()).padStart(4, '0'),
    time: `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`,
  };
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

const QUARTER_HOUR = 15 * 60 * 1000;
/** Offsets by zone and quarter hour; emptied past this many (a long-running server formats many instants). */
const MAX_CACHED_OFFSETS = 20_000;
const offsets = new Map<string, number>();

/**
 * The zone's offset from UTC (ms) at an instant, asked of Intl once per zone and quarter hour
 * (`formatToParts` costs ~10 µs, and a list page formats hundreds of dates): every zone's
 * offset is a whole number of quarter hours and changes at a quarter hour, so one quarter
 * hour has one offset.
 */
function offsetAt(time: number, timeZone: string | undefined): number {
  const bucket = Math.floor(time / QUARTER_HOUR) * QUARTER_HOUR;
  const key = `${timeZone ?? ''}|${bucket}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const parts = Object.fromEntries(
      formatterFor(timeZone)
        .formatToParts(new Date(bucket))
        .map((part) => [part.type, part.value]),
    );
    const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute));
    offset = wall - bucket;
    if (offsets.size >= MAX_CACHED_OFFSETS) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

/**
 * 'DD/MM/YYYY' of an instant in the IANA `timeZone` (the user's country; the runtime's own
 * zone when omitted). A date-only 'YYYY-MM-DD' is shown as is, with no zone shift.
 * Missing or unreadable values show '---'.
 */
export function formatDate(value: DateInput, timeZone?: string): string {
  const parts = toParts(value, timeZone);
  return parts ? `${parts.day}/${parts.month}/${parts.year}` : EMPTY_VALUE;
}

/**
 * 'DD/MM/YYYY HH:mm' (24 h) of an instant in the IANA `timeZone`. A date-only value has
 * no time and shows as 'DD/MM/YYYY'. Missing or unreadable values show '---'.
 */
export function formatDateTime(value: DateInput, timeZone?: string): string {
  const parts = toParts(value, timeZone);
  if (!parts) return EMPTY_VALUE;
  const date = `${parts.day}/${parts.month}/${parts.year}`;
  return parts.time ? `${date} ${parts.time}` : date;
}

/** What a yes/no answer shows (not the API's 'SI' / 'NO' values): Spanish with its accent. */
export const YES_TEXT = 'Sí';
export const NO_TEXT = 'No';

/**
 * Booleans and the API's SI/NO values show 'Sí' or 'No' (the specs' 'SI or NO' written as a
 * reader writes it, issue 20); anything missing shows '---'.
 */
export function formatYesNo(value: boolean | 'SI' | 'NO' | null | undefined): string {
  if (value === true || value === 'SI') return YES_TEXT;
  if (value === false || value === 'NO') return NO_TEXT;
  return EMPTY_VALUE;
}

/**
 * A Naranjo answer as the interface shows it: 'Sí', 'No', 'No sabe', 'Seleccione' (the
 * list's NO / SI stay the values the history records).
 */
export function naranjoAnswerText(id: number): string {
  if (id === NARANJO_ANSWER.SI) return YES_TEXT;
  if (id === NARANJO_ANSWER.NO) return NO_TEXT;
  return NARANJO_ANSWERS.find((answer) => answer.Id === id)?.Nombre ?? EMPTY_VALUE;
}

/** A number as the screen shows it: decimal comma (1,65), no grouping; '---' when missing. */
export function formatNumber(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return EMPTY_VALUE;
  return String(value).replace('.', ',');
}

/**
 * The zone's offset from UTC at an instant, as 'UTC−03:00' (a true minus sign), 'UTC+05:30'
 * or 'UTC' for none.
 */
export function formatUtcOffset(value: Date, timeZone: string): string {
  const minutes = Math.round(offsetAt(value.getTime(), timeZone) / 60_000);
  if (minutes === 0) return 'UTC';
  const sign = minutes < 0 ? '\u2212' : '+';
  const absolute = Math.abs(minutes);
  return `UTC${sign}${pad(Math.floor(absolute / 60))}:${pad(absolute % 60)}`;
}

/** The value as text, or '---' when it is missing or blank. */
export function orDash(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return EMPTY_VALUE;
  const text = String(value);
  return text.trim() === '' || Number.isNaN(value) ? EMPTY_VALUE : text;
}
