import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { refreshTokens } from '../../db/schema/index.js';

/** A refresh token lives 12 hours from its issue; every use replaces it with a new one. */
export const REFRESH_TOKEN_TTL_MS = 12 * 60 * 60 * 1000;

/** Where a token was issued: kept for the user's and the auditor's information. */
export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** 32 random bytes, base64url: the secret handed to the client (only its hash is stored). */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Stores a new refresh token; without `familyId` it starts a family (a new sign-in). */
export async function issueRefreshToken(
  db: DbOrTx,
  params: { userId: string; familyId?: string; id?: string; client: ClientInfo; now: Date },
): Promise<string> {
  const token = newOpaqueToken();
  await db.insert(refreshTokens).values({
    id: params.id ?? randomUUID(),
    userId: params.userId,
    familyId: params.familyId ?? randomUUID(),
    tokenHash: sha256Hex(token),
    createdAt: params.now,
    expiresAt: new Date(params.now.getTime() + REFRESH_TOKEN_TTL_MS),
    ip: params.client.ip,
    userAgent: params.client.userAgent,
  });
  return token;
}

async function revokeFamily(db: DbOrTx, familyId: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/**
 * Exchanges a refresh token for a new one of the same family. Null when the token is
 * unknown, expired or revoked; a token that was already rotated (a stolen copy, or the
 * thief's copy after the owner used it) revokes its whole family.
 * Run it in a transaction, and commit even when it returns null: the revocation must stay.
 */
export async function rotateRefreshToken(
  tx: DbOrTx,
  token: string,
  client: ClientInfo,
  now: Date,
): Promise<{ userId: string; token: string } | null> {
  const [current] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, sha256Hex(token)));
  if (!current) return null;
  if (current.revokedAt) {
    if (current.replacedById) await revokeFamily(tx, current.familyId, now);
    return null;
  }
  if (current.expiresAt.getTime() <= now.getTime()) return null;

  const nextId = randomUUID();
  const claimed = await tx
    .update(refreshTokens)
    .set({ revokedAt: now, replacedById: nextId })
    .where(and(eq(refreshTokens.id, current.id), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  if (claimed.length === 0) {
    // Another request rotated it a moment ago: the same token used twice.
    await revokeFamily(tx, current.familyId, now);
    return null;
  }
  const next = await issueRefreshToken(tx, { userId: current.userId, familyId: current.familyId, id: nextId, client, now });
  return { userId: current.userId, token: next };
}

/** Sign-out: revokes the family of a token (every session descended from its sign-in). */
export async function revokeFamilyOfToken(db: DbOrTx, token: string, now: Date): Promise<void> {
  const [current] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256Hex(token)));
  if (current) await revokeFamily(db, current.familyId, now);
}
