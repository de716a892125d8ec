import { MSG } from '@atalaya/domain';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { tooManyRequests } from '../../http/errors.js';
import { readSettings } from '../../shared/settings.js';
import { countFailedLogins, insertFailedLoginAttempt, markLoginAttemptSucceeded } from './queries.js';

/**
 * Failures allowed per account before it is locked: the setting `users.maxFailedLogins`
 * (read at each sign-in, docs/settings.md); this is its seeded value and the fallback.
 */
export const MAX_FAILURES_PER_ACCOUNT = 5;
/**
 * Minutes failures are counted over, so how long an account (and an address) stays locked:
 * the setting `users.lockMinutes`; this is its seeded value and the fallback.
 */
export const LOCK_MINUTES = 15;
/** Failures allowed per client address within the same window (not a setting). */
export const MAX_FAILURES_PER_ADDRESS = 20;

/** The limits in force now (the Settings screen's 'Usuarios' group). */
export async function loginLimits(db: DbOrTx): Promise<{ maxFailures: number; windowMs: number }> {
  const values = await readSettings(db, ['users.maxFailedLogins', 'users.lockMinutes']);
  const maxFailures = Number(values.get('users.maxFailedLogins') ?? MAX_FAILURES_PER_ACCOUNT);
  const lockMinutes = Number(values.get('users.lockMinutes') ?? LOCK_MINUTES);
  return { maxFailures, windowMs: lockMinutes * 60_000 };
}

/**
 * The first key of the two-key advisory locks (`pg_advisory_xact_lock(int4, int4)`): one
 * class per kind of key, so that an account's lock never collides with an address's. The
 * numbers are arbitrary; they only have to differ from every other advisory lock of the app.
 */
const ACCOUNT_LOCK_CLASS = 724_513_101;
const ADDRESS_LOCK_CLASS = 724_513_102;

/** A password check that was allowed, recorded beforehand as a failure: settle it with {@link markAttemptSucceeded}. */
export interface ReservedAttempt {
  id: number;
}

/**
 * Reserves the right to check one password for `email` from `ip`, atomically.
 *
 * In one short transaction: take the account's and the address's advisory locks (always in
 * that order, so two reservations cannot deadlock), read the limits of the settings
 * (`users.maxFailedLogins` within the last `users.lockMinutes`), count the failures of that window, refuse
 * with 429 when either limit is reached, else insert the attempt as a failure. Only then,
 * with the locks released, does the caller verify the password (argon2, slow) and, if it is
 * right, turn the attempt into a success.
 *
 * Why this holds under any number of parallel requests, on PGlite and on PostgreSQL, in one
 * or several server processes: the count and the insert happen under locks that every
 * reservation of the same account (or address) takes in the database itself, so they run one
 * after the other, and each one sees the failures inserted by those before it, including the
 * attempts still being checked (they count as failures until proven right). So at most
 * `users.maxFailedLogins` passwords of an account are ever checked within a window,
 * however the requests arrive. The locks are held only for a count and an insert, never
 * during the hash. A process that dies while checking leaves its attempt a failure: the safe
 * side. (PGlite has a single connection and runs transactions one at a time; the locks are
 * then trivially granted and the serialisation comes from PGlite itself.)
 *
 * `alsoInTx` runs inside the same transaction after the limits pass (the sign-in spends its
 * captcha there); if it throws, nothing is recorded.
 */
export async function reserveAttempt(
  db: Db,
  key: { email: string; ip: string },
  now: Date,
  alsoInTx?: (tx: Tx) => Promise<void>,
): Promise<ReservedAttempt> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ACCOUNT_LOCK_CLASS}::int4, hashtext(${key.email}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(${ADDRESS_LOCK_CLASS}::int4, hashtext(${key.ip}))`);
    const limits = await loginLimits(tx);
    const { byEmail, byIp } = await countFailedLogins(tx, key.email, key.ip, new Date(now.getTime() - limits.windowMs));
    if (byEmail >= limits.maxFailures || byIp >= MAX_FAILURES_PER_ADDRESS) {
      throw tooManyRequests(MSG.login.tooManyAttempts);
    }
    if (alsoInTx) await alsoInTx(tx);
    const id = await insertFailedLoginAttempt(tx, { email: key.email, ip: key.ip });
    return { id };
  });
}

/** The reserved attempt's password was right: it stops counting as a failure. */
export async function markAttemptSucceeded(db: DbOrTx, attempt: ReservedAttempt): Promise<void> {
  await markLoginAttemptSucceeded(db, attempt.id);
}
