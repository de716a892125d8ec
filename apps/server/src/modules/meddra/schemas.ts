import { MSG } from '@atalaya/domain';
import { z } from 'zod';

/** Fewest characters of a search term. (Fastify refuses a path parameter over 100 characters with 414.) */
export const MIN_TERM_LENGTH = 2;

export const termParamsSchema = z.object({ term: z.string().trim().min(MIN_TERM_LENGTH, MSG.meddra.termTooShort) });
