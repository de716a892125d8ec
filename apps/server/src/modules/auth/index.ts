import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountRoutes } from './account-routes.js';
import { loginRoutes } from './login-routes.js';
import type { AuthModuleOptions } from './module-options.js';

export { CAPTCHA_HEADER, captchaSpendCtes, spendCaptcha, verifyCaptcha, type CaptchaSolution } from './captcha.js';
export { loadAuthKeys, type AuthKeys } from './keys.js';
export type { AuthModuleOptions } from './module-options.js';
export { hashPassword, verifyPassword } from './passwords.js';
export { revokeUserRefreshTokens, roleOfId } from './queries.js';
export { queueSetPasswordLink, SET_PASSWORD_LINK_TTL_MS } from './password-service.js';
/** A password hash that no password matches (a new user's, until the set-password link is used). */
export { unusablePasswordHash } from './passwords.js';

/** The auth feature: sign-in, session, captcha, passwords, signature and terms. */
export const authModule: FastifyPluginAsyncZod<AuthModuleOptions> = async (app, options) => {
  await app.register(loginRoutes, options);
  await app.register(accountRoutes, options);
};
export { verifySignature } from './account-service.js';
export { MAX_FAILURES_PER_ACCOUNT } from './login-limits.js';
