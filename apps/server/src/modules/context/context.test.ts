import { MSG, type Role } from '@atalaya/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { bearer, createUser, login } from '../../test-support/factories.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Context {
  User: {
    Id: string;
    Rol: Role;
    Url: string;
    MenuItems: { URL: string; NameES: string; Menu: string | null; Order: number }[];
    AcceptTerms: boolean;
    Country: string;
    Email: string;
    Name: string;
    TimeZone: string;
  };
  SessionTimeout: number;
  Paises: { Codigo: string }[];
  Status: { Id: number; Estado: string }[];
  SubGrupos: { Id: number; GrupoId: number }[];
}

/** docs/roles.md: the allowed URLs and the home URL of each role. */
const EXPECTED: Record<Role, { home: string; urls: string[] }> = {
  ADMIN: {
    home: '/adminusers',
    urls: ['/indicators', '/nokpis', '/adminusers', '/metrics', '/settings', '/parameters', '/audittrail', '/dataimport', '/myuser'],
  },
  QPPV: {
    home: '/workflow',
    urls: ['/workflow', '/eventsearch', '/productSearch', '/indicators', '/nokpis', '/duplicates', '/signals', '/signalregister', '/adminusers', '/metrics', '/parameters', '/audittrail', '/reportableevent', '/myuser'],
  },
  RLF: { home: '/workflow', urls: ['/workflow', '/eventsearch', '/productSearch', '/indicators', '/nokpis', '/signals', '/reportableevent', '/myuser'] },
  CL: { home: '/eventsearch', urls: ['/workflow', '/eventsearch', '/productSearch', '/indicators', '/signals', '/signalregister', '/reportableevent', '/myuser'] },
  Fabricante: { home: '/workflow', urls: ['/workflow', '/eventsearch', '/productSearch', '/reportableevent', '/myuser'] },
};

async function getContext(accessToken?: string) {
  return t.app.inject({ method: 'GET', url: '/api/getContext', headers: accessToken ? bearer(accessToken) : {} });
}

describe('GET /api/getContext', () => {
  it.each(Object.keys(EXPECTED) as Role[])('gives a %s user their menu and home URL', async (role) => {
    const user = await createUser(t.database.db, { role });
    const session = await login(t.app, user);
    const response = await getContext(session.accessToken);
    expect(response.statusCode).toBe(200);
    const { User } = response.json<Context>();
    expect(User).toMatchObject({ Id: user.id, Rol: role, Url: EXPECTED[role].home, Country: 'UY', Email: user.email, AcceptTerms: true });
    expect(User.MenuItems.map((item) => item.URL).sort()).toEqual([...EXPECTED[role].urls].sort());
    const orders = User.MenuItems.map((item) => item.Order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
  });

  it('hides /reportableevent and /myuser from the menus but allows them', async () => {
    const user = await createUser(t.database.db, { role: 'RLF' });
    const { User } = (await getContext((await login(t.app, user)).accessToken)).json<Context>();
    const hidden = User.MenuItems.filter((item) => item.Menu === null).map((item) => item.URL);
    expect(hidden.sort()).toEqual(['/myuser', '/reportableevent']);
  });

  it('allows QPPV and CL the old /signalregister (it redirects to the register tab of /signals) without a menu entry', async () => {
    for (const role of ['QPPV', 'CL'] as const) {
      const { User } = (await getContext((await login(t.app, await createUser(t.database.db, { role }))).accessToken)).json<Context>();
      expect(User.MenuItems.filter((item) => item.Menu === null).map((item) => item.URL).sort(), role).toEqual(['/myuser', '/reportableevent', '/signalregister']);
    }
  });

  it('carries the session timeout, the time zone, the terms flag and the reference data', async () => {
    const user = await createUser(t.database.db, { role: 'RLF', acceptTerms: false });
    const body = (await getContext((await login(t.app, user)).accessToken)).json<Context>();
    expect(body.SessionTimeout).toBe(30);
    expect(body.User.TimeZone).toBe('America/Montevideo');
    expect(body.User.AcceptTerms).toBe(false);
    expect(body.User.Name).toBe('Prueba RLF');
    expect(body.Paises.map((p) => p.Codigo)).toContain('UY');
    expect(body.Status).toContainEqual({ Id: 11, Estado: 'Anulado' });
    expect(body.SubGrupos.length).toBeGreaterThan(0);
  });

  it('refuses a call without a session with 401', async () => {
    const response = await getContext();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ Message: MSG.errors.unauthenticated });
  });

  it('refuses a user disabled after signing in', async () => {
    const user = await createUser(t.database.db, { role: 'CL' });
    const session = await login(t.app, user);
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await getContext(session.accessToken)).statusCode).toBe(401);
  });
});

describe('GET /api/getMyUser', () => {
  it('gives the signed-in user with details and laboratories', async () => {
    const user = await createUser(t.database.db, { role: 'Fabricante', country: 'AR' });
    const session = await login(t.app, user);
    const response = await t.app.inject({ method: 'GET', url: '/api/getMyUser', headers: bearer(session.accessToken) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      UserID: user.id,
      Id: user.id,
      Name: 'Prueba Fabricante',
      Email: user.email,
      Rol: 'Fabricante',
      Country: 'AR',
      Details: {
        UserID: user.id,
        FirstName: 'Prueba',
        LastName: 'Fabricante',
        Email: user.email,
        Country: 'AR',
        UserType: 'Fabricante',
        Speciality: { Id: null },
        IsActive: true,
      },
      Laboratories: [],
    });
  });
});
