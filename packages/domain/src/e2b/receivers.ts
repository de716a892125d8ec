import { z } from 'zod';
import { MSG } from '../messages.js';

/**
 * The receivers of E2B(R3) exports (N.1.4 batch receiver, N.2.r.3 message receiver), kept in
 * Configuración (docs/e2b.md). The installation starts with these; an ADMIN adds, renames and
 * removes them.
 */
export const E2B_DEFAULT_RECEIVERS = [
  { code: 'EVHUMAN', name: 'EMA EudraVigilance (EVHUMAN)' },
  { code: 'ZZFDA', name: 'FDA FAERS (ZZFDA)' },
  { code: 'AUTORIDAD_NACIONAL', name: 'Autoridad sanitaria nacional' },
  { code: 'SOCIO', name: 'Socio comercial o licenciatario' },
] as const;

/** N.1.4 is AN 60. */
export const E2B_RECEIVER_CODE_MAX = 60;
export const E2B_RECEIVER_NAME_MAX = 100;
/** An identifier of a batch's sender or receiver: letters, digits, '.', '_' and '-', no blanks. */
const IDENTIFIER = /^[A-Za-z0-9._-]+$/;

/** The Spanish message why `code` is not a receiver identifier, or null. */
export function e2bReceiverCodeError(code: string): string | null {
  const m = MSG.e2bReceivers;
  if (code.trim() === '') return m.codeRequired;
  if (code.length > E2B_RECEIVER_CODE_MAX) return m.codeTooLong(E2B_RECEIVER_CODE_MAX);
  return IDENTIFIER.test(code) ? null : m.codeInvalid;
}

/** The Spanish message why `name` is not a receiver name, or null. */
export function e2bReceiverNameError(name: string): string | null {
  const m = MSG.e2bReceivers;
  if (name.trim() === '') return m.nameRequired;
  if (name.length > E2B_RECEIVER_NAME_MAX) return m.nameTooLong(E2B_RECEIVER_NAME_MAX);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f]/.test(name) || name !== name.trim()) return m.nameInvalid;
  return null;
}

/** A receiver as `e2bReceiverList` answers it. */
export const e2bReceiverSchema = z.object({
  Id: z.number().int(),
  /** N.1.4 / N.2.r.3. */
  Codigo: z.string(),
  Nombre: z.string(),
  /** How many submissions were addressed to it: one with submissions keeps its code and is not removed. */
  Envios: z.number().int(),
});
export type E2bReceiver = z.infer<typeof e2bReceiverSchema>;

const STRICT = { error: (issue: { code?: string }) => (issue.code === 'unrecognized_keys' ? MSG.e2bReceivers.unknownField : undefined) };

/** Body of `POST /api/e2bReceiverSave`: a new receiver (no Id) or a change of one. */
export const e2bReceiverSaveSchema = z.strictObject(
  {
    Id: z.number({ error: MSG.e2bReceivers.notFound }).int(MSG.e2bReceivers.notFound).min(1, MSG.e2bReceivers.notFound).max(2_147_483_647, MSG.e2bReceivers.notFound).optional(),
    Codigo: z.string({ error: MSG.e2bReceivers.codeRequired }).max(1000, MSG.e2bReceivers.codeTooLong(E2B_RECEIVER_CODE_MAX)),
    Nombre: z.string({ error: MSG.e2bReceivers.nameRequired }).max(1000, MSG.e2bReceivers.nameTooLong(E2B_RECEIVER_NAME_MAX)),
  },
  STRICT,
);
export type E2bReceiverSaveInput = z.infer<typeof e2bReceiverSaveSchema>;
