import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { apiRoutesOf, type ApiRoute } from '../test-support/api-routes.js';
import { bearer, createUser, login, randomIp, solveCaptcha } from '../test-support/factories.js';

// Case and user data never stay in a browser's or a proxy's cache: every answer a signed-in
// user gets from the API, and the session answers, are `Cache-Control: no-store`. Public
// catalogues and the web build's files keep their own caching.

let t: TestApp;
let routes: ApiRoute[];
let webDist: string;

beforeAll(async () => {
  webDist = await mkdtemp(join(tmpdir(), 'atalaya-web-'));
  await mkdir(join(webDist, 'assets'));
  await writeFile(join(webDist, 'index.html'), '<!doctype html><title>Atalaya</title>');
  await writeFile(join(webDist, 'assets', 'app-abc123.js'), 'console.log(1);');
  t = await createTestApp({ webDistDir: webDist });
  routes = await apiRoutesOf(t.app);
});
afterAll(async () => {
  await t.close();
  await rm(webDist, { recursive: true, force: true });
});

describe('Cache-Control', () => {
  it('is no-store on every signed-in GET of the API, whatever the answer', async () => {
    const session = await login(t.app, await createUser(t.database.db, { role: 'ADMIN' }));
    const gets = routes.filter((r) => r.signedIn && r.method === 'GET');
    expect(gets.length).toBeGreaterThan(30);
    const wrong: string[] = [];
    for (const route of gets) {
      const response = await t.app.inject({ method: 'GET', url: route.url, remoteAddress: randomIp(), headers: bearer(session.accessToken) });
      if (!/\bno-store\b/.test(String(response.headers['cache-control']))) wrong.push(`${route.path}: ${response.statusCode} ${String(response.headers['cache-control'])}`);
    }
    expect(wrong).toEqual([]);
  });

  it('is no-store on the refusals of signed-in routes too (a write of a user who has not accepted the terms)', async () => {
    const pending = await login(t.app, await createUser(t.database.db, { role: 'ADMIN', acceptTerms: false }));
    const writes = routes.filter((r) => r.signedIn && r.method !== 'GET' && r.path !== '/api/acceptTerms');
    expect(writes.length).toBeGreaterThan(20);
    for (const route of writes) {
      const response = await t.app.inject({ method: route.method, url: route.url, remoteAddress: randomIp(), headers: bearer(pending.accessToken) });
      expect(response.statusCode, route.path).toBe(403);
      expect(response.headers['cache-control'], route.path).toBe('no-store');
    }
  });

  it('is no-store on sign-in, refresh and sign-out', async () => {
    const user = await createUser(t.database.db, { role: 'RLF' });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: randomIp(),
      headers: { 'recaptcha-token': await solveCaptcha(t.app), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'password', username: user.email, password: user.password }).toString(),
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.headers['cache-control']).toBe('no-store');
    const cookie = `atalaya_rt=${signIn.cookies.find((c) => c.name === 'atalaya_rt')?.value ?? ''}`;
    const origin = t.config.appUrl;
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { cookie, origin, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=refresh_token',
    });
    expect(refresh.statusCode).toBe(200);
    expect(refresh.headers['cache-control']).toBe('no-store');
    const rotated = `atalaya_rt=${refresh.cookies.find((c) => c.name === 'atalaya_rt')?.value ?? ''}`;
    const logout = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: rotated, origin } });
    expect(logout.statusCode).toBe(204);
    expect(logout.headers['cache-control']).toBe('no-store');
  });

  it('leaves a public catalogue’s own caching to an anonymous visitor', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/getCodiguerasHome' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
  });

  it('leaves the web build’s files their caching', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await t.app.inject({ method: 'GET', url: '/workflow' });
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});
