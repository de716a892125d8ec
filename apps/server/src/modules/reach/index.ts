export {
  caseReach,
  caseReachBranches,
  findCaseInReach,
  loadUserLaboratoryIds,
  reachesByLaboratory,
  userLaboratoryIds,
  type CaseInReach,
  type ReachUser,
} from './reach.js';
