// Opening a case in one read (issue 33): getERViewByMeta.
export { caseViewModule } from './routes.js';
export { getCaseView } from './service.js';
