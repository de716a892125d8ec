import { MSG } from '@atalaya/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { apiRoutesOf, type ApiRoute } from '../../test-support/api-routes.js';
import { bearer, createUser, login, randomIp } from '../../test-support/factories.js';

// A signed-in user who has not accepted the terms reaches the context, the acceptance and the
// session routes (sign-in, refresh, sign-out: public), and nothing else.

let t: TestApp;
let routes: ApiRoute[];
let pending: { accessToken: string };

/** What such a user may call besides the public routes. */
const ALLOWED_BEFORE_TERMS = ['GET /api/getContext', 'POST /api/acceptTerms'];

beforeAll(async () => {
  t = await createTestApp();
  routes = await apiRoutesOf(t.app);
  pending = await login(t.app, await createUser(t.database.db, { role: 'ADMIN', acceptTerms: false }));
});
afterAll(() => t.close());

function call(route: ApiRoute, accessToken: string) {
  return t.app.inject({ method: route.method, url: route.url, remoteAddress: randomIp(), headers: bearer(accessToken) });
}

describe('before the terms are accepted', () => {
  it('every signed-in route but the context and the acceptance answers 403 with the terms message', async () => {
    const locked = routes.filter((r) => r.signedIn && !ALLOWED_BEFORE_TERMS.includes(`${r.method} ${r.path}`));
    expect(locked.length).toBeGreaterThan(50);
    const wrong: string[] = [];
    for (const route of locked) {
      const response = await call(route, pending.accessToken);
      const body = response.json<{ Message?: string }>();
      if (response.statusCode !== 403 || body.Message !== MSG.errors.termsNotAccepted) {
        wrong.push(`${route.method} ${route.path}: ${response.statusCode} ${response.body.slice(0, 80)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('the context answers, with AcceptTerms false', async () => {
    const response = await call({ method: 'GET', url: '/api/getContext', path: '/api/getContext', signedIn: true }, pending.accessToken);
    expect(response.statusCode).toBe(200);
    expect(response.json<{ User: { AcceptTerms: boolean } }>().User.AcceptTerms).toBe(false);
  });

  it('public routes still answer (the captcha of a password change, sign-out)', async () => {
    const captcha = await call({ method: 'GET', url: '/api/captcha', path: '/api/captcha', signedIn: false }, pending.accessToken);
    expect(captcha.statusCode).toBe(200);
    const logout = await call({ method: 'POST', url: '/api/logout', path: '/api/logout', signedIn: false }, pending.accessToken);
    expect(logout.statusCode).toBe(204);
  });

  it('after accepting them, the same session reaches the other routes', async () => {
    const user = await createUser(t.database.db, { role: 'RLF', acceptTerms: false });
    const session = await login(t.app, user);
    const tasks = { method: 'GET', url: '/api/getMyUser', path: '/api/getMyUser', signedIn: true } as const;
    expect((await call(tasks, session.accessToken)).statusCode).toBe(403);
    const accepted = await call({ method: 'POST', url: '/api/acceptTerms', path: '/api/acceptTerms', signedIn: true }, session.accessToken);
    expect(accepted.statusCode).toBe(200);
    expect((await call(tasks, session.accessToken)).statusCode).toBe(200);
  });
});
