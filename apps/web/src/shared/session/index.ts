export { idleStageAfter, idleCheckIntervalMs, idleStageMs, type IdleStage } from './idle';
export { SessionProvider, useSession, useUserTimeZone, type SessionStatus, type SessionValue } from './session-provider';
export type { AppContext, MenuItem, SessionUser } from './types';
export { useIdleStage } from './use-idle-stage';
