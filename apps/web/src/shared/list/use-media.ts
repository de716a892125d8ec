import { useMediaQuery } from '@mantine/hooks';

/** Platform spec §9: lists turn into cards at a window width of 900 px or less. */
export const COMPACT_LIST_QUERY = '(max-width: 900px)';
/** Dialogs take the whole screen on a phone (as the public report form does). */
export const PHONE_QUERY = '(max-width: 36em)';

export function useCompactList(): boolean {
  return useMediaQuery(COMPACT_LIST_QUERY, false, { getInitialValueInEffect: false });
}

export function usePhone(): boolean {
  return useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
}
