/** The session's shapes are the domain's contract of `GET /api/getContext` (packages/domain/src/contracts/context.ts). */
export type { AppContext, MenuItem, SessionUser } from '@atalaya/domain';
