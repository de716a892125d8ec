import { MSG, messageCode } from '@atalaya/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomMeta } from '../test-support/cases.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { bearer, createUser, login, randomIp, solveCaptcha } from '../test-support/factories.js';

/** Issue 34 §3: every 4xx carries a stable machine `Code` beside the Spanish `Message`. */
describe('error codes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function tokenOf(role: 'RLF' | 'CL'): Promise<{ authorization: string }> {
    const user = await createUser(t.database.db, { role });
    return bearer((await login(t.app, user)).accessToken);
  }

  it('codes a refused sign-in login.failed', async () => {
    const user = await createUser(t.database.db, { role: 'RLF' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: randomIp(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'recaptcha-token': await solveCaptcha(t.app) },
      payload: new URLSearchParams({ grant_type: 'password', username: user.email, password: 'otra-clave-123' }).toString(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ Message: MSG.login.failed, Code: 'login.failed' });
  });

  it('codes an unknown case lists.eventNotFound and an unknown API path errors.notFoundTitle', async () => {
    const unknownCase = await t.app.inject({ method: 'GET', url: `/api/getERCommentsByMeta/${randomMeta()}`, headers: await tokenOf('RLF') });
    expect(unknownCase.statusCode).toBe(404);
    expect(unknownCase.json()).toEqual({ Message: MSG.lists.eventNotFound, Code: 'lists.eventNotFound' });
    const unknownPath = await t.app.inject({ method: 'GET', url: '/api/noSuchCall' });
    expect(unknownPath.statusCode).toBe(404);
    expect(unknownPath.json()).toEqual({ Message: MSG.errors.notFoundTitle, Code: 'errors.notFoundTitle' });
  });

  it('codes a refused role errors.forbidden and a missing session errors.unauthenticated', async () => {
    const url = '/api/getWorkFlow/1/15/FechaSolicitud%20DESC/null/null/null/null/null/null';
    const forbidden = await t.app.inject({ method: 'GET', url, headers: await tokenOf('CL') });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ Message: MSG.errors.forbidden, Code: 'errors.forbidden' });
    const anonymous = await t.app.inject({ method: 'GET', url });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ Message: MSG.errors.unauthenticated, Code: 'errors.unauthenticated' });
  });

  it('codes validation errors by their catalogue key, templates included', async () => {
    const headers = await tokenOf('RLF');
    const shortTerm = await t.app.inject({ method: 'GET', url: '/api/getMedDRALLT/a', headers });
    expect(shortTerm.statusCode).toBe(400);
    expect(shortTerm.json()).toEqual({ Message: MSG.meddra.termTooShort, Code: 'meddra.termTooShort' });
    const badPage = await t.app.inject({ method: 'GET', url: '/api/getWorkFlow/0/15/FechaSolicitud%20DESC/null/null/null/null/null/null', headers });
    expect(badPage.statusCode).toBe(400);
    const body = badPage.json<{ Message: string; Code: string }>();
    expect(body.Code).toBe(messageCode(body.Message));
    expect(body.Code).not.toBe('validation');
    const badUrl = await t.app.inject({ method: 'GET', url: '/api/getMedDRALLT/%' });
    expect(badUrl.json()).toEqual({ Message: MSG.errors.invalidUrl, Code: 'errors.invalidUrl' });
  });

  it('lists the codes in the OpenAPI document, on every error answer', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      components: { schemas: Record<string, { enum?: string[]; properties?: Record<string, unknown> }> };
      paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>>;
    }>();
    expect(document.components.schemas.ErrorCode?.enum).toEqual(expect.arrayContaining(['login.failed', 'lists.eventNotFound', 'errors.forbidden', 'validation']));
    expect(document.components.schemas.ErrorMessage?.properties).toEqual({ Message: { type: 'string' }, Code: { $ref: '#/components/schemas/ErrorCode' } });
    // Each call's error answer lists the codes that call can send, for that status.
    const codesOf = (path: string, method: string, status: number) => {
      const schema = document.paths[path]?.[method]?.responses[String(status)]?.content?.['application/json']?.schema as
        | { allOf?: [unknown, { properties: { Code: { enum: string[] } } }] }
        | undefined;
      return schema?.allOf?.[1].properties.Code.enum;
    };
    const login400 = document.paths['/api/login']?.post?.responses['400']?.content?.['application/json']?.schema as { allOf?: unknown[] } | undefined;
    expect(login400?.allOf?.[0]).toEqual({ $ref: '#/components/schemas/ErrorMessage' });
    expect(codesOf('/api/login', 'post', 400)).toEqual(expect.arrayContaining(['login.failed', 'login.unsupportedGrantType', 'errors.invalidBody']));
    // The refresh grant without a valid cookie.
    expect(codesOf('/api/login', 'post', 401)).toEqual(['errors.sessionExpired']);
    expect(codesOf('/api/signals', 'get', 400)).toEqual(expect.arrayContaining(['signals.badMonth', 'signals.badCursor', 'signals.unknownField', 'validation']));
    expect(codesOf('/api/signals', 'get', 400)).not.toContain('login.failed');
    // An RLF asking for another country than its own (the endpoint's own code).
    expect(codesOf('/api/signals', 'get', 403)).toEqual(['errors.forbidden', 'errors.termsNotAccepted', 'signals.countryOutOfReach']);
    // A multipart upload lists the codes of the schema its handler checks the fields with
    // (storage's multipartDoc), declared nowhere by hand: an unknown action, a missing note.
    expect(codesOf('/api/uploadDocAndNotes', 'post', 400)).toEqual(
      expect.arrayContaining(['caseFiles.actionUnknown', 'notes.noteRequired', 'generic.maxLength', 'lists.eventNotFound', 'files.typeNotAllowed']),
    );
    expect(codesOf('/api/signal-register/{id}/documents', 'post', 400)).toEqual(expect.arrayContaining(['signalRegister.textTooLong', 'signalRegister.unknownField']));
    // A richer refusal ({ Message, Problems, … }) declares the Code too.
    const refusal = JSON.stringify(Object.values(document.paths).flatMap((methods) => Object.values(methods).map((op) => op.responses['422'])));
    expect(refusal).toContain('"Code":{"$ref":"#/components/schemas/ErrorCode"}');
  });
});
