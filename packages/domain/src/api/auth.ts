import { z } from 'zod';
import { changePasswordRequestSchema, resetPasswordSchema, signatureCredentialsSchema } from '../auth.js';
import { acceptTermsResultSchema, captchaChallengeSchema, signatureResultSchema, tokenResponseSchema } from '../contracts/auth.js';
import { messageSchema } from '../contracts/http.js';
import { MSG } from '../messages.js';
import { endpoint } from './endpoint.js';

/**
 * `POST /api/login`'s urlencoded form: the grant and, for the password grant, the credentials
 * (checked by the grant; the refresh grant reads the HttpOnly cookie).
 */
export const loginFormSchema = z.object(
  {
    grant_type: z.string({ error: MSG.login.unsupportedGrantType }),
    username: z.string().optional(),
    password: z.string().optional(),
  },
  { error: MSG.login.unsupportedGrantType },
);
export type LoginForm = z.input<typeof loginFormSchema>;

/** Sign-in and sign-out, captcha, password reset and change, electronic signature, terms. */
export const authApi = {
  /** The password grant (`recaptcha-token` header) or the refresh grant (the cookie). */
  login: endpoint({
    method: 'POST',
    path: '/api/login',
    access: 'public',
    body: loginFormSchema,
    bodyKind: 'form',
    response: tokenResponseSchema,
    // The password grant's credentials are checked in the handler (loginSchema): their texts too.
    errors: { 400: ['login.failed', 'login.robot', 'login.emailRequired', 'login.emailFormat', 'login.passwordRequired', 'generic.maxLength'], 401: ['errors.sessionExpired'], 403: ['errors.originNotAllowed'], 429: ['login.tooManyAttempts'] },
  }),
  /** Revokes the refresh token of the cookie: 204. */
  logout: endpoint({ method: 'POST', path: '/api/logout', access: 'public', response: z.null(), returns: 'none', status: 204, errors: { 403: ['errors.originNotAllowed'] } }),
  captcha: endpoint({ method: 'GET', path: '/api/captcha', access: 'public', response: captchaChallengeSchema }),
  /** With the `recaptcha-token` header. */
  userresetpassword: endpoint({ method: 'POST', path: '/api/userresetpassword', access: 'public', body: resetPasswordSchema, response: messageSchema, errors: { 400: ['login.robot'] } }),
  /** `{ vieja, nueva }` signed in, `{ token, nueva }` from a reset link. */
  userchangepassword: endpoint({ method: 'POST', path: '/api/userchangepassword', access: 'public', body: changePasswordRequestSchema, response: messageSchema, errors: { 400: ['changePassword.oldIncorrect', 'changePassword.sameAsOld'], 401: ['errors.unauthenticated'], 429: ['login.tooManyAttempts'] } }),
  logedUserSignature: endpoint({
    method: 'POST',
    path: '/api/logedUserSignature',
    access: 'authenticated',
    body: signatureCredentialsSchema,
    response: signatureResultSchema,
    errors: { 400: ['signature.failed'], 429: ['login.tooManyAttempts'] },
  }),
  acceptTerms: endpoint({ method: 'POST', path: '/api/acceptTerms', access: 'authenticated', response: acceptTermsResultSchema }),
};
