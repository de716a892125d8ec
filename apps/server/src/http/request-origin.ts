import type { FastifyRequest } from 'fastify';

/** Where a call came from, as the audit trail keeps it. */
export interface RequestOrigin {
  /** The caller's address: `request.ip`, the forwarded one behind a proxy that ATALAYA_TRUST_PROXY trusts. */
  ipAddress: string | null;
  /** The User-Agent header, if any. */
  userAgent: string | null;
}

/** Longest kept user agent: the header is the client's to write. */
const MAX_USER_AGENT_LENGTH = 512;

/** The origin of a request (Fastify's `trustProxy`, set from ATALAYA_TRUST_PROXY, decides `request.ip`). */
export function requestOrigin(request: Pick<FastifyRequest, 'ip' | 'headers'>): RequestOrigin {
  const userAgent = request.headers['user-agent'];
  return {
    ipAddress: request.ip || null,
    userAgent: userAgent ? userAgent.slice(0, MAX_USER_AGENT_LENGTH) : null,
  };
}

/**
 * Whether an `Origin` header names this server: the host the request was sent to (Fastify's
 * `request.host`, the forwarded one behind a proxy that ATALAYA_TRUST_PROXY trusts) or the
 * configured public address (APP_URL). `null`, a malformed value or any other site is not.
 */
export function isOwnOrigin(origin: string, request: Pick<FastifyRequest, 'host'>, appUrl: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.origin === 'null') return false;
  if (url.origin === new URL(appUrl).origin) return true;
  try {
    // Read the Host with the Origin's scheme, so that a default port compares equal to none.
    return new URL(`${url.protocol}//${request.host}`).host === url.host;
  } catch {
    return false;
  }
}
