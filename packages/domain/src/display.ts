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
  if (Number.isNaN(date.getTime())) return null;
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return {
    day: parts.day ?? '',
    month: parts.month ?? '',
    year: parts.year ?? '',
    time: `${parts.hour ?? ''}:${parts.minute ?? ''}`,
  };
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

/** Booleans and SI/NO values show 'SI' or 'NO'; anything missing shows '---'. */
export function formatYesNo(value: boolean | 'SI' | 'NO' | null | undefined): string {
  if (value === true || value === 'SI') return 'SI';
  if (value === false || value === 'NO') return 'NO';
  return EMPTY_VALUE;
}

/** The value as text, or '---' when it is missing or blank. */
export function orDash(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return EMPTY_VALUE;
  const text = String(value);
  return text.trim() === '' || Number.isNaN(value) ? EMPTY_VALUE : text;
}
