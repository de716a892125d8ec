import { MSG, changePasswordServerMessage } from '@atalaya/domain';
import type { Db, DbOrTx } from '../../db/client.js';
import type { AuthUser } from '../../http/access-token.js';
import { badRequest, unauthorized } from '../../http/errors.js';
import { integerSetting, publicUrl } from '../../shared/settings.js';
import { enqueueMail } from '../mail/index.js';
import { spendCaptcha, verifyCaptcha } from './captcha.js';
import type { AuthKeys } from './keys.js';
import { markAttemptSucceeded, reserveAttempt } from './login-limits.js';
import { hashPassword, verifyPassword } from './passwords.js';
import {
  consumePasswordResetToken,
  findAccountByEmail,
  findAccountById,
  insertPasswordResetToken,
  revokeUserRefreshTokens,
  setPassword,
} from './queries.js';
import { newOpaqueToken, sha256Hex } from './refresh-tokens.js';

/**
 * A reset link works once, within `users.resetLinkValidityMinutes` (read when the link is
 * made, docs/settings.md); this is its seeded value and the fallback.
 */
export const RESET_LINK_VALIDITY_MINUTES = 60;

/** The set-password link of a new user works once, within three days. */
export const SET_PASSWORD_LINK_TTL_MS = 72 * 60 * 60 * 1000;

function setPasswordMail(to: string, name: string, link: string) {
  return {
    to,
    subject: 'Atalaya: defina su contraseña',
    text: [
      `${name}: se creó su usuario en Atalaya, la plataforma de farmacovigilancia.`,
      '',
      'Para definir su contraseña abra el siguiente enlace (vale una sola vez, durante tres días):',
      link,
      '',
      'Si el enlace venció, pida uno nuevo con «¿Olvidó su contraseña?» en la pantalla de ingreso.',
    ].join('\n'),
  };
}

/**
 * A new user's single-use set-password link, in the transaction that creates the user: the
 * reset-link mechanism (a `password_reset_tokens` row, the outbox) with a longer life. The
 * link opens the same page as a reset link (/changepassword?token=…).
 */
export async function queueSetPasswordLink(
  tx: DbOrTx,
  input: { userId: string; email: string; name: string; appUrl: string; now?: Date },
): Promise<void> {
  const now = input.now ?? new Date();
  const token = newOpaqueToken();
  await insertPasswordResetToken(tx, { userId: input.userId, tokenHash: sha256Hex(token), expiresAt: new Date(now.getTime() + SET_PASSWORD_LINK_TTL_MS) });
  const site = await publicUrl(tx, input.appUrl);
  await enqueueMail(tx, setPasswordMail(input.email, input.name, `${site}/changepassword?token=${encodeURIComponent(token)}`));
}

/** '1 hora', '90 minutos', '2 horas': how long a link lasts, in the mail's words. */
function validityText(minutes: number): string {
  if (minutes % 60 !== 0) return `${minutes} minutos`;
  const hours = minutes / 60;
  return hours === 1 ? 'una hora' : `${hours} horas`;
}

function resetMail(to: string, link: string, validityMinutes: number) {
  return {
    to,
    subject: 'Atalaya: restablecer la contraseña',
    text: [
      'Recibimos un pedido para restablecer la contraseña de su usuario en Atalaya.',
      '',
      `Para elegir una nueva contraseña abra el siguiente enlace (vale una sola vez, durante ${validityText(validityMinutes)}):`,
      link,
      '',
      'Si usted no lo pidió, ignore este correo: su contraseña no cambia.',
    ].join('\n'),
  };
}

/**
 * `POST /api/userresetpassword`: for a known active user, a single-use link is queued in the
 * outbox; the answer is the same for any e-mail so accounts cannot be enumerated.
 */
export async function requestPasswordReset(
  deps: { db: Db; keys: AuthKeys; appUrl: string },
  input: { email: string; captcha: string | undefined },
): Promise<void> {
  const { db, keys, appUrl } = deps;
  const solution = await verifyCaptcha(input.captcha, keys.captchaHmacKey);
  if (!solution) throw badRequest(MSG.login.robot);
  const now = new Date();
  const account = await findAccountByEmail(db, input.email);
  const spent = await db.transaction(async (tx) => {
    if (!(await spendCaptcha(tx, solution, now))) return false;
    if (!account?.isActive) return true;
    const token = newOpaqueToken();
    const validityMinutes = await integerSetting(tx, 'users.resetLinkValidityMinutes', RESET_LINK_VALIDITY_MINUTES);
    await insertPasswordResetToken(tx, {
      userId: account.id,
      tokenHash: sha256Hex(token),
      expiresAt: new Date(now.getTime() + validityMinutes * 60_000),
    });
    const site = await publicUrl(tx, appUrl);
    await enqueueMail(tx, resetMail(account.email, `${site}/changepassword?token=${encodeURIComponent(token)}`, validityMinutes));
    return true;
  });
  if (!spent) throw badRequest(MSG.login.robot);
}

type ChangePasswordInput = { nueva: string } & ({ vieja: string; token?: undefined } | { token: string; vieja?: undefined });

/**
 * `POST /api/userchangepassword`: with the current password (signed in) or with a reset
 * link. Success revokes every refresh token of the user (every session signs in again).
 */
export async function changePassword(
  db: Db,
  user: AuthUser | null,
  input: ChangePasswordInput,
  ip: string,
): Promise<void> {
  const now = new Date();
  if (input.token !== undefined) {
    const passwordHash = await hashPassword(input.nueva);
    const changed = await db.transaction(async (tx) => {
      const userId = await consumePasswordResetToken(tx, sha256Hex(input.token), now);
      if (!userId) return false;
      await setPassword(tx, userId, passwordHash, now);
      await revokeUserRefreshTokens(tx, userId, now);
      return true;
    });
    if (!changed) throw badRequest(MSG.changePassword.invalidLink);
    return;
  }

  if (!user) throw unauthorized();
  const account = await findAccountById(db, user.id);
  if (!account?.isActive) throw unauthorized();
  // Reserved (counted as a failure) before the password is checked: see login-limits.ts.
  const attempt = await reserveAttempt(db, { email: account.email, ip }, now);
  if (!(await verifyPassword(account.passwordHash, input.vieja))) {
    throw badRequest(changePasswordServerMessage('vieja', MSG.changePassword.oldIncorrect));
  }
  await markAttemptSucceeded(db, attempt);
  if (input.nueva === input.vieja) {
    throw badRequest(changePasswordServerMessage('nueva', MSG.changePassword.sameAsOld));
  }
  const passwordHash = await hashPassword(input.nueva);
  await db.transaction(async (tx) => {
    await setPassword(tx, account.id, passwordHash, now);
    await revokeUserRefreshTokens(tx, account.id, now);
  });
}
