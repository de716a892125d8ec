import { API } from '@atalaya/domain';
import type { LightMyRequestResponse } from 'fastify';

/**
 * Issue 34 §3: the OpenAPI document lists, for each call and error status, the codes the answer
 * may carry (http/openapi.ts: `allOf: [schema, { Code: enum }]`). The fuzz test and the
 * authorization matrix hold to that list every error answer they get from a call whose endpoint
 * declares its own codes (`errors` in packages/domain/src/api, even `{}`); the other calls are
 * checked once their module declares them.
 */

interface ErrorResponse {
  content?: Record<string, { schema?: { allOf?: { properties?: { Code?: { enum?: string[] } } }[] } }>;
}

export interface CodedDocument {
  paths: Record<string, Record<string, { responses?: Record<string, ErrorResponse> }>>;
}

/** `/api/getERByMeta/:meta` → `/api/getERByMeta/{meta}`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
}

/** The codes a call's entry lists for a status; undefined when it lists none. */
export function listedErrorCodes(document: CodedDocument, path: string, method: string, status: number): string[] | undefined {
  const operation = document.paths[openApiPath(path)]?.[method === 'HEAD' ? 'get' : method.toLowerCase()];
  const schema = operation?.responses?.[String(status)]?.content?.['application/json']?.schema;
  return schema?.allOf?.flatMap((part) => part.properties?.Code?.enum ?? []);
}

/** `GET /api/signals`-style keys of the endpoints that declare their own codes. */
const DECLARED = new Set(
  Object.values(API)
    .flatMap((calls) => Object.values(calls) as { method: string; path: string; errors?: unknown }[])
    .filter((endpoint) => endpoint.errors !== undefined)
    .map((endpoint) => `${endpoint.method} ${openApiPath(endpoint.path)}`),
);

/** Why an error answer's `Code` is not one the call's entry lists for its status, or null. */
export function unlistedErrorCode(document: CodedDocument, path: string, method: string, response: LightMyRequestResponse): string | null {
  const status = response.statusCode;
  if (status < 400 || status >= 500 || method === 'HEAD') return null;
  let code: unknown;
  try {
    code = (response.json() as { Code?: unknown }).Code;
  } catch {
    return null;
  }
  if (typeof code !== 'string') return `answered ${status} without a Code: ${response.body.slice(0, 200)}`;
  if (!DECLARED.has(`${method.toUpperCase()} ${openApiPath(path)}`)) return null;
  const listed = listedErrorCodes(document, path, method, status);
  if (!listed) return `answered ${status} (${code}), a status whose codes its OpenAPI entry does not list`;
  return listed.includes(code) ? null : `answered ${status} ${code}, a code its OpenAPI entry does not list for ${status}`;
}
