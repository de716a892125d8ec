import { messageSchema } from '../contracts/http.js';
import {
  duplicateCandidatesSchema,
  duplicateDecisionSchema,
  duplicatePairsQuerySchema,
  duplicatePairsSchema,
  duplicateScanSchema,
} from '../contracts/duplicates.js';
import { endpoint } from './endpoint.js';

/** Duplicate detection (docs/duplicates.md): the candidates, the decisions, the QPPV's list and the whole-registry scan. */
export const duplicatesApi = {
  getDuplicateCandidatesByMeta: endpoint({
    method: 'GET',
    path: '/api/getDuplicateCandidatesByMeta/:meta',
    access: 'duplicates.decide',
    response: duplicateCandidatesSchema,
    errors: { 404: ['lists.eventNotFound'] },
  }),
  getDuplicateCandidatesByHomeReport: endpoint({
    method: 'GET',
    path: '/api/getDuplicateCandidatesByHomeReport/:id',
    access: 'duplicates.decide',
    response: duplicateCandidatesSchema,
    errors: { 404: ['homeReports.reportNotFound'] },
  }),
  /** A pair already decided: 409. */
  setDuplicateDecision: endpoint({
    method: 'POST',
    path: '/api/setDuplicateDecision',
    access: 'duplicates.decide',
    body: duplicateDecisionSchema,
    response: messageSchema,
    errors: { 400: ['duplicates.samePair'], 404: ['duplicates.otherNotFound', 'homeReports.reportNotFound', 'lists.eventNotFound'], 409: ['duplicates.alreadyDecided', 'duplicates.alreadyDuplicate', 'duplicates.reportClosed'] },
  }),
  /** A page of 50; `desde`: the previous page's `Siguiente`. */
  getDuplicatePairs: endpoint({
    method: 'GET',
    path: '/api/getDuplicatePairs',
    access: 'duplicates.list',
    query: duplicatePairsQuerySchema,
    response: duplicatePairsSchema,
  }),
  getDuplicateScan: endpoint({ method: 'GET', path: '/api/getDuplicateScan', access: 'duplicates.list', response: duplicateScanSchema }),
  /** Another scan pending or running: 409. */
  startDuplicateScan: endpoint({ method: 'POST', path: '/api/startDuplicateScan', access: 'duplicates.list', response: duplicateScanSchema, errors: { 409: ['imports.alreadyRunning'] } }),
};
