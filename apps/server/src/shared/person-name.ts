/**
 * A user's name as every screen, PDF and signature prints it: given name, then family name, with
 * no stray space when one is missing.
 */
export function personName(row: { firstName: string | null; lastName: string | null }): string {
  return `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim();
}
