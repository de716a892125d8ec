import { randomUUID } from 'node:crypto';
import { MSG, type Role, type UserCreateInput, type UserFilters, type UserListResult, type UserWithDetails } from '@atalaya/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, countries, mailOutbox, passwordResetTokens, specialities, users } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { bearer, createUser, login, randomIp, type TestUser } from '../../test-support/factories.js';

let t: TestApp;
const sessions = {} as Record<Role, { user: TestUser; headers: { authorization: string } }>;
let specialityId: number;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  for (const role of ['ADMIN', 'QPPV', 'RLF', 'CL', 'Fabricante'] as const) {
    const user = await createUser(db, { role });
    sessions[role] = { user, headers: bearer((await login(t.app, user)).accessToken) };
  }
  const [speciality] = await db.select({ id: specialities.id }).from(specialities).where(eq(specialities.eliminado, false)).limit(1);
  if (!speciality) throw new Error('no speciality seeded');
  specialityId = speciality.id;
});
afterAll(() => t.close());

function call(method: 'GET' | 'POST', url: string, as: Role, payload?: object) {
  return t.app.inject({ method, url, headers: sessions[as].headers, remoteAddress: randomIp(), ...(payload ? { payload } : {}) });
}

function newUserBody(overrides: Partial<UserCreateInput> = {}): UserCreateInput {
  return {
    Email: `Nuevo-${randomUUID()}@Test.Atalaya`,
    FirstName: 'Ana',
    LastName: 'Suárez',
    Country: 'UY',
    UserType: 'CL',
    Speciality: { Id: specialityId },
    ...overrides,
  };
}

async function created(as: Role = 'ADMIN', overrides: Partial<UserCreateInput> = {}): Promise<string> {
  const response = await call('POST', '/api/createUserDetails', as, newUserBody(overrides));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ UserID: string }>().UserID;
}

async function stored(id: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error('user not stored');
  return row;
}

async function auditOf(id: string) {
  return t.database.db.select().from(auditLog).where(eq(auditLog.pkId, id)).orderBy(auditLog.id);
}

function details(user: Awaited<ReturnType<typeof stored>>, overrides: Record<string, unknown> = {}) {
  return {
    UserID: user.id,
    Email: user.email,
    FirstName: user.firstName,
    LastName: user.lastName,
    Country: 'UY',
    UserType: (['', 'ADMIN', 'QPPV', 'RLF', 'CL', 'Fabricante'] as const)[user.roleId],
    Speciality: { Id: user.specialityId ?? specialityId },
    ...overrides,
  };
}

describe('POST /api/createUserDetails', () => {
  it('creates a user with a lower-cased e-mail, no usable password, an audit row and a set-password link in the outbox', async () => {
    const body = newUserBody();
    const response = await call('POST', '/api/createUserDetails', 'QPPV', body);
    expect(response.statusCode).toBe(200);
    const id = response.json<{ UserID: string }>().UserID;
    const user = await stored(id);
    expect(user).toMatchObject({ email: body.Email.toLowerCase(), firstName: 'Ana', lastName: 'Suárez', roleId: 4, isActive: true, acceptTerms: false });
    expect(user.passwordHash.startsWith('$argon2')).toBe(false);
    // No password signs in.
    const signIn = t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: randomIp(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'password', username: user.email, password: user.passwordHash }).toString(),
    });
    expect((await signIn).statusCode).not.toBe(200);

    const [audit] = await auditOf(id);
    expect(audit).toMatchObject({ kind: 'user.created', instance: 'Usuarios', operationType: 'I', userId: sessions.QPPV.user.id });
    expect(audit?.newValues).toMatchObject({ Email: user.email, UserType: 'CL', IsActive: true });
    expect(JSON.stringify(audit?.newValues)).not.toContain(user.passwordHash);

    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
    expect(mails).toHaveLength(1);
    const link = /http:\/\/atalaya\.test\/changepassword\?token=([\w%-]+)/.exec(mails[0]?.text ?? '');
    expect(link).not.toBeNull();
    const [token] = await t.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, id));
    expect(token?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 24 * 3600_000);

    // The link sets the password (the web's /changepassword?token= page calls this), once.
    const set = await t.app.inject({ method: 'POST', url: '/api/userchangepassword', remoteAddress: randomIp(), payload: { token: decodeURIComponent(link?.[1] ?? ''), nueva: 'Clave-Nueva-2026' } });
    expect(set.statusCode).toBe(200);
    await expect(login(t.app, { email: user.email, password: 'Clave-Nueva-2026' })).resolves.toMatchObject({ accessToken: expect.any(String) as string });
    const again = await t.app.inject({ method: 'POST', url: '/api/userchangepassword', remoteAddress: randomIp(), payload: { token: decodeURIComponent(link?.[1] ?? ''), nueva: 'Otra-Clave-2026' } });
    expect(again.statusCode).toBe(400);
  });

  it('refuses an e-mail already used, in any case, with 409 and writes nothing', async () => {
    const email = `repetido-${randomUUID()}@test.atalaya`;
    await created('ADMIN', { Email: email });
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
    const response = await call('POST', '/api/createUserDetails', 'ADMIN', newUserBody({ Email: email.toUpperCase() }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ Message: MSG.users.emailTaken });
    expect(await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users)).toEqual(before);
  });

  it('reports the first failing field in the spec order (docs/api.md), placeholders counting as empty', async () => {
    const cases: [Partial<Record<keyof UserCreateInput, unknown>>, string][] = [
      [{ Email: '', FirstName: '', LastName: '', Country: 'none', UserType: undefined, Speciality: { Id: 'Seleccionar...' } }, MSG.users.emailRequired],
      [{ FirstName: '  ', LastName: '', Country: 'none' }, MSG.users.firstNameRequired],
      [{ LastName: '   ', Country: 'Seleccionar...' }, MSG.users.lastNameRequired],
      [{ Country: 'none', UserType: 'nadie' }, MSG.users.countryRequired],
      [{ UserType: 'nadie', Speciality: { Id: 'none' } }, MSG.users.roleRequired],
      [{ Speciality: { Id: 'Seleccionar...' } }, MSG.users.specialityRequired],
      [{ Email: 'no-es-correo' }, MSG.generic.emailFormat],
      [{ FirstName: 'x'.repeat(10_000) }, MSG.generic.maxLength(200)],
      [{ LastName: 'x'.repeat(201) }, MSG.generic.maxLength(200)],
    ];
    for (const [overrides, message] of cases) {
      const response = await call('POST', '/api/createUserDetails', 'ADMIN', { ...newUserBody(), ...overrides });
      expect(response.statusCode, JSON.stringify(overrides).slice(0, 80)).toBe(400);
      expect(response.json()).toMatchObject({ Message: message });
    }
  });

  it('refuses an unknown or disabled country or speciality, a NUL and an out-of-range id with 400', async () => {
    const db = t.database.db;
    const code = `Z${randomUUID().slice(0, 3).toUpperCase()}`;
    await db.insert(countries).values({ code, name: `Cerrado ${code}`, timeZone: 'UTC', eliminado: true });
    const [disabled] = await db.insert(specialities).values({ value: `OFF-${randomUUID()}`, description: 'Deshabilitada', eliminado: true }).returning({ id: specialities.id });
    const cases: [Partial<UserCreateInput> | Record<string, unknown>, string][] = [
      [{ Country: 'QQ' }, MSG.users.countryUnknown],
      [{ Country: code }, MSG.users.countryDisabled],
      [{ Speciality: { Id: 999_999 } }, MSG.users.specialityUnknown],
      [{ Speciality: { Id: 99_999_999_999 } }, MSG.users.specialityUnknown],
      [{ Speciality: { Id: disabled?.id ?? 0 } }, MSG.users.specialityDisabled],
    ];
    for (const [overrides, message] of cases) {
      const body = newUserBody(overrides as Partial<UserCreateInput>);
      const response = await call('POST', '/api/createUserDetails', 'ADMIN', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ Message: message });
      expect(await db.select({ id: users.id }).from(users).where(eq(users.email, body.Email.toLowerCase()))).toEqual([]);
    }
    const nul = await call('POST', '/api/createUserDetails', 'ADMIN', newUserBody({ FirstName: 'A\u0000na' }));
    expect(nul.statusCode).toBe(400);
  });

  it('lets only ADMIN give the ADMIN role, and only ADMIN and QPPV create users', async () => {
    const refused = await call('POST', '/api/createUserDetails', 'QPPV', newUserBody({ UserType: 'ADMIN' }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ Message: MSG.users.adminRoleNotAllowed });
    expect((await stored(await created('ADMIN', { UserType: 'ADMIN' }))).roleId).toBe(1);
    for (const role of ['RLF', 'CL', 'Fabricante'] as const) {
      const response = await call('POST', '/api/createUserDetails', role, newUserBody());
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ Message: MSG.errors.forbidden });
    }
  });
});

describe('POST /api/updateUserDetails', () => {
  it('updates another user (names, country, speciality, role, active) with an audit row of the old and new values', async () => {
    const id = await created();
    const user = await stored(id);
    const response = await call('POST', '/api/updateUserDetails', 'QPPV', details(user, { FirstName: 'Beatriz', Country: 'AR', UserType: 'Fabricante' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ UserID: id });
    expect(await stored(id)).toMatchObject({ firstName: 'Beatriz', roleId: 5, updatedBy: sessions.QPPV.user.id });
    const audit = (await auditOf(id)).at(-1);
    expect(audit).toMatchObject({ kind: 'user.updated', instance: 'Usuarios', operationType: 'U' });
    expect(audit?.oldValues).toMatchObject({ FirstName: 'Ana', UserType: 'CL' });
    expect(audit?.newValues).toMatchObject({ FirstName: 'Beatriz', UserType: 'Fabricante' });
    expect(audit?.newValues).not.toHaveProperty('LastName');

    await call('POST', '/api/updateUserDetails', 'ADMIN', details(await stored(id), { IsActive: false }));
    expect((await auditOf(id)).at(-1)).toMatchObject({ kind: 'user.disabled', oldValues: { IsActive: true }, newValues: { IsActive: false } });
    await call('POST', '/api/updateUserDetails', 'ADMIN', details(await stored(id), { IsActive: true }));
    expect((await auditOf(id)).at(-1)).toMatchObject({ kind: 'user.enabled' });
  });

  it('never changes the e-mail (400), and answers 404 for an unknown user', async () => {
    const user = await stored(await created());
    const changed = await call('POST', '/api/updateUserDetails', 'ADMIN', details(user, { Email: `otro-${randomUUID()}@test.atalaya` }));
    expect(changed.statusCode).toBe(400);
    expect(changed.json()).toMatchObject({ Message: MSG.users.emailUnchangeable });
    // The same address in other letters is the same address.
    expect((await call('POST', '/api/updateUserDetails', 'ADMIN', details(user, { Email: user.email.toUpperCase() }))).statusCode).toBe(200);
    for (const UserID of [randomUUID(), 'no-es-un-id', 12]) {
      const response = await call('POST', '/api/updateUserDetails', 'ADMIN', details(user, { UserID }));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ Message: MSG.users.notFound });
    }
  });

  it('keeps a QPPV off ADMIN users and the ADMIN role', async () => {
    const admin = await stored(await created('ADMIN', { UserType: 'ADMIN' }));
    const onAdmin = await call('POST', '/api/updateUserDetails', 'QPPV', details(admin, { FirstName: 'Otro' }));
    expect(onAdmin.statusCode).toBe(403);
    expect(onAdmin.json()).toMatchObject({ Message: MSG.users.adminUserNotAllowed });
    const cl = await stored(await created());
    const promote = await call('POST', '/api/updateUserDetails', 'QPPV', details(cl, { UserType: 'ADMIN' }));
    expect(promote.statusCode).toBe(403);
    expect(promote.json()).toMatchObject({ Message: MSG.users.adminRoleNotAllowed });
    expect((await stored(cl.id)).roleId).toBe(4);
    expect((await stored(admin.id)).firstName).toBe('Ana');
  });

  it('lets every role update its own names, country and speciality (Mí usuario), but not its role, active flag nor e-mail', async () => {
    for (const role of ['ADMIN', 'QPPV', 'RLF', 'CL', 'Fabricante'] as const) {
      const own = await createUser(t.database.db, { role });
      const headers = bearer((await login(t.app, own)).accessToken);
      const me = await stored(own.id);
      const post = (payload: object) => t.app.inject({ method: 'POST', url: '/api/updateUserDetails', headers, payload });
      const ok = await post(details(me, { FirstName: 'Propio', LastName: 'Cambio', Country: 'AR' }));
      expect(ok.statusCode, `${role}: ${ok.body}`).toBe(200);
      expect(await stored(own.id)).toMatchObject({ firstName: 'Propio', lastName: 'Cambio' });
      const mine = await t.app.inject({ method: 'GET', url: '/api/getMyUser', headers });
      expect(mine.json<UserWithDetails>().Details).toMatchObject({ FirstName: 'Propio', Country: 'AR' });

      const newRole = role === 'CL' ? 'RLF' : 'CL';
      const roleChange = await post(details(me, { UserType: newRole }));
      expect(roleChange.statusCode).toBe(403);
      expect(roleChange.json()).toMatchObject({ Message: MSG.users.ownRole });
      const deactivate = await post(details(me, { IsActive: false }));
      expect(deactivate.statusCode).toBe(403);
      expect(deactivate.json()).toMatchObject({ Message: MSG.users.ownActive });
      const email = await post(details(me, { Email: `otro-${randomUUID()}@test.atalaya` }));
      expect(email.statusCode).toBe(400);
      expect(email.json()).toMatchObject({ Message: MSG.users.emailUnchangeable });
      expect(await stored(own.id)).toMatchObject({ roleId: me.roleId, isActive: true, email: me.email });
    }
  });

  it('refuses a role that does not administer users another user, 403', async () => {
    const other = await stored(await created());
    for (const role of ['RLF', 'CL', 'Fabricante'] as const) {
      const response = await call('POST', '/api/updateUserDetails', role, details(other, { FirstName: 'Intruso' }));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ Message: MSG.users.othersNotAllowed });
    }
    expect((await stored(other.id)).firstName).toBe('Ana');
  });
});

describe('GET /api/getUserDetails/:id and getMyUser', () => {
  it('answers the user with details and laboratory grants, 404 for an unknown id', async () => {
    const id = await created('ADMIN', { FirstName: 'Clara', LastName: 'Núñez' });
    const response = await call('GET', `/api/getUserDetails/${id}`, 'QPPV');
    expect(response.statusCode).toBe(200);
    expect(response.json<UserWithDetails>()).toMatchObject({ UserID: id, Id: id, Name: 'Clara Núñez', Rol: 'CL', Country: 'UY', Laboratories: [], Details: { FirstName: 'Clara', LastName: 'Núñez', UserType: 'CL', IsActive: true, Speciality: { Id: specialityId } } });
    for (const unknown of [randomUUID(), 'x', '1']) {
      const missing = await call('GET', `/api/getUserDetails/${unknown}`, 'ADMIN');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ Message: MSG.users.notFound });
    }
    expect((await call('GET', `/api/getUserDetails/${id}`, 'RLF')).statusCode).toBe(403);
  });
});

describe('POST /api/getUsersByFilters and GET /api/getUserFilters', () => {
  it('filters by name and e-mail contained, country, role and enabled, orders and pages', async () => {
    const tag = randomUUID().slice(0, 8);
    const ids = {
      a: await created('ADMIN', { FirstName: 'Zoe', LastName: `Alba ${tag}`, Country: 'UY', UserType: 'CL' }),
      b: await created('ADMIN', { FirstName: 'Ana', LastName: `Bravo ${tag}`, Country: 'AR', UserType: 'RLF' }),
      c: await created('ADMIN', { FirstName: 'Luis', LastName: `Cano ${tag}`, Country: 'UY', UserType: 'CL', IsActive: false }),
    };
    const list = async (filter: object) => {
      const response = await call('POST', '/api/getUsersByFilters', 'QPPV', { name: tag, ...filter });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<UserListResult>();
    };
    const names = (result: UserListResult) => result.Result.map((row) => row.Name);
    expect(names(await list({}))).toEqual([`Alba ${tag}, Zoe`, `Bravo ${tag}, Ana`, `Cano ${tag}, Luis`]);
    expect(names(await list({ orderBy: 'Nombre DESC' }))).toEqual([`Cano ${tag}, Luis`, `Bravo ${tag}, Ana`, `Alba ${tag}, Zoe`]);
    expect((await list({ country: 'AR' })).Result.map((row) => row.UserID)).toEqual([ids.b]);
    expect((await list({ userType: 'CL', isActive: false })).Result.map((row) => row.UserID)).toEqual([ids.c]);
    expect((await list({ country: 'none', userType: 'Seleccionar...', email: '' })).Total).toBe(3);
    expect((await list({ name: `ana bravo ${tag}` })).Result.map((row) => row.UserID)).toEqual([ids.b]);
    const paged = await list({ pageSize: 2, pageNumber: 2 });
    expect(paged).toMatchObject({ Total: 3, PageCount: 2, PageNumber: 2, PageBack: true, PageNext: false });
    expect(paged.Result[0]).toMatchObject({ UserID: ids.c, Rol: 'CL', Country: 'UY', CountryName: 'Uruguay', IsActive: false });
    // A LIKE wildcard is a literal character.
    expect((await list({ name: '%' })).Total).toBe(0);

    const badOrder = await call('POST', '/api/getUsersByFilters', 'ADMIN', { orderBy: 'Clave ASC' });
    expect(badOrder.statusCode).toBe(400);
    expect(badOrder.json()).toMatchObject({ Message: MSG.users.orderInvalid });
    const badRole = await call('POST', '/api/getUsersByFilters', 'ADMIN', { userType: 'Jefe' });
    expect(badRole.json()).toMatchObject({ Message: MSG.users.roleUnknown });
    expect((await call('POST', '/api/getUsersByFilters', 'ADMIN', { name: 'x'.repeat(10_000) })).statusCode).toBe(400);
    const unknownField = await call('POST', '/api/getUsersByFilters', 'ADMIN', { nombre: 'Ana' });
    expect(unknownField.statusCode).toBe(400);
    expect(unknownField.json()).toMatchObject({ Message: MSG.users.filterUnknownField });
    expect((await call('POST', '/api/getUsersByFilters', 'CL', {})).statusCode).toBe(403);
  });

  it('offers the roles the caller may give', async () => {
    const roles = async (as: Role) => (await call('GET', '/api/getUserFilters', as)).json<UserFilters>().Roles.map((role) => role.Name);
    expect(await roles('ADMIN')).toEqual(['ADMIN', 'QPPV', 'RLF', 'CL', 'Fabricante']);
    expect(await roles('QPPV')).toEqual(['QPPV', 'RLF', 'CL', 'Fabricante']);
    expect(await roles('CL')).toEqual(['CL']);
    const filters = (await call('GET', '/api/getUserFilters', 'ADMIN')).json<UserFilters>();
    expect(filters.Paises.map((country) => country.Codigo)).toContain('UY');
    expect(filters.Especialidades.map((speciality) => speciality.Id)).toContain(specialityId);
  });
});

describe('audit rows', () => {
  it('never carry a password hash', async () => {
    const rows = await t.database.db.select({ oldValues: auditLog.oldValues, newValues: auditLog.newValues }).from(auditLog).where(and(eq(auditLog.instance, 'Usuarios')));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(JSON.stringify(row)).not.toMatch(/argon2|unusable|passwordHash/);
  });
});
