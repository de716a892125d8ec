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

/** What is announced once the wizard of a case is finished (status 1 → 2) and committed. */
export interface CaseSent {
  id: string;
  meta: string;
  referenceNumber: string;
  /** ISO code of the case's country: its RLF act next. */
  countryCode: string;
  sentAt: Date;
  /**
   * The users who act next when a workflow action moved the case on (sendAccion); without
   * them, the RLF of the case's country (a finished wizard).
   */
  userIds?: readonly string[];
}

/**
 * The case events of one application instance (the realtime hub subscribes to them): new
 * cases on the object itself, sent cases on `sent`.
 */
export type CaseEvents = Announcements<CaseCreated> & { readonly sent: Announcements<CaseSent> };

export function createCaseEvents(): CaseEvents {
  const created = createAnnouncements('new cases', (event: CaseCreated) => ({ reference: event.referenceNumber }));
  const sent = createAnnouncements('sent cases', (event: CaseSent) => ({ reference: event.referenceNumber }));
  return { ...created, sent };
}

/** Subscribes to new cases; listeners run after the commit. Returns the unsubscribe function. */
export function onCaseCreated(events: CaseEvents, listener: (event: CaseCreated) => void): () => void {
  return events.on(listener);
}

/** Tells the listeners; a failing listener is logged and never undoes the stored case. */
export function announceCaseCreated(events: CaseEvents, event: CaseCreated, log: FastifyBaseLogger): void {
  events.announce(event, log);
}

/** Subscribes to sent cases (a finished wizard); listeners run after the commit. Returns the unsubscribe function. */
export function onCaseSent(events: CaseEvents, listener: (event: CaseSent) => void): () => void {
  return events.sent.on(listener);
}

/** Tells the listeners that a case was sent; a failing listener is logged and never undoes the sending. */
export function announceCaseSent(events: CaseEvents, event: CaseSent, log: FastifyBaseLogger): void {
  events.sent.announce(event, log);
}
