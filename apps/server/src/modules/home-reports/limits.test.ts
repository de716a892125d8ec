import { MSG } from '@atalaya/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { randomIp } from '../../test-support/factories.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function post(remoteAddress: string, payload: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/postreporthome',
    remoteAddress,
    headers: { 'content-type': 'application/json', 'recaptcha-token': 'sin-resolver' },
    payload,
  });
}

describe('POST /api/postreporthome limits', () => {
  it('refuses a 10 MB body with 413', async () => {
    const response = await post(randomIp(), JSON.stringify({ isMedic: false, Paciente: { CentroMedico: 'x'.repeat(10 * 1024 * 1024) } }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ Message: MSG.errors.payloadTooLarge });
  });

  it('lets one address send 20 reports a minute and refuses the rest with 429', async () => {
    const address = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1) statuses.push((await post(address, '{}')).statusCode);
    expect(statuses.slice(0, 20).every((status) => status === 400)).toBe(true);
    expect(statuses.slice(20).every((status) => status === 429)).toBe(true);

    const refused = await post(address, '{}');
    expect(refused.json()).toMatchObject({ Message: MSG.errors.tooManyRequests });
    // Another address is not affected.
    expect((await post(randomIp(), '{}')).statusCode).toBe(400);
  });
});
