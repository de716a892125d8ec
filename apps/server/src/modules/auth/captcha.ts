import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createChallenge } from 'altcha-lib/v1';
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

/** The hash of this server's challenges (`createCaptchaChallenge`). */
const CAPTCHA_ALGORITHM = 'SHA-256';

/** What the widget sends back: the challenge, the number it found, our signature. */
interface CaptchaPayload {
  algorithm?: unknown;
  challenge?: unknown;
  number?: unknown;
  salt?: unknown;
  signature?: unknown;
}

function sameHex(expected: string, given: string): boolean {
  return expected.length === given.length && timingSafeEqual(Buffer.from(expected), Buffer.from(given));
}

/**
 * Checks an ALTCHA payload (base64 JSON from the widget): our signature, the proof of
 * work and the expiry. Null for anything else. Whether it was already used is checked
 * when it is spent.
 *
 * The check of altcha-lib's `verifySolution` (v1), done with node:crypto's synchronous hash and
 * HMAC rather than WebCrypto's (a thread-pool job and a key import per call: ~8 % of the public
 * intake's CPU): the salt, ending in '&' (added when missing), followed by the number hashes to
 * the challenge, the challenge's HMAC with our key is the signature, and the salt's `expires`
 * (seconds) is not past. Only SHA-256, the hash of every challenge this server makes
 * (captcha.test.ts checks it agrees with altcha-lib).
 */
export async function verifyCaptcha(payload: string | undefined, hmacKey: string): Promise<CaptchaSolution | null> {
  if (!payload) return null;
  let solution: CaptchaPayload;
  try {
    solution = JSON.parse(atob(payload)) as CaptchaPayload;
  } catch {
    // Not base64 JSON.
    return null;
  }
  if (solution === null || typeof solution !== 'object') return null;
  const { algorithm, challenge, number, salt, signature } = solution;
  if (typeof algorithm !== 'string' || algorithm.toUpperCase() !== CAPTCHA_ALGORITHM) return null;
  if (typeof salt !== 'string' || salt === '' || typeof challenge !== 'string' || typeof signature !== 'string') return null;
  if (typeof number !== 'number' && typeof number !== 'string') return null;
  // Our challenges always carry an expiry; one without it was not made by this server.
  const params = Object.fromEntries(new URLSearchParams(salt.split('?')[1] ?? ''));
  const expiresAt = new Date(Number.parseInt(params.expires ?? '', 10) * 1000);
  if (Number.isNaN(expiresAt.getTime()) || expiresAt.getTime() < Date.now()) return null;
  const salted = salt.endsWith('&') ? salt : `${salt}&`;
  const solved = createHash('sha256').update(`${salted}${number}`).digest('hex');
  if (solved !== challenge) return null;
  if (!sameHex(createHmac('sha256', hmacKey).update(solved).digest('hex'), signature)) return null;
  return { signature, expiresAt };
}

/** Expired solutions one spend removes at most (many more than expire between two spends). */
const EXPIRED_SWEEP = 50;

/**
 * Records the solution as used, in the caller's transaction. False when it was already
 * spent (by this or any other server process): a replay. In the same statement, removes some
 * expired solutions, oldest first through the expiry index (whatever the table's statistics say:
 * without the order, a table never analysed was read whole at every spend), skipping those
 * another spend is removing (concurrent spends never wait for each other over the same expired
 * rows).
 */
export async function spendCaptcha(tx: DbOrTx, solution: CaptchaSolution, now = new Date()): Promise<boolean> {
  const inserted = await tx.execute<{ signature: string }>(sql`
    with swept as (
      delete from ${captchaSolutions} where ${captchaSolutions.signature} in (
        select ${captchaSolutions.signature} from ${captchaSolutions} where ${captchaSolutions.expiresAt} < ${now}
        order by ${captchaSolutions.expiresAt} limit ${EXPIRED_SWEEP} for update skip locked)
    )
    insert into ${captchaSolutions} (signature, expires_at) values (${solution.signature}, ${solution.expiresAt})
    on conflict (signature) do nothing
    returning signature`);
  return inserted.rows.length === 1;
}

/**
 * `spendCaptcha` as two CTEs, for one statement of another module that spends the solution
 * together with what it writes (all or nothing, one round trip): `captcha_swept` removes
 * expired solutions as `spendCaptcha` does, `captcha_spent` records the solution and holds its
 * signature, no row when it was already spent (the statement must then write nothing). The
 * arguments are the statement's placeholders of the signature (text), the expiry and the
 * time now (timestamptz), e.g. `$1::text`.
 */
export function captchaSpendCtes(signature: string, expiresAt: string, now: string): string {
  return `captcha_swept as (
      delete from captcha_solutions where signature in (
        select signature from captcha_solutions where expires_at < ${now}
        order by expires_at limit ${EXPIRED_SWEEP} for update skip locked)
    ), captcha_spent as (
      insert into captcha_solutions (signature, expires_at) values (${signature}, ${expiresAt})
      on conflict (signature) do nothing
      returning signature
    )`;
}
