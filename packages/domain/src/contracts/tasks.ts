import { z } from 'zod';

/** Answer of `anularER`: the annulled case and its new status. */
export const annulResultSchema = z.object({ Meta: z.string(), Estado: z.number().int() });
export type AnnulResult = z.infer<typeof annulResultSchema>;
