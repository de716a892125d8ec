import { messageSchema } from '@atalaya/domain';

/** `{ Message }` (the domain's contract): the body of every 4xx answer, and of some successes (docs/api.md). */
export { messageSchema };

/** The usual error answers, for the OpenAPI document of a route. */
export const errorResponses = {
  400: messageSchema,
  401: messageSchema,
  403: messageSchema,
  429: messageSchema,
} as const;
