import { MSG } from '@atalaya/domain';
import type { Db } from '../../db/client.js';
import type { AuthUser } from '../../http/access-token.js';
import { badRequest } from '../../http/errors.js';
import { markAttemptSucceeded, reserveAttempt } from './login-limits.js';
import { verifyPassword } from './passwords.js';
import { acceptTerms, findAccountById } from './queries.js';

/**
 * Electronic signature: the signed-in user types their e-mail and password again. Failures
 * count towards the account's sign-in limit, so the signature cannot be used to guess passwords.
 */
export async function verifySignature(
  db: Db,
  user: AuthUser,
  input: { userEmail: string; password: string },
  ip: string,
): Promise<Date> {
  const now = new Date();
  const account = await findAccountById(db, user.id);
  if (!account) throw badRequest(MSG.signature.failed);
  // Reserved (counted as a failure) before the password is checked: see login-limits.ts.
  const attempt = await reserveAttempt(db, { email: account.email, ip }, now);
  const sameUser = input.userEmail.trim().toLowerCase() === account.email;
  const passwordOk = await verifyPassword(account.passwordHash, input.password);
  if (!sameUser || !passwordOk || !account.isActive) throw badRequest(MSG.signature.failed);
  await markAttemptSucceeded(db, attempt);
  return now;
}

/** Marks the legal terms as accepted (idempotent: the first acceptance date is kept). */
export async function acceptTermsFor(db: Db, user: AuthUser): Promise<void> {
  await acceptTerms(db, user.id, new Date());
}
