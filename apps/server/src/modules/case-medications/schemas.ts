import { MSG } from '@atalaya/domain';
import { z } from 'zod';

/** Path of getRAMRAMCategoryByRAMId/{id}. */
export const ramIdParams = z.object({
  id: z.coerce.number({ error: MSG.wizard.recordNotFound }).int(MSG.wizard.recordNotFound).positive(MSG.wizard.recordNotFound),
});
