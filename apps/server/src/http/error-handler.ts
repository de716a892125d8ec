import { errorCodeSchema, errorMessageSchema, messageCode, messageSchema, MSG, type ErrorMessageBody } from '@atalaya/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from './errors.js';

const INVALID_BODY = MSG.errors.invalidBody;

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

/** `{ Message, Code }`: the code is the message's key in the domain's catalogue (error-codes.ts). */
export function errorBody(status: number, message: string): ErrorMessageBody {
  return { Message: message, Code: messageCode(message, status) };
}

export function sendMessage(reply: FastifyReply, status: number, message: string): FastifyReply {
  const body = errorBody(status, message);
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

const INVALID_URL = MSG.errors.invalidUrl;
const URL_TOO_LONG = MSG.errors.urlTooLong;

/**
 * Fastify's `frameworkErrors`: the router's own refusals, which never reach the error handler
 * (a malformed %-escape, a path parameter over `maxParamLength`), answered in Spanish too.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error.code === 'FST_ERR_BAD_URL') return sendMessage(reply, 400, INVALID_URL);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return sendMessage(reply, 414, URL_TOO_LONG);
  return errorHandler(error, request, reply);
}

/** Adds `Code` to a `{ Message, … }` body a route sends itself with an error status (the e2b 422 refusals). */
function addCode(_request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void): void {
  if (reply.statusCode < 400 || payload === null || typeof payload !== 'object' || Array.isArray(payload)) return done(null, payload);
  const body = payload as { Message?: unknown; Code?: unknown };
  if (typeof body.Message !== 'string' || body.Code !== undefined) return done(null, payload);
  done(null, { ...body, Code: messageCode(body.Message, reply.statusCode) });
}

/**
 * Every route's error answers (status 400 and up) that carry a `Message` also declare its `Code`:
 * `{ Message }` becomes the shared `ErrorMessage`; a richer body (`{ Message, Problems }`) gains
 * `Code`, and its route a hook that fills it in (the error handler fills in the others).
 */
function declareErrorCodes(route: RouteOptions): void {
  const response = route.schema?.response as Record<string, unknown> | undefined;
  if (!response) return;
  let richBody = false;
  for (const [status, schema] of Object.entries(response)) {
    if (Number(status) < 400) continue;
    if (schema === messageSchema) response[status] = errorMessageSchema;
    else if (schema instanceof z.ZodObject && 'Message' in schema.shape && !('Code' in schema.shape)) {
      response[status] = schema.extend({ Code: errorCodeSchema });
      richBody = true;
    }
  }
  if (!richBody) return;
  const hooks = route.preSerialization;
  route.preSerialization = hooks === undefined ? [addCode] : [...(Array.isArray(hooks) ? hooks : [hooks]), addCode];
}

/**
 * Installs the error handler on the root instance (every plugin inherits it), and the one place
 * that gives error answers their `Code` in the route schemas and so in the OpenAPI document.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(errorHandler);
  app.addHook('onRoute', declareErrorCodes);
}
