export { caseEditModule, type CaseEditModuleOptions } from './routes.js';
export { upsertPatient } from './patient.js';
export { readOrigin, upsertOrigin } from './origin.js';
export { readEvent } from './event.js';
export { readMedicalContact } from './medical-contact.js';
export { readPreviousMedications } from './previous-medications.js';
export { getWhoReport, readWhoReport, whoReportOfCase } from './who-report.js';
