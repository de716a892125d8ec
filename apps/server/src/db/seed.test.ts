import { ROLE_IDS } from '@atalaya/domain';
import { verify } from '@node-rs/argon2';
import { asc, count, eq, getTableName, inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test-support/db.js';
import type { Database, Db } from './client.js';
import {
  codigueras,
  countries,
  menuItems,
  meddraLlt,
  metrics,
  productIngredients,
  products,
  roleMenuItems,
  settings,
  userLaboratories,
  users,
} from './schema/index.js';
import { demoUsers } from './seed/data/index.js';
import { DEMO_PASSWORD, seedDemoCatalogAndUsers, seedReferenceData } from './seed/index.js';

const counted: PgTable[] = [
  countries,
  menuItems,
  roleMenuItems,
  metrics,
  settings,
  products,
  productIngredients,
  meddraLlt,
  userLaboratories,
  ...Object.values(codigueras),
];

async function rowCounts(db: Db): Promise<Record<string, number>> {
  const entries = await Promise.all(
    counted.map(async (table) => {
      const [row] = await db.select({ n: count() }).from(table);
      return [getTableName(table), row?.n ?? 0] as const;
    }),
  );
  return Object.fromEntries(entries);
}

describe('seeding', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedReferenceData(database.db);
    await seedDemoCatalogAndUsers(database.db);
  });
  afterAll(() => database.close());

  it('is idempotent: a second run adds nothing', async () => {
    const before = await rowCounts(database.db);
    await seedReferenceData(database.db);
    await seedDemoCatalogAndUsers(database.db);
    expect(await rowCounts(database.db)).toEqual(before);
    expect(before.products).toBeGreaterThan(0);
    expect(before.meddra_llt).toBeGreaterThan(0);
  });

  it('gives each role the menu of docs/roles.md', async () => {
    const urlsOf = async (roleId: number) =>
      (
        await database.db
          .select({ url: menuItems.url })
          .from(roleMenuItems)
          .innerJoin(menuItems, eq(menuItems.id, roleMenuItems.menuItemId))
          .where(eq(roleMenuItems.roleId, roleId))
          .orderBy(asc(menuItems.sortOrder))
      ).map((row) => row.url);
    expect(await urlsOf(ROLE_IDS.ADMIN)).toEqual([
      '/indicators',
      '/nokpis',
      '/adminusers',
      '/metrics',
      '/settings',
      '/parameters',
      '/audittrail',
      '/dataimport',
      '/myuser',
    ]);
    expect(await urlsOf(ROLE_IDS.Fabricante)).toEqual([
      '/workflow',
      '/eventsearch',
      '/productSearch',
      '/reportableevent',
      '/myuser',
    ]);
  });

  it('creates the demo users with an argon2id hash of the demo password', async () => {
    const emails = demoUsers.map((user) => user.email);
    const rows = await database.db
      .select({ email: users.email, passwordHash: users.passwordHash, roleId: users.roleId })
      .from(users)
      .where(inArray(users.email, emails));
    expect(rows.map((row) => row.email).sort()).toEqual([...emails].sort());
    for (const row of rows) expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    const [first] = rows;
    await expect(verify(first?.passwordHash ?? '', DEMO_PASSWORD)).resolves.toBe(true);
  });

  it('lets new rows be added after the explicit ids of the reference lists', async () => {
    const [row] = await database.db
      .insert(codigueras.Via)
      .values({ value: `TEST-${crypto.randomUUID()}`, descripcion: 'Vía de prueba' })
      .returning({ id: codigueras.Via.id });
    expect(row?.id).toBeGreaterThan(14);
  });
});
