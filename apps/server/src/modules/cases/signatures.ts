import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { electronicSignatures, users } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/access-token.js';
import { canonicalJson, type JsonValue, sha256Hex } from '../../shared/canonical-json.js';
import type { ChangeLine } from './case-writes.js';
import { personName } from '../../shared/person-name.js';

/** The signed record as the signer saw it: its identity and its state before the signed action. */
export interface SignedRecord {
  /** 'ER' (the case) or 'Documento'. */
  type: string;
  /** The record's id as stored in `recordId` (a case's Meta, a document's id). */
  id: string;
  state: Record<string, JsonValue>;
}

/** What an electronic signature covers: its manifest and the signed record. Stored as `signedContent`. */
export interface SignedContent {
  [key: string]: JsonValue;
  signature: { signerId: string; printedName: string; meaning: string; comment: string; signedAt: string };
  record: { type: string; id: string; eventId: string; state: Record<string, JsonValue> };
}

/**
 * The one definition of a signature's content hash: SHA-256 (hex) of the canonical JSON of
 * what was signed. `storeSignature` stores it; anyone can recompute it from `signedContent`.
 */
export function signedContentHash(content: SignedContent): string {
  return sha256Hex(canonicalJson(content));
}

/**
 * Stores an electronic signature (21 CFR Part 11 style) in the signed action's transaction:
 * the signer's printed name as it is now, the time, the meaning and the comment, linked to
 * the case and the signed record, with the signed content (manifest and record state) and
 * its SHA-256. Answers the history lines that show it.
 */
export async function storeSignature(
  tx: Tx,
  user: AuthUser,
  signature: { comment: string; meaning: string; record: SignedRecord; eventId: string; signedAt: Date },
): Promise<ChangeLine[]> {
  const [signer] = await tx.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, user.id));
  const printedName = signer ? personName(signer) : '';
  const signedContent: SignedContent = {
    signature: { signerId: user.id, printedName, meaning: signature.meaning, comment: signature.comment, signedAt: signature.signedAt.toISOString() },
    record: { type: signature.record.type, id: signature.record.id, eventId: signature.eventId, state: signature.record.state },
  };
  await tx.insert(electronicSignatures).values({
    eventId: signature.eventId,
    userId: user.id,
    printedName,
    signedAt: signature.signedAt,
    meaning: signature.meaning,
    comment: signature.comment,
    recordType: signature.record.type,
    recordId: signature.record.id,
    signedContent,
    contentHash: signedContentHash(signedContent),
  });
  return [
    { description: 'Firmado por', oldValue: null, newValue: printedName },
    { description: 'Fecha y hora de la firma', oldValue: null, newValue: signature.signedAt.toISOString() },
    { description: 'Significado', oldValue: null, newValue: signature.meaning },
    { description: 'Comentario de la firma', oldValue: null, newValue: signature.comment },
  ];
}
