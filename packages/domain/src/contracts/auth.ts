import { z } from 'zod';

/**
 * `POST /api/login`: the access token. The refresh token travels only in the HttpOnly cookie
 * (ADR 0003): no script of the page ever sees it.
 */
export const tokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** `GET /api/captcha`: an ALTCHA challenge (valid 10 minutes, once). */
export const captchaChallengeSchema = z.object({
  algorithm: z.string(),
  challenge: z.string(),
  maxnumber: z.number().int().optional(),
  salt: z.string(),
  signature: z.string(),
});
export type CaptchaChallenge = z.infer<typeof captchaChallengeSchema>;

/** `POST /api/logedUserSignature`: the electronic signature was verified, at `Date` (ISO). */
export const signatureResultSchema = z.object({ Signed: z.literal(true), Date: z.iso.datetime() });
export type SignatureResult = z.infer<typeof signatureResultSchema>;

/** `POST /api/acceptTerms`. */
export const acceptTermsResultSchema = z.object({ AcceptTerms: z.literal(true) });
export type AcceptTermsResult = z.infer<typeof acceptTermsResultSchema>;
