import { e2bExportRefusalSchema, ER_STATUS, type E2bExportRefusal, type E2bReceiver, type E2bSubmission, type E2bSubmissionStatus } from '@atalaya/domain';
import { isApiError } from '../../shared/api';

/** One problem of a refused export, split for the list: element number, its name, what is wrong. */
export interface E2bProblemLine {
  element: string | null;
  name: string | null;
  problem: string;
}

// "E.i.2.1b Código LLT de la reacción: falta"; "N.1.3 …"; "G.k.4.r.1a …". The problem may hold colons.
const PROBLEM = /^([A-Z](?:\.[0-9A-Za-z]+)+)\s+(.+?):\s+(.+)$/s;

/** Splits a problem of the server's list; a problem that names no element (the schema's) keeps its text whole. */
export function problemLine(text: string): E2bProblemLine {
  const match = PROBLEM.exec(text);
  if (!match) return { element: null, name: null, problem: text };
  return { element: match[1] ?? null, name: match[2] ?? null, problem: match[3] ?? '' };
}

/** The refusal of an export (422 with the list of problems), or null for any other failure. */
export function refusalOf(error: unknown): E2bExportRefusal | null {
  if (!isApiError(error) || error.status !== 422) return null;
  const parsed = e2bExportRefusalSchema.safeParse(error.body);
  return parsed.success ? parsed.data : null;
}

/** Whether the case can be exported at all: never while Pendiente (the server refuses it too). */
export function canExport(status: number): boolean {
  return status !== ER_STATUS.PENDIENTE;
}

/** What a submission offers: 'Marcar como enviado' while generated; an ACK is loaded once sent. */
export function submissionActions(submission: Pick<E2bSubmission, 'Estado'>): { markSent: boolean; awaitsAck: boolean } {
  return { markSent: submission.Estado === 'generated', awaitsAck: submission.Estado === 'sent' };
}

/** 'Subir ACK' is offered when a submission of the case is sent and waits for its acknowledgement. */
export function canUploadAck(submissions: readonly Pick<E2bSubmission, 'Estado'>[]): boolean {
  return submissions.some((submission) => submissionActions(submission).awaitsAck);
}

export const STATUS_COLORS: Readonly<Record<E2bSubmissionStatus, string>> = {
  generated: 'gray',
  sent: 'blue',
  'ack-accepted': 'teal',
  'ack-rejected': 'red',
};

/** The SHA-256 as the table shows it: its first 12 hex digits (the full value in the title). */
export function shortSha(sha256: string): string {
  return sha256.slice(0, 12);
}

/** Where E.i.2.1a came from, in words; null for an older submission that did not record it. */
export function meddraVersionNote(submission: Pick<E2bSubmission, 'VersionMedDRA' | 'OrigenVersionMedDRA'>): string | null {
  if (!submission.VersionMedDRA) return null;
  const source = submission.OrigenVersionMedDRA === 'setting' ? 'versión de reserva de Configuración' : 'versión importada';
  return `MedDRA ${submission.VersionMedDRA} (${source})`;
}

/** The receiver preselected: the one of the latest submission when still configured, else the first. */
export function defaultReceiver(receivers: readonly Pick<E2bReceiver, 'Codigo'>[], submissions: readonly Pick<E2bSubmission, 'Receptor'>[]): string | null {
  const last = submissions[0]?.Receptor;
  if (last && receivers.some((receiver) => receiver.Codigo === last)) return last;
  return receivers[0]?.Codigo ?? null;
}

/**
 * A receiver in a select: its name, and its identifier after it unless the name already says it
 * as a word, spelt the same ('EMA EudraVigilance (EVHUMAN)'; 'Socio comercial' does not name SOCIO).
 */
export function receiverLabel(receiver: Pick<E2bReceiver, 'Codigo' | 'Nombre'>): string {
  const named = receiver.Nombre.split(/[^\p{L}\p{N}._-]+/u).includes(receiver.Codigo);
  return named ? receiver.Nombre : `${receiver.Nombre} (${receiver.Codigo})`;
}
