import { changePasswordServerMessage, MSG } from '@atalaya/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, refreshTokens, users } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { bearer, createUser, login, randomIp, solveCaptcha, type TestUser } from '../../test-support/factories.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function post(url: string, options: { token?: string; payload?: object; headers?: Record<string, string> } = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    remoteAddress: randomIp(),
    headers: { ...(options.token ? bearer(options.token) : {}), ...options.headers },
    ...(options.payload ? { payload: options.payload } : {}),
  });
}

async function liveRefreshTokens(user: TestUser) {
  return t.database.db
    .select()
    .from(refreshTokens)
    .where(and(eq(refreshTokens.userId, user.id), isNull(refreshTokens.revokedAt)));
}

function outboxOf(email: string) {
  return t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
}

describe('POST /api/acceptTerms', () => {
  it('marks the terms as accepted for the signed-in user', async () => {
    const user = await createUser(t.database.db, { role: 'RLF', acceptTerms: false });
    const session = await login(t.app, user);
    const response = await post('/api/acceptTerms', { token: session.accessToken });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ AcceptTerms: true });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.acceptTerms).toBe(true);
    expect(row?.acceptTermsAt).toBeInstanceOf(Date);
  });

  it('also accepts a bodiless call sent with a JSON content type', async () => {
    const user = await createUser(t.database.db, { role: 'CL', acceptTerms: false });
    const session = await login(t.app, user);
    const response = await post('/api/acceptTerms', { token: session.accessToken, headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a call without a session with 401', async () => {
    const response = await post('/api/acceptTerms');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ Message: MSG.errors.unauthenticated });
  });

  it('refuses a forged token with 401', async () => {
    const response = await post('/api/acceptTerms', { token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl' });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/userchangepassword (signed in)', () => {
  it('refuses a wrong current password with ERROR_1', async () => {
    const user = await createUser(t.database.db, { role: 'RLF' });
    const session = await login(t.app, user);
    const response = await post('/api/userchangepassword', {
      token: session.accessToken,
      payload: { vieja: 'no-es-la-clave', nueva: 'Nueva-clave-9' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Message: changePasswordServerMessage('vieja', MSG.changePassword.oldIncorrect) });
  });

  it('refuses a short new password with ERROR_2', async () => {
    const user = await createUser(t.database.db, { role: 'RLF' });
    const session = await login(t.app, user);
    const response = await post('/api/userchangepassword', {
      token: session.accessToken,
      payload: { vieja: user.password, nueva: 'corta' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Message: 'ERROR_2 - La contraseña debe tener más de 6 caracteres' });
  });

  it('refuses the same password again with ERROR_2', async () => {
    const user = await createUser(t.database.db, { role: 'RLF' });
    const session = await login(t.app, user);
    const response = await post('/api/userchangepassword', {
      token: session.accessToken,
      payload: { vieja: user.password, nueva: user.password },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Message: changePasswordServerMessage('nueva', MSG.changePassword.sameAsOld) });
  });

  it('changes the password and ends every session of the user', async () => {
    const user = await createUser(t.database.db, { role: 'QPPV' });
    const session = await login(t.app, user);
    await login(t.app, user);
    expect(await liveRefreshTokens(user)).toHaveLength(2);

    const response = await post('/api/userchangepassword', {
      token: session.accessToken,
      payload: { vieja: user.password, nueva: 'Nueva-clave-9' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ Message: MSG.changePassword.success });
    expect(await liveRefreshTokens(user)).toHaveLength(0);
    await expect(login(t.app, { email: user.email, password: 'Nueva-clave-9' })).resolves.toBeDefined();
    await expect(login(t.app, user)).rejects.toThrow(/400/);
  });

  it('requires a session for the { vieja, nueva } variant', async () => {
    const response = await post('/api/userchangepassword', { payload: { vieja: 'x', nueva: 'Nueva-clave-9' } });
    expect(response.statusCode).toBe(401);
  });
});

describe('password reset', () => {
  async function requestReset(email: string, captcha?: string) {
    return post('/api/userresetpassword', {
      payload: { email },
      headers: { 'recaptcha-token': captcha ?? (await solveCaptcha(t.app)) },
    });
  }

  function linkToken(text: string): string {
    const match = /\/changepassword\?token=([A-Za-z0-9_-]+)/.exec(text);
    if (!match?.[1]) throw new Error(`No reset link in: ${text}`);
    return match[1];
  }

  it('queues exactly one e-mail with a link for a known user', async () => {
    const user = await createUser(t.database.db, { role: 'RLF' });
    const response = await requestReset(user.email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ Message: MSG.login.resetRequested });
    const mails = await outboxOf(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('http://atalaya.test/changepassword?token=');
  });

  it('answers the same for an unknown e-mail and queues nothing', async () => {
    const email = `nadie-${Date.now()}@test.atalaya`;
    const response = await requestReset(email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ Message: MSG.login.resetRequested });
    expect(await outboxOf(email)).toHaveLength(0);
  });

  it('requires a captcha, and each solution works once', async () => {
    const user = await createUser(t.database.db, { role: 'RLF' });
    const missing = await post('/api/userresetpassword', { payload: { email: user.email } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ Message: MSG.login.robot });

    const captcha = await solveCaptcha(t.app);
    expect((await requestReset(user.email, captcha)).statusCode).toBe(200);
    expect((await requestReset(user.email, captcha)).statusCode).toBe(400);
    expect(await outboxOf(user.email)).toHaveLength(1);
  });

  it('lets the link set a new password once, and ends the sessions', async () => {
    const user = await createUser(t.database.db, { role: 'Fabricante', country: 'AR' });
    await login(t.app, user);
    await requestReset(user.email);
    const [mail] = await outboxOf(user.email);
    const token = linkToken(mail?.text ?? '');

    const first = await post('/api/userchangepassword', { payload: { token, nueva: 'Desde-el-enlace-1' } });
    expect(first.statusCode).toBe(200);
    expect(await liveRefreshTokens(user)).toHaveLength(0);
    await expect(login(t.app, { email: user.email, password: 'Desde-el-enlace-1' })).resolves.toBeDefined();

    const second = await post('/api/userchangepassword', { payload: { token, nueva: 'Otra-vez-clave-2' } });
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({ Message: MSG.changePassword.invalidLink });
  });
});

describe('POST /api/logedUserSignature', () => {
  it('signs with the user’s own e-mail and password', async () => {
    const user = await createUser(t.database.db, { role: 'QPPV' });
    const session = await login(t.app, user);
    const response = await post('/api/logedUserSignature', {
      token: session.accessToken,
      payload: { userEmail: user.email, password: user.password, comment: 'Anulación por duplicado' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ Signed: boolean; Date: string }>();
    expect(body.Signed).toBe(true);
    expect(Number.isNaN(Date.parse(body.Date))).toBe(false);
  });

  it('refuses a wrong password or another user’s e-mail', async () => {
    const user = await createUser(t.database.db, { role: 'QPPV' });
    const other = await createUser(t.database.db, { role: 'QPPV' });
    const session = await login(t.app, user);
    for (const payload of [
      { userEmail: user.email, password: 'no-es-la-clave' },
      { userEmail: other.email, password: other.password },
    ]) {
      const response = await post('/api/logedUserSignature', { token: session.accessToken, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ Message: MSG.signature.failed });
    }
  });

  it('refuses a missing password with the form’s message', async () => {
    const user = await createUser(t.database.db, { role: 'QPPV' });
    const session = await login(t.app, user);
    const response = await post('/api/logedUserSignature', { token: session.accessToken, payload: { userEmail: user.email } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Message: MSG.signature.passwordRequired });
  });
});
