import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test-support/db.js';
import type { Database } from './client.js';
import { auditLog } from './schema/index.js';

// Drizzle wraps the database error: its message is in `cause`.
const refused = { cause: expect.objectContaining({ message: expect.stringMatching(/^append-only table: audit_log/) }) };

describe('audit rows are append-only', () => {
  let database: Database;
  let id: number;
  const description = `append-only check ${crypto.randomUUID()}`;

  beforeAll(async () => {
    database = await createTestDatabase();
    const [row] = await database.db
      .insert(auditLog)
      .values({ operationType: 'U', instance: 'Configuracion', description, newValues: { smtp: 'x' } })
      .returning({ id: auditLog.id });
    id = row?.id ?? 0;
  });
  afterAll(() => database.close());

  it('refuses UPDATE', async () => {
    await expect(
      database.db.update(auditLog).set({ description: 'changed' }).where(eq(auditLog.id, id)),
    ).rejects.toMatchObject(refused);
  });

  it('refuses DELETE', async () => {
    await expect(database.db.delete(auditLog).where(eq(auditLog.id, id))).rejects.toMatchObject(refused);
  });

  it('refuses TRUNCATE', async () => {
    await expect(database.db.execute(sql`truncate audit_log`)).rejects.toMatchObject(refused);
  });

  it('keeps the row as written', async () => {
    const rows = await database.db.select().from(auditLog).where(eq(auditLog.id, id));
    expect(rows).toEqual([expect.objectContaining({ description, newValues: { smtp: 'x' } })]);
  });
});
