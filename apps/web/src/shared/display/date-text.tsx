import { formatDate, formatDateTime } from '@atalaya/domain';
import { useUserTimeZone } from '../session';

export interface DateTextProps {
  value: string | Date | null | undefined;
  /** IANA zone; the signed-in user's country zone by default. */
  zone?: string;
  /** Show HH:mm as well (DD/MM/YYYY HH:mm). */
  withTime?: boolean;
}

/** A date as DD/MM/YYYY (HH:mm with time) in the user's zone, or '---'. */
export function DateText({ value, zone, withTime = false }: DateTextProps) {
  const userZone = useUserTimeZone();
  const timeZone = zone ?? userZone;
  const text = withTime ? formatDateTime(value, timeZone) : formatDate(value, timeZone);
  const iso = value instanceof Date ? value.toISOString() : (value ?? undefined);
  return iso ? <time dateTime={iso}>{text}</time> : <span>{text}</span>;
}
