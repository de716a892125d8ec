export { idleStageAfter, idleCheckIntervalMs, idleStageMs, type IdleStage } from './idle';
export { SessionProvider, useSession, useUserTimeZone, type SessionStatus, type SessionValue } from './session-provider';
export type { AppContext, Country, EventStatus, MenuItem, SessionUser, SubGroup } from './types';
export { useIdleStage } from './use-idle-stage';
