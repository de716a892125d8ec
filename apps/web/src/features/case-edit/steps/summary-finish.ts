import { eventViewPath, MSG, type finishCaseBodySchema, type FinishFollowUpBody, type metaDataResultSchema } from '@atalaya/domain';
import type { z } from 'zod';
import { trimmedOrNull } from '../../../shared/form';
import { followUpBody, type FollowUpDraft } from '../step-contract';

/** Sending the wizard (event spec §2.4 step 7, §7 'Finish'). */

export type FinishCaseBody = z.input<typeof finishCaseBodySchema>;
export type FinishResult = z.infer<typeof metaDataResultSchema>;

export type FinishRequest = { path: 'insertER'; body: FinishCaseBody } | { path: 'insertES'; body: FinishFollowUpBody };

/**
 * The finish call: a case is sent with `insertER` {Event: {Meta}, comentario}; a follow-up
 * report posts its whole draft with `insertES` (ev, comentario, patient, origin, medicamentos, rams).
 */
export function finishRequest(meta: string, draft: FollowUpDraft | null, comment: string): FinishRequest {
  const comentario = trimmedOrNull(comment);
  if (draft) return { path: 'insertES', body: followUpBody(meta, draft, comentario) };
  return { path: 'insertER', body: { Event: { Meta: meta }, comentario } };
}

/** Where the user goes once sent: the event's page; a follow-up event opens at …/view/details/3. */
export function finishedPath(result: Pick<FinishResult, 'MetaData'>, followUp: boolean): string {
  return followUp ? eventViewPath(result.MetaData, 'details', 3) : eventViewPath(result.MetaData);
}

/** The confirmation's title and the notice after sending. */
export function finishTexts(followUp: boolean): { title: string; done: string } {
  return followUp ? { title: MSG.wizard.finishFollowUpTitle, done: MSG.wizard.followUpSent } : { title: MSG.wizard.finishTitle, done: MSG.wizard.sent };
}
