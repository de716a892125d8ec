/** The read-only summary renderer: sections of label/value rows; each feature maps its data to sections. */
export { SummaryCard, SummarySections } from './summary-view';
export { rowsSection, type SummaryBlock, type SummaryRow, type SummarySection } from './types';
