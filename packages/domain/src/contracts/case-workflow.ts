import { z } from 'zod';

/** The answer of `delER`. */
export const deleteCaseResultSchema = z.object({ Deleted: z.literal(true) });
export type DeleteCaseResult = z.infer<typeof deleteCaseResultSchema>;
