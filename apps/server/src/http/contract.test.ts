import { API, type EndpointSpec, PERMISSIONS } from '@atalaya/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { routeAccessTable, type RouteRoles } from './route-access.js';

/**
 * The API contract (packages/domain/src/api, ADR 0015) is the server's route table: every
 * endpoint is registered, at its method and path, letting in exactly the roles of its access.
 * A route renamed on one side and not the other fails here (and the web's build fails on it).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t.close());

const endpoints: Array<[string, EndpointSpec]> = Object.entries(API).flatMap(([module, calls]) =>
  Object.entries(calls as Record<string, EndpointSpec>).map(([name, spec]): [string, EndpointSpec] => [`${module}.${name}`, spec]),
);

function rolesOf(spec: EndpointSpec): RouteRoles {
  return spec.access === 'public' || spec.access === 'authenticated' ? spec.access : PERMISSIONS[spec.access];
}

describe('the API contract', () => {
  it('registers every endpoint at its method and path, with the roles of its access', () => {
    expect(endpoints.length).toBeGreaterThan(0);
    const table = routeAccessTable(t.app);
    const wrong = endpoints.flatMap(([name, spec]) => {
      const route = table.find((entry) => entry.method === spec.method && entry.url === spec.path);
      if (!route) return [`${name}: no route ${spec.method} ${spec.path}`];
      return JSON.stringify(route.roles) === JSON.stringify(rolesOf(spec)) ? [] : [`${name}: roles ${JSON.stringify(route.roles)}`];
    });
    expect(wrong).toEqual([]);
  });

  it('holds every /api/ route the server registers (a route outside it has no typed call)', () => {
    const declared = new Set(endpoints.map(([, spec]) => `${spec.method} ${spec.path}`));
    const outside = routeAccessTable(t.app)
      .filter((entry) => entry.method !== 'HEAD')
      .map((entry) => `${entry.method} ${entry.url}`)
      .filter((route) => !declared.has(route));
    expect(outside).toEqual([]);
  });
});
