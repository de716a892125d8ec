import type { FastifyInstance } from 'fastify';
import type { RouteErrorCodes } from './route-error-codes.js';

/** An error answer whose `Code` its route does not list for its status (or that has none). */
export interface UnlistedErrorCode {
  /** The route: `GET /api/getWorkFlow/:id`. */
  route: string;
  status: number;
  /** The answer's `Code`, or null when a `{ Message }` answer carries none. */
  code: string | null;
}

/**
 * Holds every contract route's error answers to its list (docs/api.md 'Error codes'): an answer
 * with a 4xx status and a JSON `Message` whose `Code` is not in the route's `config.errorCodes`
 * for that status is reported. Only the test application registers it
 * (test-support/app.ts); the server test set-up fails the test that produced the answer.
 */
export function registerErrorCodeCheck(app: FastifyInstance, report: (unlisted: UnlistedErrorCode) => void): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const status = reply.statusCode;
    if (status < 400 || status >= 500 || request.method === 'HEAD' || typeof payload !== 'string') return payload;
    const listed = (request.routeOptions.config as { errorCodes?: RouteErrorCodes }).errorCodes;
    if (listed === undefined) return payload;
    let body: unknown;
    try {
      body = JSON.parse(payload);
    } catch {
      return payload;
    }
    if (body === null || typeof body !== 'object' || typeof (body as { Message?: unknown }).Message !== 'string') return payload;
    const code = (body as { Code?: unknown }).Code;
    const codes = listed[status as keyof RouteErrorCodes] as readonly string[] | undefined;
    if (typeof code !== 'string' || !codes?.includes(code)) {
      report({ route: `${request.method} ${request.routeOptions.url ?? request.url}`, status, code: typeof code === 'string' ? code : null });
    }
    return payload;
  });
}
