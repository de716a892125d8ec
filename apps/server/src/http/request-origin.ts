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
