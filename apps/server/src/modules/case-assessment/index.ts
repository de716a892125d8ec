export { caseAssessmentModule, type CaseAssessmentModuleOptions } from './routes.js';
export { evaluationOf, getEvaluation } from './evaluation.js';
export { loadWhoUmcPairs } from './who-umc.js';
