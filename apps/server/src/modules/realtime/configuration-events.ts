import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';

/** What is announced once parameters or settings changed and were committed. */
export interface ConfigurationChanged {
  /** What changed, for the log and the message ('parametros', 'settings', 'metricas'…). */
  what: string;
  changedAt: Date;
}

/** The configuration events of one application instance (the realtime hub subscribes to them). */
export type ConfigurationEvents = EventEmitter<{ changed: [ConfigurationChanged] }>;

export function createConfigurationEvents(): ConfigurationEvents {
  return new EventEmitter<{ changed: [ConfigurationChanged] }>();
}

/** Subscribes to configuration changes; listeners run after the commit. Returns the unsubscribe function. */
export function onConfigurationChanged(events: ConfigurationEvents, listener: (change: ConfigurationChanged) => void): () => void {
  events.on('changed', listener);
  return () => {
    events.off('changed', listener);
  };
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
  try {
    events.emit('changed', { what: change.what, changedAt: change.changedAt ?? new Date() });
  } catch (error) {
    log.error({ err: error, what: change.what }, 'a listener of configuration changes failed');
  }
}
