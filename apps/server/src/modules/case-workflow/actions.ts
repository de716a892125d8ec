import { ACTION_LABELS, allowedSendActions, MSG, type ErAction, type ErEvent, type SendActionBody } from '@atalaya/domain';
import type { Db, DbOrTx } from '../../db/client.js';
import type { AuthUser } from '../../http/access-token.js';
import { notFound } from '../../http/errors.js';
import { readEvent } from '../case-edit/index.js';
import { type CaseInReach, findCaseInReach } from '../reach/index.js';
import { evaluationCompleteOf } from './evaluation-complete.js';
import { runTransition, type TransitionDeps } from './transition.js';

function actionOf(action: keyof typeof ACTION_LABELS): ErAction {
  const labels = ACTION_LABELS[action];
  return { Accion: action, Boton: labels.button, Titulo: labels.title, Texto: labels.text, CambiaEstado: action !== 'DescargarPdf' && action !== 'Audit' };
}

/** `getActionsERByMeta`: the workflow actions this user may take on the case now (workflow.md). */
export async function getActions(db: Db, user: AuthUser, meta: string): Promise<ErAction[]> {
  const found = await findCaseInReach(db, user, meta);
  if (!found) throw notFound(MSG.lists.eventNotFound);
  return actionsOfCase(db, user, found);
}

/** The actions of a case the caller found in the user's reach, as `getActionsERByMeta` answers them. */
export async function actionsOfCase(db: DbOrTx, user: AuthUser, found: CaseInReach): Promise<ErAction[]> {
  const evaluationComplete = await evaluationCompleteOf(db, found.id);
  const allowed = allowedSendActions({ status: found.status, role: user.role, isCreator: found.createdBy === user.id, evaluationComplete });
  // A historic case (docs/e2b-import.md) allows only the PDF export.
  return allowed.filter((action) => !found.isHistoric || action === 'DescargarPdf').map(actionOf);
}

/**
 * `sendAccion`: the action through the transition service (reach 404, the workflow table:
 * wrong status 400, wrong role 403, incomplete evaluation 400), with its comment; the history's
 * 'Confirmación' lines are the action's own labels — the body's `Questions` are accepted for
 * compatibility and ignored. Answers the case as `getERByMeta` does.
 */
export async function sendAction(
  db: Db,
  user: AuthUser,
  body: { Event: SendActionBody['Event']; Questions?: readonly string[] | null },
  deps: TransitionDeps,
): Promise<ErEvent> {
  const { Accion: action, Event: meta, Comments: comment } = body.Event;
  const { found } = await runTransition(db, user, { meta, action, comment }, deps);
  return readEvent(db, user, found.id);
}
