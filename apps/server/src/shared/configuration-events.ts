import type { FastifyBaseLogger } from 'fastify';
import { type Announcements, createAnnouncements } from './announcements.js';

/** What is announced once parameters or settings changed and were committed. */
export interface ConfigurationChanged {
  /** What changed, for the log and the message ('parametros', 'settings', 'metricas'…). */
  what: string;
  changedAt: Date;
}

/** The configuration events of one application instance (the realtime hub subscribes to them). */
export type ConfigurationEvents = Announcements<ConfigurationChanged>;

export function createConfigurationEvents(): ConfigurationEvents {
  return createAnnouncements('configuration changes', (change: ConfigurationChanged) => ({ what: change.what }));
}

/** Subscribes to configuration changes; listeners run after the commit. Returns the unsubscribe function. */
export function onConfigurationChanged(events: ConfigurationEvents, listener: (change: ConfigurationChanged) => void): () => void {
  return events.on(listener);
}

/**
 * Tells the listeners (the hub sends 'Cambio en la configuración' to everyone connected). Call
 * it after the commit; a failing listener is logged and never undoes the stored change.
 */
export function announceConfigurationChanged(
  events: ConfigurationEvents,
  change: { what: string; changedAt?: Date },
  log: FastifyBaseLogger,
): void {
  events.announce({ what: change.what, changedAt: change.changedAt ?? new Date() }, log);
}
