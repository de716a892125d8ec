// The case-lists kernel (list.ts tells the path of one page request through its files).
// A case list: the whole path in one call, or its steps for a list with its own page query.
export { type CaseListRequest, readCaseList } from './list.js';
export { type ListContext, listContext } from './reach.js';
export { type CaseListFilters, fromBound, type ListStatus, toBound } from './filters.js';
export {
  caseOrder,
  type KeysetOrder,
  type KeysetPlan,
  keysetColumns,
  keysetPlan,
  keysetPlanAfter,
  keysetPlanOver,
  readsAscending,
} from './keyset.js';
export { boundedTotal } from './count.js';
export { CASE_PAGE_COLUMNS, countryOrderIds } from './page.js';
export { keysetResult } from './pager.js';
export { buildCaseRowsWith, type ExtraPieces } from './rows.js';
