import { z } from 'zod';

/** `{ Message }`: the body of every 4xx answer, and of some successes (docs/api.md). */
export const messageSchema = z.object({ Message: z.string() });
export type MessageBody = z.infer<typeof messageSchema>;
