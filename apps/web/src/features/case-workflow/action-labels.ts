import { ACTION_LABELS, SEND_ACTIONS, type CaseAction, type SendAction } from '@atalaya/domain';

/**
 * The codes a workflow comment carries (`ErComment.Accion`): the table's actions, deleting a
 * draft ('Eliminar') and adding a follow-up report ('Seguimiento').
 */
export type CommentActionCode = CaseAction | 'Eliminar' | 'Seguimiento';

/** Each code in the words of the button that takes it: the view's bar, the wizard's 'Enviar', the header's buttons. */
const LABELS: Readonly<Record<CommentActionCode, string>> = {
  ...(Object.fromEntries(SEND_ACTIONS.map((action) => [action, ACTION_LABELS[action].button])) as Record<SendAction, string>),
  Finalizar: 'Enviar',
  Anular: 'Anular',
  Eliminar: 'Eliminar evento',
  Seguimiento: 'Agregar reporte de seguimiento',
};

/** The Spanish label of a comment's action code; an unknown code (older data) is shown as stored. */
export function commentActionLabel(code: string): string {
  return Object.hasOwn(LABELS, code) ? LABELS[code as CommentActionCode] : code;
}
