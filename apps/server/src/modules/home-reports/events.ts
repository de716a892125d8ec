import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';

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
export type HomeReportEvents = EventEmitter<{ created: [HomeReportCreated] }>;

export function createHomeReportEvents(): HomeReportEvents {
  return new EventEmitter<{ created: [HomeReportCreated] }>();
}

/**
 * The hook point for whoever must know about new incoming reports (the realtime hub's
 * 'Nuevos Eventos'). Listeners run after the commit; returns the unsubscribe function.
 */
export function onHomeReportCreated(events: HomeReportEvents, listener: (report: HomeReportCreated) => void): () => void {
  events.on('created', listener);
  return () => {
    events.off('created', listener);
  };
}

/** Tells the listeners; a failing listener is logged and never undoes the stored report. */
export function announceHomeReportCreated(events: HomeReportEvents, report: HomeReportCreated, log: FastifyBaseLogger): void {
  try {
    events.emit('created', report);
  } catch (error) {
    log.error({ err: error, reference: report.reference }, 'a listener of new incoming reports failed');
  }
}
