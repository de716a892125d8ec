import { ROLE_IDS, type Role } from '@atalaya/domain';
import { and, count, eq, gte, isNull } from 'drizzle-orm';
import { type DbOrTx, readAll } from '../../db/client.js';
import { countries, loginAttempts, passwordResetTokens, refreshTokens, users } from '../../db/schema/index.js';

const ROLE_BY_ID = new Map<number, Role>(Object.entries(ROLE_IDS).map(([role, id]) => [id, role as Role]));

/** The role of a `roles.id`; throws for an id the domain does not know (a broken database). */
export function roleOfId(roleId: number): Role {
  const role = ROLE_BY_ID.get(roleId);
  if (!role) throw new Error(`Unknown role id ${roleId}`);
  return role;
}

/** What signing in needs to know about an account. */
export interface Account {
  id: string;
  email: string;
  passwordHash: string;
  isActive: boolean;
  role: Role;
  countryCode: string;
}

const accountColumns = {
  id: users.id,
  email: users.email,
  passwordHash: users.passwordHash,
  isActive: users.isActive,
  roleId: users.roleId,
  countryCode: countries.code,
};

function toAccount(row: { roleId: number } & Omit<Account, 'role'>): Account {
  const { roleId, ...rest } = row;
  return { ...rest, role: roleOfId(roleId) };
}

export async function findAccountByEmail(db: DbOrTx, email: string): Promise<Account | null> {
  const [row] = await db
    .select(accountColumns)
    .from(users)
    .innerJoin(countries, eq(countries.id, users.countryId))
    .where(eq(users.email, email.trim().toLowerCase()));
  return row ? toAccount(row) : null;
}

export async function findAccountById(db: DbOrTx, id: string): Promise<Account | null> {
  const [row] = await db
    .select(accountColumns)
    .from(users)
    .innerJoin(countries, eq(countries.id, users.countryId))
    .where(eq(users.id, id));
  return row ? toAccount(row) : null;
}

/** Failed sign-ins since `since` for an e-mail and for an address. */
export async function countFailedLogins(db: DbOrTx, email: string, ip: string, since: Date) {
  const failed = and(eq(loginAttempts.succeeded, false), gte(loginAttempts.createdAt, since));
  const [[byEmail], [byIp]] = await readAll(db, [
    () => db.select({ n: count() }).from(loginAttempts).where(and(failed, eq(loginAttempts.email, email))),
    () => db.select({ n: count() }).from(loginAttempts).where(and(failed, eq(loginAttempts.ip, ip))),
  ]);
  return { byEmail: byEmail?.n ?? 0, byIp: byIp?.n ?? 0 };
}

/** Records a password check as failed (login-limits.ts reserves it so); answers its id. */
export async function insertFailedLoginAttempt(db: DbOrTx, attempt: { email: string; ip: string }): Promise<number> {
  const [row] = await db
    .insert(loginAttempts)
    .values({ ...attempt, succeeded: false })
    .returning({ id: loginAttempts.id });
  if (!row) throw new Error('Login attempt not recorded');
  return row.id;
}

/** The password of a reserved attempt was right. */
export async function markLoginAttemptSucceeded(db: DbOrTx, id: number) {
  await db.update(loginAttempts).set({ succeeded: true }).where(eq(loginAttempts.id, id));
}

export async function setPassword(db: DbOrTx, userId: string, passwordHash: string, now: Date) {
  await db.update(users).set({ passwordHash, passwordChangedAt: now, updatedAt: now }).where(eq(users.id, userId));
}

export async function acceptTerms(db: DbOrTx, userId: string, now: Date) {
  await db
    .update(users)
    .set({ acceptTerms: true, acceptTermsAt: now, updatedAt: now, updatedBy: userId })
    .where(and(eq(users.id, userId), eq(users.acceptTerms, false)));
}

/** Revokes every live refresh token of a user (password change, reset). */
export async function revokeUserRefreshTokens(db: DbOrTx, userId: string, now: Date) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

export async function insertPasswordResetToken(db: DbOrTx, row: { userId: string; tokenHash: string; expiresAt: Date }) {
  await db.insert(passwordResetTokens).values(row);
}

/**
 * Marks an unused, unexpired reset token as used and returns its user; null when the
 * token is unknown, used or expired. Atomic: a link works once even under concurrency.
 */
export async function consumePasswordResetToken(db: DbOrTx, tokenHash: string, now: Date): Promise<string | null> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gte(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId ?? null;
}
