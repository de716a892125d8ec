import { ER_STATUS, MSG } from '@atalaya/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../db/schema/index.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { createCase } from '../test-support/cases.js';
import { bearer, createUser, login } from '../test-support/factories.js';
import { containsNul } from './nul-guard.js';

describe('containsNul', () => {
  it('finds a NUL in a string, a nested value or a key, and ignores bytes', () => {
    expect(containsNul('ab\u0000c')).toBe(true);
    expect(containsNul({ a: [{ b: 'x\u0000' }] })).toBe(true);
    expect(containsNul({ ['k\u0000']: 1 })).toBe(true);
    expect(containsNul({ a: 'ñandú', b: [1, null, true] })).toBe(false);
    expect(containsNul(Buffer.from([0, 0, 0]))).toBe(false);
  });
});

describe('a NUL in any route', () => {
  let t: TestApp;
  let headers: { authorization: string };
  let rlfId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const rlf = await createUser(t.database.db, { role: 'RLF' });
    rlfId = rlf.id;
    headers = bearer((await login(t.app, rlf)).accessToken);
  });
  afterAll(() => t.close());

  it.each(['getProductsHomeByCountry/UY%00', 'getMedDRALLT/ab%00c'])('GET /api/%s without a session answers 400 with the Spanish message', async (path) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/${path}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Message: MSG.generic.invalidCharacters });
  });

  it('refuses a JSON body with a NUL and writes nothing', async () => {
    const testCase = await createCase(t.database.db, { status: ER_STATUS.PENDIENTE, createdBy: rlfId });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/updateER',
      headers,
      payload: { Meta: testCase.meta, AdditionalInformation: 'antes\u0000después' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Message: MSG.generic.invalidCharacters });
    const [row] = await t.database.db.select({ info: events.additionalInformation }).from(events).where(eq(events.id, testCase.id));
    expect(row?.info ?? null).toBeNull();
  });
});
