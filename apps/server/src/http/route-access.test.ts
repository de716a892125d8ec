import { MSG, PERMISSIONS, ROLE_IDS } from '@atalaya/domain';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type AuthUser, signAccessToken } from './access-token.js';
import { registerErrorHandler } from './error-handler.js';
import { checkAccess, registerRouteAccess, routeAccessTable } from './route-access.js';

const qppv: AuthUser = { id: 'u1', role: 'QPPV', countryCode: 'UY', email: 'qppv@test.atalaya' };

describe('checkAccess', () => {
  it('lets anyone through a public route', () => {
    expect(checkAccess('public', null)).toBeNull();
  });

  it('refuses a missing session with 401 and the Spanish message', () => {
    const refusal = checkAccess('authenticated', null);
    expect(refusal?.statusCode).toBe(401);
    expect(refusal?.message).toBe(MSG.errors.unauthenticated);
  });

  it('refuses a role that is not listed with 403 and the Spanish message', () => {
    const refusal = checkAccess(['ADMIN'], qppv);
    expect(refusal?.statusCode).toBe(403);
    expect(refusal?.message).toBe(MSG.errors.forbidden);
  });

  it('lets a listed role and any signed-in user through', () => {
    expect(checkAccess(['ADMIN', 'QPPV'], qppv)).toBeNull();
    expect(checkAccess('authenticated', qppv)).toBeNull();
  });
});

describe('route declarations', () => {
  function appWithAccess() {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerRouteAccess(app, { accessTokenKey: new Uint8Array(32), publicPrefixes: ['/api/docs'], currentAccount: () => Promise.resolve(undefined) });
    return app;
  }

  it('refuse an /api/ route without roles when it is registered', () => {
    const app = appWithAccess();
    expect(() => app.get('/api/undeclared', { schema: { response: { 200: z.object({}) } } }, () => ({}))).toThrow(
      /declares no roles/,
    );
  });

  it('refuse an /api/ route without a response schema', () => {
    const app = appWithAccess();
    expect(() => app.get('/api/unschemed', { config: { roles: 'public' } }, () => ({}))).toThrow(/no response schema/);
  });

  it('accept a declared route and pages outside /api/', () => {
    const app = appWithAccess();
    expect(() => app.get('/api/ok', { config: { permission: 'settings.manage' }, schema: { response: { 200: z.object({}) } } }, () => ({}))).not.toThrow();
    expect(() => app.get('/about', () => 'ok')).not.toThrow();
  });

  it('refuse a route that declares both roles and a permission', () => {
    const app = appWithAccess();
    const config = { roles: 'authenticated', permission: 'case.read' } as const;
    expect(() => app.get('/api/both', { config, schema: { response: { 200: z.object({}) } } }, () => ({}))).toThrow(/or both/);
  });

  it("enter a route that declares a permission in the route table with that permission's roles", () => {
    const app = appWithAccess();
    app.get('/api/cases', { config: { permission: 'case.write' }, schema: { response: { 200: z.object({}) } } }, () => ({}));
    expect(routeAccessTable(app)).toContainEqual({ method: 'GET', url: '/api/cases', roles: PERMISSIONS['case.write'] });
  });
});

describe('a token whose account is no longer current', () => {
  const key = new Uint8Array(32).fill(7);

  async function appWithAccounts(isCurrent: boolean) {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerRouteAccess(app, {
      accessTokenKey: key,
      publicPrefixes: [],
      currentAccount: () => Promise.resolve({ isActive: isCurrent, roleId: ROLE_IDS.QPPV, acceptTerms: true }),
    });
    registerErrorHandler(app);
    const response = { response: { 200: z.object({ user: z.string().nullable() }) } };
    app.get('/api/private', { config: { roles: 'authenticated' }, schema: response }, (request) => ({ user: request.user?.id ?? null }));
    app.get('/api/open', { config: { roles: 'public' }, schema: response }, (request) => ({ user: request.user?.id ?? null }));
    await app.ready();
    return app;
  }

  it('is refused with 401 and the session-expired message, as a deactivated account or a changed role must be', async () => {
    const app = await appWithAccounts(false);
    const headers = { authorization: `Bearer ${await signAccessToken(qppv, key)}` };
    const response = await app.inject({ method: 'GET', url: '/api/private', headers });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ Message: MSG.errors.sessionExpired });
    // On a public route it counts for nothing: the caller is anonymous.
    expect((await app.inject({ method: 'GET', url: '/api/open', headers })).json()).toEqual({ user: null });
  });

  it('is honoured while the account is current', async () => {
    const app = await appWithAccounts(true);
    const headers = { authorization: `Bearer ${await signAccessToken(qppv, key)}` };
    expect((await app.inject({ method: 'GET', url: '/api/private', headers })).json()).toEqual({ user: 'u1' });
  });
});
