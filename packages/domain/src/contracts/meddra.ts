import { z } from 'zod';

/** `GET /api/getMedDRALLT/{term}`: a lowest level term with its preferred term and primary system organ class. */
export const lltMatchSchema = z.object({
  llt_code: z.number().int(),
  llt_name: z.string(),
  pt_name: z.string(),
  /** Null only for a PT without a primary SOC (an incomplete import). */
  soc_name: z.string().nullable(),
});
export type LltMatch = z.infer<typeof lltMatchSchema>;
