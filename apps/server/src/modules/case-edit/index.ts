export { caseEditModule, type CaseEditModuleOptions } from './routes.js';
export { upsertPatient } from './patient.js';
export { upsertOrigin } from './origin.js';
