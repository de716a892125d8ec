import { type EndpointSpec, type ErrorCode, type ErrorStatus, messageCode } from '@atalaya/domain';
import type { z } from 'zod';

/**
 * The error codes a contract route may answer, by status (issue 34 §3, docs/api.md 'Error
 * codes'): those every route of its kind answers (a refused session, role, URL or body, a rate
 * limit), those of its input schemas (each `{ error: MSG.… }` a query, body, params or multipart
 * fields schema holds, and `validation` for zod's own texts), and the endpoint's own (`errors` in the domain's
 * contract). contractRoute puts them in the route's config; the OpenAPI document lists them per
 * call (http/openapi.ts), and every integration test holds the answers to them (http/error-code-check.ts).
 */
export type RouteErrorCodes = Partial<Record<ErrorStatus, ErrorCode[]>>;

/** Stand-in issues to ask a schema's error function for its texts (zod 4 calls it with the issue). */
const STAND_IN_ISSUES = [
  'invalid_type',
  'invalid_format',
  'invalid_value',
  'too_big',
  'too_small',
  'not_multiple_of',
  'unrecognized_keys',
  'invalid_union',
  'invalid_key',
  'invalid_element',
  'custom',
].map((code) => ({ code, input: undefined, path: [], message: '', origin: 'string', format: 'regex', maximum: 1, minimum: 1, keys: [], values: [] }));

interface ZodNode {
  _zod?: { def?: Record<string, unknown> };
}

function isNode(value: unknown): value is ZodNode {
  return typeof value === 'object' && value !== null && '_zod' in value;
}

/** The catalogue texts a schema names in its `error`s (its checks', its members'), walked once each. */
function schemaTexts(schema: unknown, texts: Set<string>, seen: Set<unknown>): void {
  if (!isNode(schema) || seen.has(schema)) return;
  seen.add(schema);
  const def = schema._zod?.def ?? {};
  if (typeof def.error === 'function') {
    for (const issue of STAND_IN_ISSUES) {
      try {
        const text: unknown = (def.error as (issue: unknown) => unknown)(issue);
        if (typeof text === 'string') texts.add(text);
        else if (text && typeof text === 'object' && typeof (text as { message?: unknown }).message === 'string') texts.add((text as { message: string }).message);
      } catch {
        // An error function that reads more of the issue than the stand-in has: its texts are declared on the endpoint.
      }
    }
  }
  for (const value of Object.values(def)) {
    if (isNode(value)) schemaTexts(value, texts, seen);
    else if (Array.isArray(value)) for (const item of value as unknown[]) schemaTexts(item, texts, seen);
    else if (value !== null && typeof value === 'object' && !(value instanceof RegExp)) {
      for (const member of Object.values(value as Record<string, unknown>)) schemaTexts(member, texts, seen);
    }
  }
  // A lazily built shape (z.object's getter) and an enum's members are in def already; a lazy schema's getter is not walked.
}

/** The codes of the texts a set of input schemas names, and `validation` for zod's own (Spanish) texts. */
export function inputErrorCodes(...schemas: (z.ZodType | undefined)[]): ErrorCode[] {
  const texts = new Set<string>();
  const seen = new Set<unknown>();
  for (const schema of schemas) schemaTexts(schema, texts, seen);
  return [...new Set([...[...texts].map((text) => messageCode(text, 400)), 'validation' as const])];
}

function add(codes: RouteErrorCodes, status: ErrorStatus, more: readonly ErrorCode[]): void {
  codes[status] = [...new Set([...(codes[status] ?? []), ...more])];
}

type RouteInput = { params?: z.ZodType | undefined; headers?: z.ZodType | undefined; uploadFields?: z.ZodType | undefined; beforeTerms?: boolean | undefined };

/** The codes already worked out per endpoint and input (the schemas are module constants: each app built reuses them). */
const known = new WeakMap<EndpointSpec, { input: RouteInput; codes: Readonly<RouteErrorCodes> }[]>();

/** Every code a contract route may answer, by status, sorted; worked out once per endpoint and input schemas. */
export function routeErrorCodes(endpoint: EndpointSpec, input: RouteInput): Readonly<RouteErrorCodes> {
  const seen = known.get(endpoint) ?? [];
  const same = seen.find(
    (one) => one.input.params === input.params && one.input.headers === input.headers && one.input.uploadFields === input.uploadFields && one.input.beforeTerms === input.beforeTerms,
  );
  if (same) return same.codes;
  const codes = Object.freeze(workOutCodes(endpoint, input));
  known.set(endpoint, [...seen, { input: { ...input }, codes }]);
  return codes;
}

function workOutCodes(endpoint: EndpointSpec, input: RouteInput): RouteErrorCodes {
  const codes: RouteErrorCodes = {};
  // Any URL: a malformed %-escape, a NUL in the path or query (http/nul-guard.ts, before any
  // schema); a path param over the router's length; the rate limits.
  add(codes, 400, ['errors.invalidUrl', 'generic.invalidCharacters']);
  if (endpoint.path.includes(':')) add(codes, 414, ['errors.urlTooLong']);
  add(codes, 429, ['errors.tooManyRequests']);
  if (endpoint.body !== undefined || endpoint.bodyKind !== undefined) {
    add(codes, 400, ['errors.invalidBody']);
    add(codes, 413, ['errors.payloadTooLarge']);
    add(codes, 415, ['errors.unsupportedMediaType']);
  }
  if (endpoint.query !== undefined || endpoint.body !== undefined || input.params !== undefined || input.headers !== undefined || input.uploadFields !== undefined) {
    add(codes, 400, ['errors.invalidBody', ...inputErrorCodes(endpoint.query, endpoint.body, input.params, input.headers, input.uploadFields)]);
  }
  if (endpoint.access !== 'public') {
    add(codes, 401, ['errors.unauthenticated', 'errors.sessionExpired']);
    if (!input.beforeTerms) add(codes, 403, ['errors.termsNotAccepted']);
    if (endpoint.access !== 'authenticated') add(codes, 403, ['errors.forbidden']);
  }
  for (const [status, more] of Object.entries(endpoint.errors ?? {}) as [`${ErrorStatus}`, readonly ErrorCode[]][]) add(codes, Number(status) as ErrorStatus, more);
  for (const status of Object.keys(codes) as `${ErrorStatus}`[]) codes[Number(status) as ErrorStatus]?.sort();
  return codes;
}
