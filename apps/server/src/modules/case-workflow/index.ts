export { caseWorkflowModule, type CaseWorkflowModuleOptions } from './routes.js';
export { evaluationCompleteOf, getActions, sendAction } from './actions.js';
