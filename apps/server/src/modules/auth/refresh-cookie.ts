import type { FastifyReply, FastifyRequest } from 'fastify';
// The cookie methods on request and reply come from @fastify/cookie's type augmentation.
import type {} from '@fastify/cookie';
import { REFRESH_TOKEN_TTL_MS } from './refresh-tokens.js';

/** The refresh token's cookie (HttpOnly: the browser's scripts never see it). */
export const REFRESH_COOKIE = 'atalaya_rt';
/** Sent to /api/login (refresh) and /api/logout (revocation); no other path reads it. */
const COOKIE_PATH = '/api';

function isSecure(request: FastifyRequest, secureCookies: boolean | undefined): boolean {
  return secureCookies ?? request.protocol === 'https';
}

export function setRefreshCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  secureCookies: boolean | undefined,
): void {
  reply.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: isSecure(request, secureCookies),
    path: COOKIE_PATH,
    maxAge: Math.floor(REFRESH_TOKEN_TTL_MS / 1000),
  });
}

export function clearRefreshCookie(request: FastifyRequest, reply: FastifyReply, secureCookies: boolean | undefined): void {
  reply.clearCookie(REFRESH_COOKIE, {
    httpOnly: true,
    sameSite: 'strict',
    secure: isSecure(request, secureCookies),
    path: COOKIE_PATH,
  });
}

export function refreshCookieOf(request: FastifyRequest): string | undefined {
  return request.cookies[REFRESH_COOKIE] || undefined;
}
