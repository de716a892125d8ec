import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/app.js';

describe("the router's own refusals", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a malformed %-escape in the path with 400 and a Spanish Message', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/getMedDRALLT/%' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Message: 'La dirección pedida no es válida' });
  });

  it('answers a path parameter over the router limit with 414 and a Spanish Message', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/getMedDRALLT/${'z'.repeat(2_000)}` });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toMatchObject({ Message: 'La dirección pedida es demasiado larga' });
  });
});
