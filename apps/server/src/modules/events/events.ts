import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';

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
export type CaseEvents = EventEmitter<{ created: [CaseCreated] }>;

export function createCaseEvents(): CaseEvents {
  return new EventEmitter<{ created: [CaseCreated] }>();
}

/** Subscribes to new cases; listeners run after the commit. Returns the unsubscribe function. */
export function onCaseCreated(events: CaseEvents, listener: (event: CaseCreated) => void): () => void {
  events.on('created', listener);
  return () => {
    events.off('created', listener);
  };
}

/** Tells the listeners; a failing listener is logged and never undoes the stored case. */
export function announceCaseCreated(events: CaseEvents, event: CaseCreated, log: FastifyBaseLogger): void {
  try {
    events.emit('created', event);
  } catch (error) {
    log.error({ err: error, reference: event.referenceNumber }, 'a listener of new cases failed');
  }
}
