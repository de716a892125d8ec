export { caseAssessmentModule, type CaseAssessmentModuleOptions } from './routes.js';
export { getEvaluation } from './evaluation.js';
