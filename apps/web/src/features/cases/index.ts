// The case data layer: every read and write of a case, for the case features.
export * from './api';
export { CaseLoadError, CaseLoading, useCaseOnPage, type CaseOnPage } from './case-page';
