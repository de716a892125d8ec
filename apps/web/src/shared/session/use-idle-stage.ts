import { useEffect, useRef, useState } from 'react';
import { idleCheckIntervalMs, idleStageAfter, type IdleStage } from './idle';

const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

/**
 * Watches the user's activity and returns the idle stage (platform spec §4): 'idle' after half
 * the session timeout without activity, 'locked' after the whole of it. Paused while `paused`
 * (for example on the lock screen); it starts again from 'active' when resumed.
 */
export function useIdleStage(sessionTimeoutMinutes: number | undefined, paused: boolean): IdleStage {
  const [stage, setStage] = useState<IdleStage>('active');
  const lastActivity = useRef(0);

  useEffect(() => {
    if (paused || !sessionTimeoutMinutes) return;
    lastActivity.current = Date.now();
    const onActivity = () => {
      lastActivity.current = Date.now();
    };
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, { capture: true, passive: true });
    const timer = window.setInterval(() => {
      setStage(idleStageAfter(Date.now() - lastActivity.current, sessionTimeoutMinutes));
    }, idleCheckIntervalMs(sessionTimeoutMinutes));
    return () => {
      window.clearInterval(timer);
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, { capture: true });
      setStage('active');
    };
  }, [sessionTimeoutMinutes, paused]);

  return paused ? 'active' : stage;
}
