/** Platform spec §4 'Session': idle after half the session timeout, locked after a second half. */
export type IdleStage = 'active' | 'idle' | 'locked';

/** Length of one idle stage in milliseconds: half of SessionTimeout (minutes, may be fractional). */
export function idleStageMs(sessionTimeoutMinutes: number): number {
  return (sessionTimeoutMinutes * 60_000) / 2;
}

/** The stage reached after `elapsedMs` without user activity. */
export function idleStageAfter(elapsedMs: number, sessionTimeoutMinutes: number): IdleStage {
  const stage = idleStageMs(sessionTimeoutMinutes);
  if (!(stage > 0)) return 'active';
  if (elapsedMs < stage) return 'active';
  return elapsedMs < 2 * stage ? 'idle' : 'locked';
}

/** How often to look at the clock: often enough to change stage within a tenth of a stage. */
export function idleCheckIntervalMs(sessionTimeoutMinutes: number): number {
  return Math.max(100, Math.min(1_000, idleStageMs(sessionTimeoutMinutes) / 10));
}
