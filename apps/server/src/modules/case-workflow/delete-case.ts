import { canDeleteCase, MSG, type SignatureInput } from '@atalaya/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { events } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/access-token.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { verifySignature } from '../auth/index.js';
import { recordCaseOperation, storeSignature } from '../cases/index.js';
import { findCaseInReach, type CaseInReach } from '../reach/index.js';

/** What a signature means, as stored and shown in the history. */
export const CASE_DELETION_MEANING = 'Eliminar evento reportable';

function checkDeletable(found: CaseInReach | null, user: AuthUser): CaseInReach {
  if (!found) throw notFound(MSG.lists.eventNotFound);
  const isCreator = found.createdBy === user.id;
  if (canDeleteCase({ status: found.status, role: user.role, isCreator })) return found;
  // Status first (only a Pendiente case is deleted), then who.
  if (canDeleteCase({ status: found.status, role: 'RLF', isCreator: true })) throw forbidden();
  throw badRequest(MSG.workflow.actionNotAllowed);
}

/**
 * `delER`: deletes a Pendiente case with the electronic signature of the signed-in user. The
 * credentials are verified first (another user's e-mail or a wrong password: 400, nothing
 * changed); then, in one transaction with the case locked, the case is marked deleted — never
 * erased: every list and read stops showing it — and the signature and a 'D' history entry
 * carrying it are stored.
 */
export async function deleteCase(db: Db, user: AuthUser, body: { Event: string; Signature: SignatureInput }, ip: string): Promise<{ Deleted: true }> {
  checkDeletable(await findCaseInReach(db, user, body.Event), user);
  const signedAt = await verifySignature(db, user, body.Signature, ip);
  await db.transaction(async (tx) => {
    const found = checkDeletable(await findCaseInReach(tx, user, body.Event, { forUpdate: true }), user);
    const lines = await storeSignature(tx, user, {
      comment: body.Signature.comment,
      meaning: CASE_DELETION_MEANING,
      recordType: 'ER',
      recordId: found.meta,
      eventId: found.id,
      signedAt,
    });
    await recordCaseOperation(tx, user, found, {
      description: 'Evento eliminado con firma electrónica',
      operationType: 'D',
      lines,
      comment: body.Signature.comment,
      now: signedAt,
    });
    await tx.update(events).set({ deletedAt: signedAt, deletedBy: user.id }).where(eq(events.id, found.id));
  });
  return { Deleted: true };
}
