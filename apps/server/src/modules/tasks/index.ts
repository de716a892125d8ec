export { tasksModule, type TasksModuleOptions } from './routes.js';
// The list rows of §3, for the search (modules/search) to build its rows the same way.
export { type CasePageRow, countryTimeZone, type ListContext, listContext } from './queries.js';
export { buildCaseRows, type RowContext } from './rows.js';
