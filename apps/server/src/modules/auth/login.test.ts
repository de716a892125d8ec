import { MSG } from '@atalaya/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, users } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createUser, login, randomIp, solveCaptcha, type TestUser } from '../../test-support/factories.js';
import { PASSWORD_GRANT_PER_MINUTE } from './login-routes.js';
import { sha256Hex } from './refresh-tokens.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

async function passwordLogin(username: string, password: string, captcha?: string, ip = randomIp()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: ip,
    headers: { ...FORM, ...(captcha === undefined ? {} : { 'recaptcha-token': captcha }) },
    payload: new URLSearchParams({ grant_type: 'password', username, password }).toString(),
  });
}

/** The test app's APP_URL: the origin the web client calls from. */
const APP_ORIGIN = 'http://atalaya.test';

/** A refresh grant as the browser sends it: the cookie, and the page's Origin (or the one given; null for none). */
function refresh(options: { token?: string; cookie?: string; origin?: string | null; host?: string; payload?: Record<string, string> }) {
  const cookie = options.cookie ?? (options.token ? `atalaya_rt=${options.token}` : undefined);
  const origin = options.origin === undefined ? APP_ORIGIN : options.origin;
  return t.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: randomIp(),
    headers: {
      ...FORM,
      ...(cookie ? { cookie } : {}),
      ...(origin === null ? {} : { origin }),
      ...(options.host ? { host: options.host } : {}),
    },
    payload: new URLSearchParams({ grant_type: 'refresh_token', ...options.payload }).toString(),
  });
}

function logout(options: { cookie: string; origin?: string | null; host?: string }) {
  const origin = options.origin === undefined ? APP_ORIGIN : options.origin;
  return t.app.inject({
    method: 'POST',
    url: '/api/logout',
    headers: { cookie: options.cookie, ...(origin === null ? {} : { origin }), ...(options.host ? { host: options.host } : {}) },
  });
}

async function storedTokensOf(user: TestUser) {
  return t.database.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
}

describe('POST /api/login, password grant', () => {
  it('signs in: the access token in the body, the refresh token only in an HttpOnly SameSite=Strict cookie', async () => {
    const user = await createUser(t.database.db, { role: 'RLF' });
    const response = await passwordLogin(user.email, user.password, await solveCaptcha(t.app));
    expect(response.statusCode).toBe(200);
    const body = response.json<Record<string, unknown>>();
    expect(Object.keys(body).sort()).toEqual(['access_token', 'expires_in', 'token_type']);
    expect(body).toMatchObject({ token_type: 'bearer', expires_in: 900 });
    expect(typeof body.access_token).toBe('string');
    const cookie = response.cookies.find((c) => c.name === 'atalaya_rt');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' });
    expect(response.body).not.toContain(cookie?.value);
    expect(await storedTokensOf(user)).toHaveLength(1);
  });

  it('accepts the e-mail in any letter case', async () => {
    const user = await createUser(t.database.db, { role: 'QPPV' });
    const response = await passwordLogin(user.email.toUpperCase(), user.password, await solveCaptcha(t.app));
    expect(response.statusCode).toBe(200);
  });

  it.each([
    ['a wrong password', 'wrong'],
    ['an unknown user', 'unknown'],
    ['a disabled user', 'disabled'],
  ])('refuses %s with the same message and stores no refresh token', async (_case, kind) => {
    const user = await createUser(t.database.db, { role: 'RLF', isActive: kind !== 'disabled' });
    const email = kind === 'unknown' ? `nadie-${user.id}@test.atalaya` : user.email;
    const password = kind === 'wrong' ? 'otra-clave-123' : user.password;
    const response = await passwordLogin(email, password, await solveCaptcha(t.app));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Message: MSG.login.failed });
    expect(response.cookies.find((c) => c.name === 'atalaya_rt')).toBeUndefined();
    expect(await storedTokensOf(user)).toHaveLength(0);
  });

  it('refuses a missing captcha', async () => {
    const user = await createUser(t.database.db, { role: 'RLF' });
    const response = await passwordLogin(user.email, user.password);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Message: MSG.login.robot });
  });

  it('refuses a wrong captcha solution', async () => {
    const user = await createUser(t.database.db, { role: 'RLF' });
    const solved = JSON.parse(Buffer.from(await solveCaptcha(t.app), 'base64').toString()) as { number: number };
    const wrong = Buffer.from(JSON.stringify({ ...solved, number: solved.number + 1 })).toString('base64');
    const garbage = 'bm90IGEgY2FwdGNoYQ==';
    for (const captcha of [wrong, garbage]) {
      const response = await passwordLogin(user.email, user.password, captcha);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ Message: MSG.login.robot });
    }
    expect(await storedTokensOf(user)).toHaveLength(0);
  });

  it('refuses a captcha solution used before, even after a failed attempt', async () => {
    const user = await createUser(t.database.db, { role: 'RLF' });
    const captcha = await solveCaptcha(t.app);
    expect((await passwordLogin(user.email, 'otra-clave-123', captcha)).statusCode).toBe(400);
    const replay = await passwordLogin(user.email, user.password, captcha);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ Message: MSG.login.robot });
  });

  it('accepts only form-encoded bodies', async () => {
    const user = await createUser(t.database.db, { role: 'RLF' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'recaptcha-token': await solveCaptcha(t.app) },
      payload: { grant_type: 'password', username: user.email, password: user.password },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ Message: MSG.errors.unsupportedMediaType });
  });

  it('refuses an unsupported grant type', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/login', headers: FORM, payload: 'grant_type=client_credentials' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Message: MSG.login.unsupportedGrantType });
  });

  it('limits failed attempts per account with 429, even with the right password afterwards', async () => {
    const user = await createUser(t.database.db, { role: 'RLF' });
    for (let i = 0; i < 5; i += 1) {
      const failed = await passwordLogin(user.email, 'otra-clave-123', await solveCaptcha(t.app));
      expect(failed.statusCode).toBe(400);
    }
    const blocked = await passwordLogin(user.email, user.password, await solveCaptcha(t.app));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ Message: MSG.login.tooManyAttempts });
    expect(await storedTokensOf(user)).toHaveLength(0);
  });
});

describe('POST /api/login, refresh grant', () => {
  it('rotates the token from the cookie; the old one is refused afterwards', async () => {
    const user = await createUser(t.database.db, { role: 'CL' });
    const session = await login(t.app, user);
    const first = await refresh({ cookie: session.cookie });
    expect(first.statusCode).toBe(200);
    const body = first.json<Record<string, unknown>>();
    expect(Object.keys(body).sort()).toEqual(['access_token', 'expires_in', 'token_type']);
    const rotated = first.cookies.find((c) => c.name === 'atalaya_rt')?.value;
    expect(rotated).toBeTruthy();
    expect(rotated).not.toBe(session.refreshToken);
    expect(first.body).not.toContain(rotated);

    const again = await refresh({ cookie: session.cookie });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ Message: MSG.errors.sessionExpired });
  });

  it('counts the password and the refresh grants of an address apart: 60 password grants a minute, while the refresh grant goes on', async () => {
    const address = randomIp();
    const send = (grant: 'password' | 'refresh_token') =>
      t.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: address,
        headers: { ...FORM, origin: APP_ORIGIN },
        payload: new URLSearchParams(grant === 'password' ? { grant_type: 'password', username: 'nadie@test.atalaya', password: 'x' } : { grant_type: 'refresh_token' }).toString(),
      });
    // Refresh grants first (every page load of a signed-in tab sends one): they do not use up the password grant's count.
    for (let i = 0; i < PASSWORD_GRANT_PER_MINUTE + 5; i += 1) expect((await send('refresh_token')).statusCode).toBe(401);
    // Each password grant here lacks its captcha (400) but counts: the next past the limit is 429.
    for (let i = 0; i < PASSWORD_GRANT_PER_MINUTE; i += 1) expect((await send('password')).statusCode).toBe(400);
    const refused = await send('password');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ Message: MSG.errors.tooManyRequests });
    expect((await send('refresh_token')).statusCode).toBe(401);
  });

  it('revokes the whole family when a rotated token is used again', async () => {
    const user = await createUser(t.database.db, { role: 'QPPV' });
    const session = await login(t.app, user);
    const newest = (await refresh({ token: session.refreshToken })).cookies.find((c) => c.name === 'atalaya_rt')?.value;

    expect((await refresh({ token: session.refreshToken })).statusCode).toBe(401);
    // The thief's replay also ends the legitimate session descended from the same sign-in.
    expect((await refresh({ token: newest })).statusCode).toBe(401);
  });

  it('leaves other sign-ins of the same user alone', async () => {
    const user = await createUser(t.database.db, { role: 'QPPV' });
    const stolen = await login(t.app, user);
    const other = await login(t.app, user);
    await refresh({ token: stolen.refreshToken });
    await refresh({ token: stolen.refreshToken });
    expect((await refresh({ token: other.refreshToken })).statusCode).toBe(200);
  });

  it('refuses an expired refresh token with 401', async () => {
    const user = await createUser(t.database.db, { role: 'RLF' });
    const session = await login(t.app, user);
    await t.database.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.tokenHash, sha256Hex(session.refreshToken)));
    const response = await refresh({ token: session.refreshToken });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ Message: MSG.errors.sessionExpired });
  });

  it('refuses a refresh without any token with 401', async () => {
    expect((await refresh({})).statusCode).toBe(401);
  });

  it('reads the refresh token from the cookie only: one in the form body is ignored', async () => {
    const user = await createUser(t.database.db, { role: 'RLF' });
    const session = await login(t.app, user);
    const response = await refresh({ payload: { refresh_token: session.refreshToken } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ Message: MSG.errors.sessionExpired });
    expect((await refresh({ cookie: session.cookie })).statusCode).toBe(200);
  });

  it.each([
    ['another site', 'https://evil.example'],
    ['an opaque origin', 'null'],
    ['no Origin at all', null],
    ['the same host on another port', 'http://atalaya.test:8443'],
  ])('refuses the cookie from %s with 403, and the token stays usable', async (_case, origin) => {
    const user = await createUser(t.database.db, { role: 'RLF' });
    const session = await login(t.app, user);
    const refused = await refresh({ cookie: session.cookie, origin });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ Message: MSG.errors.originNotAllowed });
    expect(refused.cookies.find((c) => c.name === 'atalaya_rt')).toBeUndefined();
    expect((await refresh({ cookie: session.cookie })).statusCode).toBe(200);
  });

  it('accepts the cookie from the host the request was sent to, besides APP_URL', async () => {
    const user = await createUser(t.database.db, { role: 'RLF' });
    const session = await login(t.app, user);
    const response = await refresh({ cookie: session.cookie, origin: 'http://10.1.2.3:8080', host: '10.1.2.3:8080' });
    expect(response.statusCode).toBe(200);
  });

  it('refuses the token of a user disabled since', async () => {
    const user = await createUser(t.database.db, { role: 'RLF' });
    const session = await login(t.app, user);
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await refresh({ token: session.refreshToken })).statusCode).toBe(401);
  });
});

describe('POST /api/logout', () => {
  it('revokes the session of the cookie and clears the cookie', async () => {
    const user = await createUser(t.database.db, { role: 'RLF' });
    const session = await login(t.app, user);
    const response = await logout({ cookie: session.cookie });
    expect(response.statusCode).toBe(204);
    const cleared = response.cookies.find((c) => c.name === 'atalaya_rt');
    expect(cleared?.value).toBe('');
    expect((await refresh({ token: session.refreshToken })).statusCode).toBe(401);
  });

  it.each([
    ['another site', 'https://evil.example'],
    ['no Origin at all', null],
  ])('refuses the cookie from %s with 403 and the session stays alive', async (_case, origin) => {
    const user = await createUser(t.database.db, { role: 'RLF' });
    const session = await login(t.app, user);
    const response = await logout({ cookie: session.cookie, origin });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ Message: MSG.errors.originNotAllowed });
    expect((await refresh({ cookie: session.cookie })).statusCode).toBe(200);
  });

  it('signs out from the page of the same host', async () => {
    const user = await createUser(t.database.db, { role: 'RLF' });
    const session = await login(t.app, user);
    const response = await logout({ cookie: session.cookie, origin: 'https://atalaya.example.org', host: 'atalaya.example.org' });
    expect(response.statusCode).toBe(204);
  });

  it('answers 204 without a cookie, whatever the Origin (nothing to revoke)', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/logout' });
    expect(response.statusCode).toBe(204);
  });
});
