import { MSG, type AnnulResult } from '@atalaya/domain';
import type { Db } from '../../db/client.js';
import type { AuthUser } from '../../http/access-token.js';
import { badRequest } from '../../http/errors.js';
import { runTransition, type TransitionDeps } from './transition.js';

/**
 * `anularER`: 'Anular' through the transition service — reach (404), the workflow table (from
 * 1–5 by RLF, QPPV or the creator: wrong status 400, wrong role 403) — to status 11 with the
 * comment (required), the history entry 'Evento anulado' with its 'Estado' line and the audit
 * row. A refusal writes nothing.
 */
export async function annulCase(db: Db, user: AuthUser, input: { meta: string; comment: string }, deps: TransitionDeps): Promise<AnnulResult> {
  if (!input.comment.trim()) throw badRequest(MSG.workflow.commentRequired);
  const { found, status } = await runTransition(db, user, { meta: input.meta, action: 'Anular', comment: input.comment }, deps);
  return { Meta: found.meta, Estado: status };
}
