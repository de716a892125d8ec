import { type Announcements, createAnnouncements } from '../../shared/announcements.js';

/** Who was told (by mail) that a case they act on next missed a KPI limit, after the commit. */
export interface DeadlinesMissed {
  told: { userId: string; eventId: string; reference: string; meta: string }[];
  at: Date;
}

/** The missed-deadline announcements of one process (the realtime hub subscribes: 'Plazo vencido'). */
export type DeadlineEvents = Announcements<DeadlinesMissed>;

export function createDeadlineEvents(): DeadlineEvents {
  return createAnnouncements('missed deadlines', (missed: DeadlinesMissed) => ({ told: missed.told.length }));
}

export function onDeadlinesMissed(events: DeadlineEvents, listener: (missed: DeadlinesMissed) => void): () => void {
  return events.on(listener);
}
