export { caseKeys, referenceKeys, TASKS_KEY, type CaseRef } from './keys';
export * from './reads';
export * from './writes';
