import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { electronicSignatures, users } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/access-token.js';
import type { ChangeLine } from './case-writes.js';

/**
 * Stores an electronic signature (21 CFR Part 11 style) in the signed action's transaction:
 * the signer's printed name as it is now, the time, the meaning and the comment, linked to
 * the case and the signed record. Answers the history lines that show it.
 */
export async function storeSignature(
  tx: Tx,
  user: AuthUser,
  signature: { comment: string; meaning: string; recordType: string; recordId: string; eventId: string; signedAt: Date },
): Promise<ChangeLine[]> {
  const [signer] = await tx.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, user.id));
  const printedName = `${signer?.firstName ?? ''} ${signer?.lastName ?? ''}`.trim();
  await tx.insert(electronicSignatures).values({
    eventId: signature.eventId,
    userId: user.id,
    printedName,
    signedAt: signature.signedAt,
    meaning: signature.meaning,
    comment: signature.comment,
    recordType: signature.recordType,
    recordId: signature.recordId,
  });
  return [
    { description: 'Firmado por', oldValue: null, newValue: printedName },
    { description: 'Fecha y hora de la firma', oldValue: null, newValue: signature.signedAt.toISOString() },
    { description: 'Significado', oldValue: null, newValue: signature.meaning },
    { description: 'Comentario de la firma', oldValue: null, newValue: signature.comment },
  ];
}
