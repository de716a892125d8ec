export {
  caseReach,
  caseReachBranches,
  findCaseInReach,
  grantCoversLaboratory,
  loadUserLaboratoryIds,
  reachesByLaboratory,
  userLaboratoryIds,
  type CaseInReach,
  type ReachUser,
} from './reach.js';
