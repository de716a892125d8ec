import { MSG } from '@atalaya/domain';
import type { DbOrTx } from '../../db/client.js';
import { tooManyRequests } from '../../http/errors.js';
import { countFailedLogins } from './queries.js';

/** Failed sign-ins counted over the last 15 minutes. */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Failures allowed per account within the window (docs/api.md). */
export const MAX_FAILURES_PER_ACCOUNT = 5;
/** Failures allowed per client address within the window. */
export const MAX_FAILURES_PER_ADDRESS = 20;

/** 429 when the account or the address has failed too often lately (password, signature or re-authentication). */
export async function assertNotLocked(db: DbOrTx, email: string, ip: string, now: Date): Promise<void> {
  const { byEmail, byIp } = await countFailedLogins(db, email, ip, new Date(now.getTime() - LOGIN_WINDOW_MS));
  if (byEmail >= MAX_FAILURES_PER_ACCOUNT || byIp >= MAX_FAILURES_PER_ADDRESS) {
    throw tooManyRequests(MSG.login.tooManyAttempts);
  }
}
