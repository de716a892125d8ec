import { MSG } from '@atalaya/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../test-support/app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // A route that fails the way a bug would, to see what a client receives.
  t.app.get('/api/test-failure', { config: { roles: 'public' }, schema: { response: { 200: z.object({}) } } }, () => {
    throw new Error('connection string postgres://secret@db leaked in a stack');
  });
});

afterAll(() => t.close());

describe('security headers', () => {
  it.each(['/', '/api/getContext'])('are sent on %s', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('come with an HTML page for a client-side route', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/workflow' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});

describe('error catalogue', () => {
  it('answers an unknown API path with 404 Datos no encontrados', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no-such-call' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ Message: MSG.errors.notFoundTitle });
  });

  it('answers an unexpected failure with 500, an incident code and no stack', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test-failure' });
    expect(response.statusCode).toBe(500);
    const body = response.json<{ ExceptionMessage: string; InnerException: { ExceptionMessage: string } }>();
    expect(body.ExceptionMessage).toBe(MSG.errors.unexpected);
    expect(body.InnerException.ExceptionMessage).toMatch(/^Código de incidente: [0-9a-f-]{36}$/);
    expect(response.body).not.toContain('postgres://');
    expect(response.body).not.toContain('at ');
  });

  it('answers a body over the limit with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/userresetpassword',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ Message: MSG.errors.payloadTooLarge });
  });

  it('answers malformed JSON with 400 and a Spanish message', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/userresetpassword',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Message: 'El contenido enviado no es válido' });
  });

  it('answers a validation failure with the first rule’s Spanish message', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/userresetpassword', payload: { email: '' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Message: MSG.login.emailRequired });
  });
});

describe('OpenAPI', () => {
  it('is public and generated from the route schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{ paths: Record<string, Record<string, { security?: unknown[] }>> }>();
    expect(document.paths['/api/login']?.post).toBeDefined();
    expect(document.paths['/api/getContext']?.get?.security).toEqual([{ bearerAuth: [] }]);
    expect(document.paths['/api/captcha']?.get?.security).toBeUndefined();
  });

  it('serves Swagger UI with a policy that allows its own files only', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });
});
