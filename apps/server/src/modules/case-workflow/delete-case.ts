import type { SignatureInput } from '@atalaya/domain';
import type { Db } from '../../db/client.js';
import type { AuthUser } from '../../http/access-token.js';
import { verifySignature } from '../auth/index.js';
import { storeSignature } from '../cases/index.js';
import { checkTransition, DELETE_ACTION, runTransition, type TransitionDeps } from './transition.js';

/** What a signature means, as stored and shown in the history. */
export const CASE_DELETION_MEANING = 'Eliminar evento reportable';

/**
 * `delER`: deletes a Pendiente case (its creator or an RLF of its reach) with the electronic
 * signature of the signed-in user. The rules are checked and the credentials verified first
 * (another user's e-mail or a wrong password: 400, nothing changed); then the transition
 * service, with the case locked, marks it deleted — never erased: every list and read stops
 * showing it — and stores the signature and the 'D' history entry carrying it.
 */
export async function deleteCase(db: Db, user: AuthUser, body: { Event: string; Signature: SignatureInput }, ip: string, deps: TransitionDeps): Promise<{ Deleted: true }> {
  await checkTransition(db, user, { meta: body.Event, action: DELETE_ACTION });
  const signedAt = await verifySignature(db, user, body.Signature, ip);
  await runTransition(
    db,
    user,
    {
      meta: body.Event,
      action: DELETE_ACTION,
      comment: body.Signature.comment,
      now: signedAt,
      apply: (tx, found) =>
        storeSignature(tx, user, {
          comment: body.Signature.comment,
          meaning: CASE_DELETION_MEANING,
          record: {
            type: 'ER',
            id: found.meta,
            state: { id: found.id, meta: found.meta, referenceNumber: found.referenceNumber, status: found.status, createdBy: found.createdBy },
          },
          eventId: found.id,
          signedAt,
        }),
    },
    deps,
  );
  return { Deleted: true };
}
