import { MSG } from '@atalaya/domain';
import { AppError, badRequest } from '../../http/errors.js';

/**
 * What every multipart upload shares when it reads its parts (docs/api.md 'Input rules'):
 * the text fields are checked like any JSON text (a NUL answers 400 invalidCharacters, as the
 * NUL guard does for paths, queries and JSON bodies), and a body that cannot be read as
 * multipart answers 400 instead of a 500.
 */

/** A multipart text field (its name or value) with a NUL: 400 'El texto contiene caracteres no válidos'. */
export function checkMultipartField(name: string, value: string): void {
  if (name.includes('\u0000') || value.includes('\u0000')) throw badRequest(MSG.generic.invalidCharacters);
}

/**
 * Messages of the multipart parser (busboy) for a body that is not well-formed multipart: no
 * boundary or another one, cut short, a part without its headers, a boundary longer than its
 * search takes ('\r\n--' + boundary over 256 bytes: 253 characters or more; RFC 2046 allows 70).
 */
const MALFORMED = [
  /^Multipart: Boundary not found/,
  /^Boundary required/,
  /Unexpected end of (multipart data|form|file)/,
  /terminated early/,
  /Malformed part header/,
  /^The needle cannot have a length bigger than/,
];

/** The multipart plugin's errors, by code, and what we answer. */
const PLUGIN_ERRORS: Record<string, [number, string]> = {
  FST_FILES_LIMIT: [400, MSG.files.onlyOne],
  FST_REQ_FILE_TOO_LARGE: [400, MSG.files.tooLarge],
  FST_FIELDS_LIMIT: [413, MSG.errors.payloadTooLarge],
  FST_PARTS_LIMIT: [413, MSG.errors.payloadTooLarge],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, MSG.errors.unsupportedMediaType],
  FST_MP_PREMATURE_CLOSE: [400, MSG.errors.malformedMultipart],
  FST_PROTO_VIOLATION: [400, MSG.errors.malformedMultipart],
  FST_INVALID_JSON_FIELD_ERROR: [400, MSG.errors.malformedMultipart],
};

/**
 * An error raised while reading a multipart body, as the client's error it is: the plugin's
 * limits and a malformed body become an `AppError` with a Spanish message; anything else
 * (ours) is returned unchanged.
 */
export function multipartReadError(error: unknown): unknown {
  if (error instanceof AppError || !(error instanceof Error)) return error;
  const code = 'code' in error ? String(error.code) : '';
  const known = PLUGIN_ERRORS[code];
  if (known) return new AppError(known[0], known[1]);
  if (MALFORMED.some((pattern) => pattern.test(error.message))) return badRequest(MSG.errors.malformedMultipart);
  return error;
}
