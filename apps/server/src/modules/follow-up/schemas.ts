import { dbIdText, MSG } from '@atalaya/domain';
import { z } from 'zod';

/** Path of Seguimiento/{id} and downloadFollowUpById/{id}: the id of a follow-up report. */
export const followUpIdParams = z.object({
  id: dbIdText(MSG.referenceData.invalidId),
});

/** Path of getFollowUpEventsByReference/{reference}: the NumeroReferencia of a case. */
export const referenceParams = z.object({
  reference: z.string({ error: MSG.lists.eventNotFound }).trim().min(1, MSG.lists.eventNotFound).max(64, MSG.lists.eventNotFound),
});
