import { dbIdText, MSG } from '@atalaya/domain';
import { z } from 'zod';

/** Path of getRAMRAMCategoryByRAMId/{id}. */
export const ramIdParams = z.object({
  id: dbIdText(MSG.wizard.recordNotFound),
});
