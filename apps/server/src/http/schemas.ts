import { errorMessageSchema, messageSchema } from '@atalaya/domain';

/**
 * `{ Message }` (the domain's contract): the body of some successes (docs/api.md). As an error
 * answer's schema it becomes `{ Message, Code }` (error-handler.ts, declareErrorCodes).
 */
export { messageSchema };

/** `{ Message, Code }`: the body of every 4xx answer (docs/api.md 'Error codes'). */
export { errorMessageSchema };

/** The usual error answers, for the OpenAPI document of a route. */
export const errorResponses = {
  400: errorMessageSchema,
  401: errorMessageSchema,
  403: errorMessageSchema,
  429: errorMessageSchema,
} as const;
