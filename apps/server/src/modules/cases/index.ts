export {
  announceCaseCreated,
  announceCaseSent,
  createCaseEvents,
  onCaseCreated,
  onCaseSent,
  type CaseCreated,
  type CaseEvents,
  type CaseSent,
} from './events.js';
export { CASE_CREATED_DESCRIPTION, createCase, newCaseMeta, type CaseHistoryLine, type NewCase } from './create-case.js';
export { changedFields, displayValue, lockEditableCase, recordCaseOperation, type CaseOperation, type ChangeLine } from './case-writes.js';
export { caseReadRoutes, erPatientSchema, getPatientByMeta, patientOfCase, readPatient, type ErPatient } from './patient.js';
export { type SignedContent, signedContentHash, type SignedRecord, storeSignature } from './signatures.js';
