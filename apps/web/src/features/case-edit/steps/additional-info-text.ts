import { trimmedOrNull } from '../../../shared/form';

/** Step 6's free text as the server stores it (trimmed; blank is null), to tell whether it changed. */
export const normalizedInformation = trimmedOrNull;

/** updateER is posted only when the text differs from the stored one (event spec §7 'posted when changed'). */
export function informationChanged(typed: string, stored: string | null | undefined): boolean {
  return normalizedInformation(typed) !== normalizedInformation(stored);
}
