import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from '../error-codes.js';

/** `{ Message }`: the body of some successes (docs/api.md); a 4xx adds `Code` (errorMessageSchema). */
export const messageSchema = z.object({ Message: z.string() });
export type MessageBody = z.infer<typeof messageSchema>;

/** The stable machine code of an error answer (error-codes.ts): one OpenAPI component, `ErrorCode`. */
export const errorCodeSchema = z
  .enum(ERROR_CODES as unknown as [ErrorCode, ...ErrorCode[]])
  .meta({ id: 'ErrorCode', description: 'Código estable del error: la clave del texto en el catálogo de mensajes, o un código genérico (docs/api.md «Códigos de error»).' });

/** `{ Message, Code }`: the body of every 4xx answer (and of a 503 with a message). */
export const errorMessageSchema = messageSchema.extend({ Code: errorCodeSchema }).meta({ id: 'ErrorMessage' });
export type ErrorMessageBody = z.infer<typeof errorMessageSchema>;
