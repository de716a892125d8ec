import type { FastifyInstance } from 'fastify';

/** One `/api/` route as the OpenAPI document lists it. */
export interface ApiRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** The path with its parameters filled in (`{id}` → `1`). */
  url: string;
  /** The path as registered, for messages (`/api/Seguimiento/{id}`). */
  path: string;
  /** The route needs a session (it is not public). */
  signedIn: boolean;
}

/**
 * Every `/api/` route of the application, from the OpenAPI document it generates from the
 * registered routes (a route that is not public carries a bearer security requirement).
 */
export async function apiRoutesOf(app: FastifyInstance): Promise<ApiRoute[]> {
  await app.ready();
  const document = app.swagger() as { paths: Record<string, Record<string, { security?: unknown[] }>> };
  const routes: ApiRoute[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      routes.push({
        method: method.toUpperCase() as ApiRoute['method'],
        path,
        url: path.replace(/\{[^}]+\}/g, '1'),
        signedIn: Array.isArray(operation.security) && operation.security.length > 0,
      });
    }
  }
  return routes;
}
