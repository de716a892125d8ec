// Runs only against the PostgreSQL server (DATABASE_URL): vitest.config.ts leaves *.pg.test.ts out on PGlite.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { sessionOf } from '../../test-support/case-edit.js';

// Two server instances (two connection pools) over one database, as behind a load balancer.
describe('createER with an Idempotency-Key across server instances', () => {
  let one: TestApp;
  let two: TestApp;

  beforeAll(async () => {
    [one, two] = await Promise.all([createTestApp(), createTestApp()]);
  });
  afterAll(async () => {
    await Promise.all([one.close(), two.close()]);
  });

  it('creates one case when the same request reaches both instances at once', async () => {
    const qppv = await sessionOf(one, 'QPPV');
    const key = randomUUID();
    const send = (t: TestApp) =>
      t.app.inject({ method: 'POST', url: '/api/createER', headers: { ...qppv.headers, 'idempotency-key': key }, payload: { Country: 'UY', SubGrupoId: 1 } });
    const responses = await Promise.all([one, two, one, two, one, two].map(send));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(6).fill(200));
    expect(new Set(responses.map((response) => response.body)).size).toBe(1);
    expect(await one.database.db.select({ id: events.id }).from(events).where(eq(events.createdBy, qppv.user.id))).toHaveLength(1);
  });
});
