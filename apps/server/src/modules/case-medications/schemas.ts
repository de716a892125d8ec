import { MSG } from '@atalaya/domain';
import { z } from 'zod';

/** Path of the reads by case: an unknown Meta answers 404 like a case out of reach. */
export const metaParams = z.object({ meta: z.string().max(64, MSG.lists.eventNotFound) });

/** Path of getRAMRAMCategoryByRAMId/{id}. */
export const ramIdParams = z.object({
  id: z.coerce.number({ error: MSG.wizard.recordNotFound }).int(MSG.wizard.recordNotFound).positive(MSG.wizard.recordNotFound),
});
