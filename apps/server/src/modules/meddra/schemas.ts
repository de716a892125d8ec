import { MSG } from '@atalaya/domain';
import { z } from 'zod';

/** Fewest characters of a search term. (Fastify refuses a path parameter over 100 characters with 414.) */
export const MIN_TERM_LENGTH = 2;

export const termParamsSchema = z.object({ term: z.string().trim().min(MIN_TERM_LENGTH, MSG.meddra.termTooShort) });

/** A lowest level term with its preferred term and primary system organ class. */
export const lltMatchSchema = z.object({
  llt_code: z.number().int(),
  llt_name: z.string(),
  pt_name: z.string(),
  /** Null only for a PT without a primary SOC (an incomplete import). */
  soc_name: z.string().nullable(),
});
export type LltMatch = z.infer<typeof lltMatchSchema>;
