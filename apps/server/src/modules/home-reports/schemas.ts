import { z } from 'zod';

/** The answer to a stored report: its human-readable number and its id. */
export const reportCreatedSchema = z.object({
  /** RH-2026-000001 */
  Reference: z.string(),
  Id: z.string(),
});
export type ReportCreated = z.infer<typeof reportCreatedSchema>;
