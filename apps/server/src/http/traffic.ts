import type { FastifyInstance } from 'fastify';

/**
 * The requests the server is answering right now, for background work that gives way to them:
 * on the embedded database a MedDRA import waits between its batches while a request is being
 * answered, so that the request's queries are not each queued behind one of the import's
 * statements (its one connection is everybody's; bench/import-load.ts measures it).
 * The realtime hub (Socket.IO on the HTTP server) does not go through Fastify: not counted.
 */
export interface RequestTraffic {
  /** Whether a request is being answered. */
  busy(): boolean;
  /** Counts the requests of `app` from their arrival until their response ends or their connection closes. */
  track(app: FastifyInstance): void;
}

export function createRequestTraffic(): RequestTraffic {
  let inFlight = 0;
  return {
    busy: () => inFlight > 0,
    track(app) {
      app.addHook('onRequest', async (_request, reply) => {
        inFlight += 1;
        // 'close' comes once, when the response is sent or the client goes away.
        reply.raw.once('close', () => {
          inFlight -= 1;
        });
      });
    },
  };
}
