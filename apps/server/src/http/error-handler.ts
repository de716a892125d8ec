import { MSG } from '@atalaya/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors.js';

/** (ours) A body the server cannot read: malformed JSON or form data, a wrong length. */
const INVALID_BODY = 'El contenido enviado no es válido';

/** Body of every 4xx answer (docs/api.md, error catalogue). */
export interface MessageBody {
  Message: string;
}

/** Body of every 5xx answer: no stack, only an incident code to find the log entry. */
export interface ExceptionBody {
  ExceptionMessage: string;
  InnerException: { ExceptionMessage: string };
}

/** Fastify's own client errors, by code, and the status and Spanish message we answer with. */
const FASTIFY_CLIENT_ERRORS: Record<string, [number, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, MSG.errors.payloadTooLarge],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, MSG.errors.unsupportedMediaType],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, INVALID_BODY],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, INVALID_BODY],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, INVALID_BODY],
  FST_ERR_VALIDATION: [400, INVALID_BODY],
};

function clientError(error: FastifyError): [number, string] | null {
  if (error instanceof AppError) return [error.statusCode, error.message];
  if (hasZodFastifySchemaValidationErrors(error)) return [400, error.validation[0]?.message ?? INVALID_BODY];
  const known = FASTIFY_CLIENT_ERRORS[error.code];
  if (known) return known;
  const status = error.statusCode ?? 500;
  if (status === 429) return [429, MSG.errors.tooManyRequests];
  // Any other 4xx raised by Fastify or a plugin (malformed body, bad header…).
  if (status >= 400 && status < 500) return [status, status === 404 ? MSG.errors.notFoundTitle : INVALID_BODY];
  return null;
}

export function sendMessage(reply: FastifyReply, status: number, message: string): FastifyReply {
  const body: MessageBody = { Message: message };
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** Formats every error to the catalogue of docs/api.md; a 5xx is logged with its stack, never sent. */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const known = clientError(error);
  if (known) {
    const [status, message] = known;
    if (status === 429) request.log.warn({ url: request.url }, 'rate limited');
    return sendMessage(reply, status, message);
  }
  request.log.error({ err: error }, 'unexpected error');
  const body: ExceptionBody = {
    ExceptionMessage: MSG.errors.unexpected,
    InnerException: { ExceptionMessage: MSG.errors.incidentCode(String(request.id)) },
  };
  return reply.code(500).type('application/json; charset=utf-8').send(body);
}

/** (ours) A path the router cannot read: a malformed %-escape. */
const INVALID_URL = 'La dirección pedida no es válida';
/** (ours) A path parameter longer than the router accepts. */
const URL_TOO_LONG = 'La dirección pedida es demasiado larga';

/**
 * Fastify's `frameworkErrors`: the router's own refusals, which never reach the error handler
 * (a malformed %-escape, a path parameter over `maxParamLength`), answered in Spanish too.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error.code === 'FST_ERR_BAD_URL') return sendMessage(reply, 400, INVALID_URL);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return sendMessage(reply, 414, URL_TOO_LONG);
  return errorHandler(error, request, reply);
}

/** Installs the error handler on the root instance (every plugin inherits it). */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(errorHandler);
}
