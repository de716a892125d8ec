export { caseAssessmentModule, type CaseAssessmentModuleOptions } from './routes.js';
