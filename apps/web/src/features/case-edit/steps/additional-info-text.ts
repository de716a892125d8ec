/** Step 6's free text as the server stores it (trimmed; blank is null), to tell whether it changed. */
export function normalizedInformation(text: string | null | undefined): string | null {
  const trimmed = (text ?? '').trim();
  return trimmed === '' ? null : trimmed;
}

/** updateER is posted only when the text differs from the stored one (event spec §7 'posted when changed'). */
export function informationChanged(typed: string, stored: string | null | undefined): boolean {
  return normalizedInformation(typed) !== normalizedInformation(stored);
}
