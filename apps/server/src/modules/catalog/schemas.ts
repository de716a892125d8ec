import { z } from 'zod';

export const countryParamsSchema = z.object({ country: z.string().trim().min(1) });
