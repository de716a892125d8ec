// The summary of a case: the wizard's step 7 'Resumen' and the case view's Detalle tab.
export { CaseSummarySections } from './case-summary-sections';
export { useCaseSummary, type CaseSummaryOptions } from './use-case-summary';
export type { SummaryDraft } from './summary-types';
export { HomeReportSummary } from './home-report-summary';
