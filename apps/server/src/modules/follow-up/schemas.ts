import { MSG } from '@atalaya/domain';
import { z } from 'zod';

/** Largest id of a serial column. */
const MAX_SERIAL = 2_147_483_647;

/** Path of Seguimiento/{id} and downloadFollowUpById/{id}: the id of a follow-up report. */
export const followUpIdParams = z.object({
  id: z.coerce
    .number({ error: MSG.referenceData.invalidId })
    .int({ error: MSG.referenceData.invalidId })
    .positive({ error: MSG.referenceData.invalidId })
    .max(MAX_SERIAL, { error: MSG.referenceData.invalidId }),
});

/** Path of getFollowUpEventsByReference/{reference}: the NumeroReferencia of a case. */
export const referenceParams = z.object({
  reference: z.string({ error: MSG.lists.eventNotFound }).trim().min(1, MSG.lists.eventNotFound).max(64, MSG.lists.eventNotFound),
});
