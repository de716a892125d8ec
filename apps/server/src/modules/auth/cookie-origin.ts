import { MSG } from '@atalaya/domain';
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../../http/errors.js';
import { isOwnOrigin } from '../../http/request-origin.js';
import { refreshCookieOf } from './refresh-cookie.js';

/**
 * The routes the refresh-token cookie authenticates (the refresh grant and sign-out) refuse a
 * request that carries the cookie unless its `Origin` is this server's own or APP_URL's: 403.
 * Browsers send `Origin` on every POST, so a missing one with the cookie is refused too.
 * SameSite=Strict already keeps the cookie off cross-site requests in current browsers; this
 * is the second lock, for the browsers and set-ups where it does not. Without the cookie
 * there is nothing to protect (the refresh answers 401, the sign-out does nothing).
 */
export function assertCookieOrigin(request: FastifyRequest, appUrl: string): void {
  if (!refreshCookieOf(request)) return;
  const origin = request.headers.origin;
  if (typeof origin !== 'string' || !isOwnOrigin(origin, request, appUrl)) throw forbidden(MSG.errors.originNotAllowed);
}
