const TYPED_DATE = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isoOf(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/**
 * A date typed into a date field, as 'YYYY-MM-DD': the user types it as shown (DD/MM/YYYY,
 * also with '-' or '.', one-digit day or month) or as 'YYYY-MM-DD'. Null when it is no date
 * (31/02/2026), so the field does not take it.
 */
export function parseTypedDate(text: string): string | null {
  const value = text.trim();
  const typed = TYPED_DATE.exec(value);
  if (typed) return isoOf(Number(typed[3]), Number(typed[2]), Number(typed[1]));
  const iso = ISO_DATE.exec(value);
  if (iso) return isoOf(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  return null;
}

/** Today in the browser's zone, 'YYYY-MM-DD' (the latest date a date field offers). */
export function todayIso(now: Date = new Date()): string {
  const pad = (part: number) => String(part).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
