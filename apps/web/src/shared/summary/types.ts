/** One label and its value, as shown (names instead of ids, DD/MM/YYYY, '---' for blanks). */
export interface SummaryRow {
  label: string;
  value: string;
}

/** A section's rows, or one item of a repeated section (a medication, Reacción 2). */
export interface SummaryBlock {
  title?: string;
  rows: SummaryRow[];
}

export interface SummarySection {
  title: string;
  blocks: SummaryBlock[];
  /** Shown when the section has no block (an empty list). */
  empty?: string;
}

/** A section of plain rows (one untitled block). */
export const rowsSection = (title: string, rows: SummaryRow[]): SummarySection => ({ title, blocks: [{ rows }] });
