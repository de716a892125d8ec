import type { FastifyBaseLogger } from 'fastify';
import { type Announcements, createAnnouncements } from '../../shared/announcements.js';

/** What is announced once a reportable event (case) is committed. */
export interface CaseCreated {
  id: string;
  meta: string;
  referenceNumber: string;
  countryCode: string;
  /** The incoming report it was entered from, if any. */
  homeReportId: string | null;
  createdAt: Date;
}

/** The case events of one application instance (the realtime hub subscribes to them). */
export type CaseEvents = Announcements<CaseCreated>;

export function createCaseEvents(): CaseEvents {
  return createAnnouncements('new cases', (event: CaseCreated) => ({ reference: event.referenceNumber }));
}

/** Subscribes to new cases; listeners run after the commit. Returns the unsubscribe function. */
export function onCaseCreated(events: CaseEvents, listener: (event: CaseCreated) => void): () => void {
  return events.on(listener);
}

/** Tells the listeners; a failing listener is logged and never undoes the stored case. */
export function announceCaseCreated(events: CaseEvents, event: CaseCreated, log: FastifyBaseLogger): void {
  events.announce(event, log);
}
