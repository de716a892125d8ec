import { authApi, MSG, RATE_LIMITS } from '@atalaya/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contractRoute } from '../../http/contract-route.js';
import { requireUser } from '../../http/route-access.js';
import { errorResponses, messageSchema } from '../../http/schemas.js';
import { acceptTermsFor, verifySignature } from './account-service.js';
import { CAPTCHA_HEADER, createCaptchaChallenge } from './captcha.js';
import { assertCookieOrigin } from './cookie-origin.js';
import { logout } from './login-service.js';
import type { AuthModuleOptions } from './module-options.js';
import { changePassword, requestPasswordReset } from './password-service.js';
import { clearRefreshCookie, refreshCookieOf } from './refresh-cookie.js';

const captchaHeaders = z.looseObject({ [CAPTCHA_HEADER]: z.string().optional() });

function headerValue(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** Sign-out, captcha, password reset and change, electronic signature, terms. */
export const accountRoutes: FastifyPluginAsyncZod<AuthModuleOptions> = async (app, { db, keys, config }) => {
  app.route({
    ...contractRoute(authApi.logout, { tags: ['Sesión'], summary: 'Cerrar sesión: revoca el refresh token de la cookie', errors: { 403: messageSchema } }),
    handler: async (request, reply) => {
      assertCookieOrigin(request, config.appUrl);
      await logout(db, refreshCookieOf(request));
      clearRefreshCookie(request, reply, config.secureCookies);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...contractRoute(authApi.captcha, {
      tags: ['Sesión'],
      summary: 'Desafío ALTCHA (válido 10 minutos, una sola vez)',
      errors: { 429: messageSchema },
      config: { rateLimit: RATE_LIMITS.auth },
    }),
    handler: async (_request, reply) => {
      const challenge = await createCaptchaChallenge(keys.captchaHmacKey, config.captchaMaxNumber);
      return reply.header('cache-control', 'no-store').send(challenge);
    },
  });

  app.route({
    ...contractRoute(authApi.userresetpassword, {
      tags: ['Sesión'],
      summary: 'Pedir un enlace para restablecer la contraseña',
      headers: captchaHeaders,
      errors: { 400: messageSchema, 429: messageSchema },
      // Fits no tier (RATE_LIMITS): each call may send a mail to someone else's address, so 10 per quarter hour.
      config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
    }),
    handler: async (request) => {
      await requestPasswordReset(
        { db, keys, appUrl: config.appUrl },
        { email: request.body.email, captcha: headerValue(request.headers[CAPTCHA_HEADER]) },
      );
      return { Message: MSG.login.resetRequested };
    },
  });

  app.route({
    // Public because the reset-link variant has no session; the signed-in variant requires one.
    ...contractRoute(authApi.userchangepassword, {
      tags: ['Sesión'],
      summary: 'Cambiar la contraseña: { vieja, nueva } con sesión, o { token, nueva } con el enlace',
      errors: errorResponses,
      config: { rateLimit: RATE_LIMITS.write },
    }),
    handler: async (request) => {
      const { vieja, token, nueva } = request.body;
      const input = token !== undefined ? { token, nueva } : { vieja: vieja ?? '', nueva };
      await changePassword(db, request.user, input, request.ip);
      return { Message: MSG.changePassword.success };
    },
  });

  app.route({
    ...contractRoute(authApi.logedUserSignature, {
      tags: ['Sesión'],
      summary: 'Firma electrónica: vuelve a verificar el correo y la contraseña del usuario',
      errors: errorResponses,
      config: { rateLimit: RATE_LIMITS.write },
    }),
    handler: async (request) => {
      const signedAt = await verifySignature(db, requireUser(request), request.body, request.ip);
      return { Signed: true as const, Date: signedAt.toISOString() };
    },
  });

  app.route({
    ...contractRoute(authApi.acceptTerms, {
      tags: ['Sesión'],
      summary: 'Aceptar los términos y condiciones',
      errors: { 401: messageSchema },
      config: { beforeTerms: true },
    }),
    handler: async (request) => {
      await acceptTermsFor(db, requireUser(request));
      return { AcceptTerms: true as const };
    },
  });
};
