import { z } from 'zod';
import { FIELD_LIMITS } from './field-limits.js';
import { requiredEmail, requiredPassword, requiredText } from './fields.js';
import { MSG } from './messages.js';

/** Login form (platform spec §5 'Login and reset'). The robot check travels as a header. */
export const loginSchema = z.object({
  email: requiredEmail(MSG.login.emailRequired, MSG.login.emailFormat),
  password: requiredPassword(MSG.login.passwordRequired),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** 'Forgot password' panel and the body of `POST /api/userresetpassword`. */
export const resetPasswordSchema = z.object({
  email: requiredEmail(MSG.login.emailRequired, MSG.login.emailFormat),
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** A new password must be longer than 6 characters (platform spec §5, §9). */
export const MIN_PASSWORD_LENGTH = 7;

/** Change-password form: old, new and repeated password (platform spec §5 'Change password'). */
export const changePasswordFormSchema = z
  .object({
    vieja: requiredPassword(MSG.changePassword.oldRequired),
    nueva: z
      .string({ error: MSG.changePassword.newTooShort })
      .min(MIN_PASSWORD_LENGTH, MSG.changePassword.newTooShort),
    repetir: z.string({ error: MSG.changePassword.mismatch }),
  })
  .refine((value) => value.repetir !== '' && value.repetir === value.nueva, {
    error: MSG.changePassword.mismatch,
    path: ['repetir'],
  });
export type ChangePasswordFormInput = z.infer<typeof changePasswordFormSchema>;

/** The change-password form fields a server error can point at (platform spec §8). */
export type ChangePasswordErrorField = 'vieja' | 'nueva';

const ERROR_PREFIX: Record<ChangePasswordErrorField, string> = { vieja: 'ERROR_1', nueva: 'ERROR_2' };

/**
 * The server's change-password message: 'ERROR_1 - …' belongs under the old password,
 * 'ERROR_2 - …' under the new one (platform spec §8).
 */
export function changePasswordServerMessage(field: ChangePasswordErrorField, text: string): string {
  return `${ERROR_PREFIX[field]} - ${text}`;
}

/**
 * Splits a server change-password message on ' - ': ERROR_1 → field 'vieja', ERROR_2 →
 * field 'nueva'; any other message has no field and is shown whole.
 */
export function parseChangePasswordError(message: string): { field: ChangePasswordErrorField | null; text: string } {
  const [prefix, ...rest] = message.split(' - ');
  const text = rest.join(' - ');
  if (prefix === ERROR_PREFIX.vieja && text) return { field: 'vieja', text };
  if (prefix === ERROR_PREFIX.nueva && text) return { field: 'nueva', text };
  return { field: null, text: message };
}

/**
 * Body of `POST /api/userchangepassword`: signed in `{ vieja, nueva }`, or from a reset
 * link `{ token, nueva }` (docs/api.md). Exactly one of `vieja` and `token` is sent.
 * Messages carry the ERROR_n prefix so the browser can place them under a field.
 */
export const changePasswordRequestSchema = z
  .object({
    vieja: z.string().min(1, changePasswordServerMessage('vieja', MSG.changePassword.oldRequired)).optional(),
    token: z.string().min(1, MSG.changePassword.invalidLink).optional(),
    nueva: z
      .string({ error: changePasswordServerMessage('nueva', MSG.changePassword.newTooShort) })
      .min(MIN_PASSWORD_LENGTH, changePasswordServerMessage('nueva', MSG.changePassword.newTooShort)),
  })
  .refine((value) => (value.vieja === undefined) !== (value.token === undefined), {
    error: changePasswordServerMessage('vieja', MSG.changePassword.oldRequired),
    path: ['vieja'],
  });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** Electronic-signature modal (event spec §5): comment, user e-mail and password. */
export const signatureSchema = z.object({
  comment: requiredText(MSG.signature.commentRequired).max(FIELD_LIMITS.longText, MSG.generic.maxLength(FIELD_LIMITS.longText)),
  userEmail: requiredEmail(MSG.signature.emailRequired, MSG.generic.emailFormat),
  password: requiredPassword(MSG.signature.passwordRequired),
});
export type SignatureInput = z.infer<typeof signatureSchema>;

/** Body of `POST /api/logedUserSignature`: the credentials part of the signature. */
export const signatureCredentialsSchema = signatureSchema.pick({ userEmail: true, password: true });

/** Locked-session screen: the password again (platform spec §2). */
export const unlockSchema = z.object({
  password: requiredPassword(MSG.login.passwordRequired),
});
export type UnlockInput = z.infer<typeof unlockSchema>;
