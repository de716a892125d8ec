// Duplicate detection (docs/duplicates.md): 'Posibles duplicados' of a report or a case, and the QPPV's 'Duplicados' screen.
export { DuplicateCandidatesCard } from './duplicate-candidates';
export type { DuplicateSubject } from './api';
export { DuplicatesPage } from './duplicates-page';
