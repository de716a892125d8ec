/**
 * `GET /api/getEventoDeHomeById/{id}` (docs/api.md 'Tasks and triage'): the domain's contract
 * (packages/domain/src/contracts/home-reports.ts), with the stored report read loosely.
 */
export type { HomeReportDetail, StoredReportData } from '@atalaya/domain';
