import formbody from '@fastify/formbody';
import { authApi, loginSchema, MSG, RATE_LIMITS } from '@atalaya/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { contractRoute } from '../../http/contract-route.js';
import { badRequest } from '../../http/errors.js';
import { errorResponses } from '../../http/schemas.js';
import { CAPTCHA_HEADER } from './captcha.js';
import { assertCookieOrigin } from './cookie-origin.js';
import type { AuthModuleOptions } from './module-options.js';
import { passwordGrant, refreshGrant } from './login-service.js';
import { refreshCookieOf, setRefreshCookie } from './refresh-cookie.js';

/** The password grant's calls a minute per address: what a password guesser sends. */
export const PASSWORD_GRANT_PER_MINUTE = RATE_LIMITS.auth.max;
/**
 * The refresh grant's calls a minute per address, counted apart: it proves a 32-byte secret, so it
 * is no guessing vector, and every page load of every signed-in tab sends one — an office behind
 * one address, or the browser tests on one machine, passed 60 a minute and lost sessions to 429s.
 */
export const REFRESH_GRANT_PER_MINUTE = 600;

function grantOf(request: FastifyRequest): string {
  const body = request.body as { grant_type?: unknown } | undefined;
  return body?.grant_type === 'refresh_token' ? 'refresh_token' : 'password';
}

/** Checked after the body is read (`preHandler`), so that each grant has its own count and limit. */
const LOGIN_RATE_LIMIT = {
  hook: 'preHandler' as const,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) => `${request.ip}|${grantOf(request)}`,
  max: async (request: FastifyRequest) => (grantOf(request) === 'refresh_token' ? REFRESH_GRANT_PER_MINUTE : PASSWORD_GRANT_PER_MINUTE),
};

/**
 * `POST /api/login`, the OAuth-style password and refresh grants of the spec. Form-encoded
 * only: this plugin knows no other content type, so anything else is a 415.
 */
export const loginRoutes: FastifyPluginAsyncZod<AuthModuleOptions> = async (app, { db, keys, config }) => {
  app.removeAllContentTypeParsers();
  await app.register(formbody);

  app.route({
    ...contractRoute(authApi.login, {
      tags: ['Sesión'],
      summary: 'Iniciar sesión (grant_type=password) o renovar el token con la cookie (grant_type=refresh_token)',
      headers: z.looseObject({ [CAPTCHA_HEADER]: z.string().optional() }),
      errors: errorResponses,
      config: { rateLimit: LOGIN_RATE_LIMIT },
    }),
    handler: async (request, reply) => {
      const body = request.body;
      const client = { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
      let grant;
      if (body.grant_type === 'password') {
        const credentials = loginSchema.safeParse({ email: body.username ?? '', password: body.password ?? '' });
        if (!credentials.success) throw badRequest(credentials.error.issues[0]?.message ?? MSG.login.failed);
        const captcha = request.headers[CAPTCHA_HEADER];
        grant = await passwordGrant(
          { db, keys },
          { ...credentials.data, captcha: typeof captcha === 'string' ? captcha : undefined, client },
        );
      } else if (body.grant_type === 'refresh_token') {
        // The refresh token comes from the HttpOnly cookie only, from this site only.
        assertCookieOrigin(request, config.appUrl);
        grant = await refreshGrant({ db, keys }, { refreshToken: refreshCookieOf(request), client });
      } else {
        throw badRequest(MSG.login.unsupportedGrantType);
      }
      setRefreshCookie(request, reply, grant.refreshToken, config.secureCookies);
      return reply.send(grant.tokens);
    },
  });
};
