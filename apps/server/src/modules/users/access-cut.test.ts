import { MSG, type Role } from '@atalaya/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, users } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createProduct } from '../../test-support/catalog.js';
import { createCase, laboratoryOfProduct } from '../../test-support/cases.js';
import { bearer, createUser, login, randomIp, type LoginResult, type TestUser } from '../../test-support/factories.js';
import { connected, disconnectOpenedClients, type Listener } from '../../test-support/hub-client.js';
import { loadAuthKeys } from '../auth/index.js';

afterEach(disconnectOpenedClients);

let t: TestApp;
let admin: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  admin = bearer((await login(t.app, await createUser(t.database.db, { role: 'ADMIN' }))).accessToken);
});
afterAll(() => t.close());

/** A signed-in user with an open session (access token, refresh cookie) and an open hub socket. */
async function openSession(role: Role, options: Parameters<typeof createUser>[1] extends infer O ? Partial<O> : never = {}) {
  const user = await createUser(t.database.db, { ...options, role });
  const session = await login(t.app, user);
  const socket = await connected(t.app, session.accessToken);
  return { user, session, socket };
}

function disconnected(listener: Listener): Promise<string> {
  return new Promise((resolve) => {
    if (!listener.socket.connected) resolve('already');
    listener.socket.once('disconnect', (reason) => resolve(reason));
  });
}

async function details(user: TestUser, overrides: Record<string, unknown>) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
  return { UserID: user.id, Email: row?.email, FirstName: row?.firstName, LastName: row?.lastName, Country: 'UY', UserType: user.role, Speciality: { Id: 1 }, ...overrides };
}

function update(body: object) {
  return t.app.inject({ method: 'POST', url: '/api/updateUserDetails', headers: admin, remoteAddress: randomIp(), payload: body });
}

function refresh(session: LoginResult) {
  return t.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: randomIp(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: session.cookie, origin: 'http://atalaya.test' },
    payload: 'grant_type=refresh_token',
  });
}

const myUser = (session: LoginResult) => t.app.inject({ method: 'GET', url: '/api/getMyUser', headers: bearer(session.accessToken) });

describe('a change of a user’s access takes effect at once', () => {
  it('disabling: the next request is refused, the refresh cookie no longer works, the open socket is cut', async () => {
    const { user, session, socket } = await openSession('CL');
    // Before: the session works and refreshes.
    expect((await myUser(session)).statusCode).toBe(200);
    const cut = disconnected(socket);
    expect((await update(await details(user, { IsActive: false }))).statusCode).toBe(200);

    const refused = await myUser(session);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ Message: MSG.errors.sessionExpired });
    expect(await t.database.db.select().from(refreshTokens).where(and(eq(refreshTokens.userId, user.id), isNull(refreshTokens.revokedAt)))).toEqual([]);
    expect((await refresh(session)).statusCode).toBe(401);
    expect(await cut).toBe('io server disconnect');
    // And a new socket with the old token is refused.
    await expect(connected(t.app, session.accessToken)).rejects.toThrow(MSG.errors.sessionExpired);
  });

  it('a role change: the old token and refresh cookie stop working, the socket is cut', async () => {
    const { user, session, socket } = await openSession('CL');
    const cut = disconnected(socket);
    expect((await update(await details(user, { UserType: 'Fabricante' }))).statusCode).toBe(200);
    expect((await myUser(session)).statusCode).toBe(401);
    expect((await refresh(session)).statusCode).toBe(401);
    expect(await cut).toBe('io server disconnect');
    // Signing in again gives the new role.
    const again = await login(t.app, user);
    expect((await myUser(again)).json()).toMatchObject({ Rol: 'Fabricante' });
  });

  it('a change of names only keeps the session and the socket', async () => {
    const { user, session, socket } = await openSession('CL');
    expect((await update(await details(user, { FirstName: 'Nuevo' }))).statusCode).toBe(200);
    expect((await myUser(session)).statusCode).toBe(200);
    expect((await refresh(session)).statusCode).toBe(200);
    expect(socket.socket.connected).toBe(true);
  });

  it('a laboratory change: the next request reads the new grants; the socket is cut so it rejoins', async () => {
    const product = await createProduct(t.database.db, { countries: ['UY'] });
    const laboratoryId = await laboratoryOfProduct(t.database.db, product.id);
    const creator = await createUser(t.database.db, { role: 'RLF' });
    const found = await createCase(t.database.db, { createdBy: creator.id, productIds: [product.id] });
    const { user, session, socket } = await openSession('Fabricante', { laboratories: [{ laboratoryId }] });
    const read = () => t.app.inject({ method: 'GET', url: `/api/getERByMeta/${found.meta}`, headers: bearer(session.accessToken) });
    expect((await read()).statusCode).toBe(200);
    const cut = disconnected(socket);
    const [grant] = (await t.app.inject({ method: 'GET', url: `/api/getUserDetails/${user.id}`, headers: admin })).json<{ Laboratories: { Id: number }[] }>().Laboratories;
    const removed = await t.app.inject({ method: 'POST', url: '/api/deleteLaboratoryUser', headers: admin, payload: { userId: user.id, grantId: grant?.Id } });
    expect(removed.statusCode).toBe(200);
    expect((await read()).statusCode).toBe(404);
    expect(await cut).toBe('io server disconnect');
    // The session itself goes on.
    expect((await myUser(session)).statusCode).toBe(200);
  });

  it('a socket is disconnected when its access token expires', async () => {
    const user = await createUser(t.database.db, { role: 'CL' });
    const keys = await loadAuthKeys(t.database.db, t.config);
    const now = Math.floor(Date.now() / 1000);
    const shortLived = await new SignJWT({ rol: 'CL', country: 'UY', email: user.email })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setIssuer('atalaya')
      .setIssuedAt(now)
      .setExpirationTime(now + 2)
      .sign(keys.accessTokenKey);
    const listener = await connected(t.app, shortLived);
    const started = Date.now();
    expect(await disconnected(listener)).toBe('io server disconnect');
    expect(Date.now() - started).toBeLessThan(4000);
  });
});
