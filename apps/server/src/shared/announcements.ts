import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';

/**
 * One kind of announcement of one application instance (a case created, an incoming report
 * stored, the configuration changed); the realtime hub subscribes to them. The writer
 * announces after its commit.
 */
export interface Announcements<T> {
  /** Subscribes; listeners run after the commit, in order. Returns the unsubscribe function. */
  on(listener: (payload: T) => void): () => void;
  /** Tells the listeners; a failing listener is logged and never undoes what was stored. */
  announce(payload: T, log: FastifyBaseLogger): void;
}

/**
 * Announcements of `T`. `what` names them in the log of a failing listener ('new cases' →
 * 'a listener of new cases failed'); `logContext` picks what to log with it (a reference…).
 */
export function createAnnouncements<T>(what: string, logContext: (payload: T) => Record<string, unknown>): Announcements<T> {
  const emitter = new EventEmitter<{ announced: [T] }>();
  return {
    on(listener) {
      emitter.on('announced', listener);
      return () => {
        emitter.off('announced', listener);
      };
    },
    announce(payload, log) {
      try {
        emitter.emit('announced', payload);
      } catch (error) {
        log.error({ err: error, ...logContext(payload) }, `a listener of ${what} failed`);
      }
    },
  };
}
