import { e2bReceiverCodeError, e2bReceiverNameError, type E2bReceiver, type E2bReceiverSaveInput } from '@atalaya/domain';

/** The receiver being typed: a new one (no id) or the one being edited. */
export interface ReceiverDraft {
  id: number | null;
  code: string;
  name: string;
}

export const EMPTY_RECEIVER: ReceiverDraft = { id: null, code: '', name: '' };

export function draftOf(receiver: E2bReceiver): ReceiverDraft {
  return { id: receiver.Id, code: receiver.Codigo, name: receiver.Nombre };
}

/** The field errors of a draft, by the server's rules (and the same Spanish messages). */
export function receiverErrors(draft: ReceiverDraft): { code: string | null; name: string | null } {
  return { code: e2bReceiverCodeError(draft.code.trim()), name: e2bReceiverNameError(draft.name.trim()) };
}

/** The body of `e2bReceiverSave`. */
export function receiverBody(draft: ReceiverDraft): E2bReceiverSaveInput {
  return { ...(draft.id === null ? {} : { Id: draft.id }), Codigo: draft.code.trim(), Nombre: draft.name.trim() };
}

/** A receiver with submissions keeps its code (they name it) and cannot be removed. */
export function isLocked(receiver: Pick<E2bReceiver, 'Envios'>): boolean {
  return receiver.Envios > 0;
}
