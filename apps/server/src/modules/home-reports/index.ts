export { createHomeReportEvents, onHomeReportCreated, type HomeReportCreated, type HomeReportEvents } from './events.js';
export { homeReportsModule, type HomeReportsModuleOptions } from './routes.js';
export type { StoredReport } from './stored-report.js';
