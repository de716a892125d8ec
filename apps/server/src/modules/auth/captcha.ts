import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import type { Challenge } from 'altcha-lib/v1/types';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { captchaSolutions } from '../../db/schema/index.js';

/** A challenge is valid 10 minutes. */
export const CAPTCHA_TTL_MS = 10 * 60 * 1000;

/** The header carrying the ALTCHA payload (the spec's name, from its reCAPTCHA days). */
export const CAPTCHA_HEADER = 'recaptcha-token';

export type CaptchaChallenge = Challenge;

/** A verified solution, ready to be spent. */
export interface CaptchaSolution {
  signature: string;
  expiresAt: Date;
}

export function createCaptchaChallenge(hmacKey: string, maxNumber: number, now = new Date()): Promise<CaptchaChallenge> {
  return createChallenge({
    algorithm: 'SHA-256',
    hmacKey,
    maxNumber,
    expires: new Date(now.getTime() + CAPTCHA_TTL_MS),
  });
}

/**
 * Checks an ALTCHA payload (base64 JSON from the widget): our signature, the proof of
 * work and the expiry. Null for anything else. Whether it was already used is checked
 * when it is spent.
 */
export async function verifyCaptcha(payload: string | undefined, hmacKey: string): Promise<CaptchaSolution | null> {
  if (!payload) return null;
  try {
    if (!(await verifySolution(payload, hmacKey, true))) return null;
    const seconds = Number.parseInt(extractParams(payload).expires ?? '', 10);
    // Our challenges always carry an expiry; one without it was not made by this server.
    if (!Number.isFinite(seconds)) return null;
    const { signature } = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as { signature: unknown };
    if (typeof signature !== 'string') return null;
    return { signature, expiresAt: new Date(seconds * 1000) };
  } catch {
    // A payload that is not base64 JSON of the expected shape.
    return null;
  }
}

/** Expired solutions one spend removes at most (many more than expire between two spends). */
const EXPIRED_SWEEP = 50;

/**
 * Records the solution as used, in the caller's transaction. False when it was already
 * spent (by this or any other server process): a replay. In the same statement, removes some
 * expired solutions, skipping those another spend is removing (concurrent spends never wait
 * for each other over the same expired rows).
 */
export async function spendCaptcha(tx: DbOrTx, solution: CaptchaSolution, now = new Date()): Promise<boolean> {
  const inserted = await tx.execute<{ signature: string }>(sql`
    with swept as (
      delete from ${captchaSolutions} where ${captchaSolutions.signature} in (
        select ${captchaSolutions.signature} from ${captchaSolutions} where ${captchaSolutions.expiresAt} < ${now}
        limit ${EXPIRED_SWEEP} for update skip locked)
    )
    insert into ${captchaSolutions} (signature, expires_at) values (${solution.signature}, ${solution.expiresAt})
    on conflict (signature) do nothing
    returning signature`);
  return inserted.rows.length === 1;
}
