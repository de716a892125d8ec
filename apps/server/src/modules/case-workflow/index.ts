export { caseWorkflowModule, type CaseWorkflowModuleOptions } from './routes.js';
export { actionsOfCase, getActions, sendAction } from './actions.js';
export { approvedFabricOfCase } from './approved-fabric.js';
export { annulCase } from './annul.js';
export { evaluationCompleteOf } from './evaluation-complete.js';
export { caseSentMail, actionMail, caseViewUrl, followUpMail, followUpViewUrl } from './mails.js';
export {
  checkTransition,
  confirmationLines,
  DELETE_ACTION,
  refusalError,
  runTransition,
  type TransitionAction,
  type TransitionDeps,
  type TransitionDone,
  type TransitionRefusal,
  type TransitionRequest,
} from './transition.js';
export { historyAcrossCasesWhere, historyEntryColumns, withLines } from './history.js';
export { getHistoryPage } from './history.js';
