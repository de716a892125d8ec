export {
  caseReach,
  caseReachBranches,
  findCaseInReach,
  grantCoversLaboratory,
  holdsEveryLaboratory,
  loadUserLaboratoryIds,
  reachesByLaboratory,
  userLaboratoryIds,
  type CaseInReach,
  type ReachUser,
} from './reach.js';
