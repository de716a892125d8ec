import { z } from 'zod';

/** `getRAMRAMCategoryByRAMId/{id}`: a CategoryRAM link. */
export const ramCategoryLinkSchema = z.object({ RAMId: z.number().int(), RAMCategoryId: z.number().int() });
export type RamCategoryLink = z.infer<typeof ramCategoryLinkSchema>;

/** The answer of deleteMedicamentoRelacionado. */
export const emptyResultSchema = z.object({});
