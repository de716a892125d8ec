import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';

/** The committed OpenAPI document: `npm run openapi:update` writes it, a server test compares it. */
export const OPENAPI_SNAPSHOT_PATH = fileURLToPath(new URL('../../../../docs/openapi.json', import.meta.url));

/** What the snapshot test says when the generated document differs from the committed one. */
export const OPENAPI_STALE_MESSAGE =
  'The OpenAPI document generated from the route schemas differs from docs/openapi.json: run npm run openapi:update and commit the result';

/** Objects with their keys sorted (arrays keep their order), so the text does not depend on the order routes register in. */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) sorted[key] = sortKeys((value as Record<string, unknown>)[key]);
  return sorted;
}

/**
 * The app's OpenAPI document as the snapshot stores it: keys sorted, two-space indent, a final
 * newline, and the release number left out (a version bump is not a contract change).
 */
export async function openApiSnapshotText(app: FastifyInstance): Promise<string> {
  await app.ready();
  const document = app.swagger() as { info?: Record<string, unknown> };
  const stable = { ...document, info: { ...document.info, version: 'snapshot' } };
  return `${JSON.stringify(sortKeys(stable), null, 2)}\n`;
}
