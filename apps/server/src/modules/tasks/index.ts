export { tasksModule, type TasksModuleOptions } from './routes.js';
// The list rows of §3, for the search (modules/search) to build its rows the same way.
export { CASE_PAGE_COLUMNS, type CasePageRow, countryOrderIds, type ListContext, listContext } from './queries.js';
export { buildCaseRows, buildCaseRowsWith, type RowContext } from './rows.js';
export { type CasePieces, type ExtraPieces } from './queries.js';
