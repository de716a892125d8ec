import { MSG, type TokenResponse } from '@atalaya/domain';
import type { Db } from '../../db/client.js';
import { ACCESS_TOKEN_TTL_SECONDS, type AuthUser, signAccessToken } from '../../http/access-token.js';
import { badRequest, unauthorized } from '../../http/errors.js';
import { spendCaptcha, verifyCaptcha } from './captcha.js';
import type { AuthKeys } from './keys.js';
import { markAttemptSucceeded, reserveAttempt } from './login-limits.js';
import { verifyPassword } from './passwords.js';
import { type Account, findAccountByEmail, findAccountById } from './queries.js';
import { type ClientInfo, issueRefreshToken, revokeFamilyOfToken, rotateRefreshToken } from './refresh-tokens.js';

/** A successful `POST /api/login`: the body, and the refresh token for the cookie (never in the body). */
export interface GrantResult {
  tokens: TokenResponse;
  refreshToken: string;
}

export interface LoginDeps {
  db: Db;
  keys: AuthKeys;
}

function authUser(account: Account): AuthUser {
  return { id: account.id, role: account.role, countryCode: account.countryCode, email: account.email };
}

async function grantResult(account: Account, refreshToken: string, keys: AuthKeys): Promise<GrantResult> {
  return {
    tokens: {
      access_token: await signAccessToken(authUser(account), keys.accessTokenKey),
      token_type: 'bearer',
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
    },
    refreshToken,
  };
}

/**
 * grant_type=password: captcha, attempt limits, argon2id verification. The captcha is spent
 * and the attempt reserved (counted as a failure) atomically under the account's and the
 * address's locks before the password is checked (login-limits.ts says why that holds under
 * parallel requests); a right password then turns the attempt into a success and stores a
 * refresh token.
 */
export async function passwordGrant(
  deps: LoginDeps,
  input: { email: string; password: string; captcha: string | undefined; client: ClientInfo },
): Promise<GrantResult> {
  const { db, keys } = deps;
  const now = new Date();
  const email = input.email.trim().toLowerCase();
  const solution = await verifyCaptcha(input.captcha, keys.captchaHmacKey);
  if (!solution) throw badRequest(MSG.login.robot);
  const attempt = await reserveAttempt(db, { email, ip: input.client.ip }, now, async (tx) => {
    if (!(await spendCaptcha(tx, solution, now))) throw badRequest(MSG.login.robot);
  });

  const account = await findAccountByEmail(db, email);
  const passwordOk = await verifyPassword(account?.passwordHash ?? null, input.password);
  const granted = account !== null && account.isActive && passwordOk ? account : null;
  if (!granted) throw badRequest(MSG.login.failed);

  const refreshToken = await db.transaction(async (tx) => {
    await markAttemptSucceeded(tx, attempt);
    return issueRefreshToken(tx, { userId: granted.id, client: input.client, now });
  });
  return grantResult(granted, refreshToken, keys);
}

/**
 * grant_type=refresh_token: rotates the token. Unknown, expired, revoked or reused tokens,
 * and tokens of a disabled account, answer 401 (reuse also revokes the family).
 */
export async function refreshGrant(
  deps: LoginDeps,
  input: { refreshToken: string | undefined; client: ClientInfo },
): Promise<GrantResult> {
  const { db, keys } = deps;
  const presented = input.refreshToken;
  if (!presented) throw unauthorized(MSG.errors.sessionExpired);
  const now = new Date();
  const outcome = await db.transaction(async (tx) => {
    const rotated = await rotateRefreshToken(tx, presented, input.client, now);
    if (!rotated) return null;
    const account = await findAccountById(tx, rotated.userId);
    if (!account?.isActive) {
      await revokeFamilyOfToken(tx, rotated.token, now);
      return null;
    }
    return { account, refreshToken: rotated.token };
  });
  if (!outcome) throw unauthorized(MSG.errors.sessionExpired);
  return grantResult(outcome.account, outcome.refreshToken, keys);
}

/** Sign-out: revokes the family of the presented refresh token, if any. */
export async function logout(db: Db, refreshToken: string | undefined): Promise<void> {
  if (refreshToken) await revokeFamilyOfToken(db, refreshToken, new Date());
}
