import type { z } from 'zod';
import type { Permission } from '../access.js';
import type { ErrorCode } from '../error-codes.js';

/**
 * The API contract (issue 34 §1, docs/adr/0015-api-contract.md): every call is declared once, as
 * an `endpoint`, in `packages/domain/src/api/`. The server registers its route from it
 * (apps/server/src/http/contract-route.ts: method, path, access, query, body and answer schemas)
 * and the web calls it through it (apps/web/src/shared/api/call.ts: the path built from typed
 * params, the body and the answer typed by the same zod schemas). A renamed path, a changed body
 * or a changed answer field breaks `npm run check` on both sides.
 *
 * The path's `:name` segments are the call's params. Their values cross as text; the server
 * parses them with its own schema (transforms that need the server: date bounds, orders), whose
 * keys the compiler holds to the path's names.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Who may call: anyone, any signed-in user, or the roles of a named permission (access.ts). */
export type EndpointAccess = Permission | 'public' | 'authenticated';

/** What a successful call answers besides a JSON body: a file, a text, or nothing (204). */
export type EndpointReturns = 'json' | 'blob' | 'text' | 'none';

/**
 * How the body travels: a JSON document (the default with `body`), an urlencoded form
 * (`body`'s fields as text), a multipart form, or a raw document (an uploaded file as is).
 */
export type EndpointBodyKind = 'json' | 'form' | 'multipart' | 'raw';

/** The error statuses a call may answer with a `{ Message, Code }`. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 414 | 415 | 422 | 423 | 429 | 503;

/**
 * The error codes (error-codes.ts) a call may answer, by status, besides those every call of its
 * kind may answer (a refused session, role or input: the server adds them, and those of the
 * call's schemas, in apps/server/src/http/contract-route.ts). The OpenAPI document lists them per
 * call; any server test fails on a code a call answers that is not listed (apps/server/src/http/error-code-check.ts).
 */
export type EndpointErrors = { readonly [S in ErrorStatus]?: readonly ErrorCode[] };

export interface EndpointSpec {
  method: HttpMethod;
  /** The path as the spec gives it, `:name` for each param. */
  path: `/api/${string}`;
  access: EndpointAccess;
  /** The query string's schema. */
  query?: z.ZodType;
  /** The body's schema (JSON or urlencoded form). */
  body?: z.ZodType;
  bodyKind?: EndpointBodyKind;
  /** The JSON answer's schema (status `status`, default 200). */
  response?: z.ZodType;
  /** Default 'json' with `response`. */
  returns?: EndpointReturns;
  /** The success status when it is not 200. */
  status?: 201 | 202 | 204;
  /** The call's own error codes, by status (its refusals: a case not found, a closed state, …). */
  errors?: EndpointErrors;
}

/** Declares an endpoint, keeping its literal path and its schemas' types. */
export function endpoint<const E extends EndpointSpec>(spec: E): E {
  return spec;
}

/** The names of a path's `:name` segments. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A path segment's value. `null` and `undefined` travel as the spec's `null` (no filter). */
export type PathValue = string | number | boolean | null | undefined;

/** The params of an endpoint's path, by name. */
export type PathParamsOf<E extends EndpointSpec> = { [K in PathParamNames<E['path']>]: PathValue };

/** The answer of an endpoint, as the client receives it (`File`: the client's type of a file's bytes, a Blob in a browser). */
export type ResponseOf<E extends EndpointSpec, File = unknown> = E extends { returns: 'blob' }
  ? File
  : E extends { returns: 'text' }
    ? string
    : E extends { returns: 'none' }
      ? undefined
      : E extends { response: infer R extends z.ZodType }
        ? z.output<R>
        : never;

/** The body an endpoint takes, as the client sends it. */
export type BodyOf<E extends EndpointSpec> = E extends { body: infer B extends z.ZodType } ? z.input<B> : never;

/** The query an endpoint takes, as the client sends it. */
export type QueryOf<E extends EndpointSpec> = E extends { query: infer Q extends z.ZodType } ? z.input<Q> : never;

const PARAM = /:([A-Za-z_][A-Za-z0-9_]*)/g;

/** The names of a path's params, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(PARAM)].map((match) => match[1] as string);
}

/**
 * The path of a call: each `:name` replaced by its value, URI-encoded; `null`/`undefined` as
 * `null`. A param the path names and the values lack is a programming error.
 */
export function pathOf(spec: Pick<EndpointSpec, 'path'>, params: Readonly<Record<string, PathValue>> = {}): string {
  return spec.path.replace(PARAM, (_, name: string) => {
    if (!(name in params)) throw new Error(`${spec.path}: falta el parámetro ${name}`);
    const value = params[name];
    return encodeURIComponent(value === null || value === undefined ? 'null' : String(value));
  });
}

/** `?a=1&b=2` of the defined values of a query ('' when none). */
export function queryStringOf(query: Readonly<Record<string, unknown>> | undefined): string {
  if (!query) return '';
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? (value as unknown[]) : [value]) pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(item))}`);
  }
  return pairs.length === 0 ? '' : `?${pairs.join('&')}`;
}
