import type { FastifyBaseLogger } from 'fastify';
import { type Announcements, createAnnouncements } from '../../shared/announcements.js';

/** What is announced once an incoming report is committed. */
export interface HomeReportCreated {
  id: string;
  reference: string;
  isMedic: boolean;
  countryCode: string;
  subGroupId: number;
  createdAt: Date;
}

/** The incoming-report events of one application instance (the realtime hub subscribes to them). */
export type HomeReportEvents = Announcements<HomeReportCreated>;

export function createHomeReportEvents(): HomeReportEvents {
  return createAnnouncements('new incoming reports', (report: HomeReportCreated) => ({ reference: report.reference }));
}

/**
 * The hook point for whoever must know about new incoming reports (the realtime hub's
 * 'Nuevos Eventos'). Listeners run after the commit; returns the unsubscribe function.
 */
export function onHomeReportCreated(events: HomeReportEvents, listener: (report: HomeReportCreated) => void): () => void {
  return events.on(listener);
}

/** Tells the listeners; a failing listener is logged and never undoes the stored report. */
export function announceHomeReportCreated(events: HomeReportEvents, report: HomeReportCreated, log: FastifyBaseLogger): void {
  events.announce(report, log);
}
