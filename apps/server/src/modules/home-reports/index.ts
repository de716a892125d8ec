export { createHomeReportEvents, onHomeReportCreated, type HomeReportCreated, type HomeReportEvents } from './events.js';
export { homeReportsModule, type HomeReportsModuleOptions } from './routes.js';
export { reportCreatedSchema, type ReportCreated } from './schemas.js';
export type { StoredReport } from './stored-report.js';
export { homeReportByReferenceSchema, type HomeReportByReference } from './get-by-reference.js';
export { homeReportDetailSchema, type HomeReportDetail } from './details.js';
