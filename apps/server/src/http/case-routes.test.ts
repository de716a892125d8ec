import { MSG } from '@atalaya/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { createUser, login, bearer } from '../test-support/factories.js';
import { metaParams } from './case-routes.js';

describe('metaParams', () => {
  it('accepts a Meta the server gives out (base64url) and a UUID', () => {
    expect(metaParams.parse({ meta: 'q3Jx-9_aBcDeFgHiJkLmNo' })).toEqual({ meta: 'q3Jx-9_aBcDeFgHiJkLmNo' });
    expect(metaParams.safeParse({ meta: '0b5c1f8e-2d7a-4c1e-9f3b-6a2e4d8c0f11' }).success).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['too long', 'x'.repeat(65)],
    ['with a dot', 'abc.def'],
    ['with a space inside', 'abc def'],
    ['with a slash', 'abc/def'],
  ])('refuses a Meta %s with the Spanish message of an unknown case', (_what, meta) => {
    const result = metaParams.safeParse({ meta });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(MSG.lists.eventNotFound);
  });
});

describe('the {meta} of the case routes', () => {
  let t: TestApp;
  let headers: { authorization: string };

  beforeAll(async () => {
    t = await createTestApp();
    const user = await createUser(t.database.db, { role: 'RLF' });
    headers = bearer((await login(t.app, user)).accessToken);
  });
  afterAll(() => t.close());

  /** One read by Meta of each module that has them. */
  const READS = [
    'getERByMeta',
    'getPacienteByERMeta',
    'getProductsRelationsByMeta',
    'getRAMByMeta',
    'getDocsAndNotesByMeta',
    'getERCommentsByMeta',
    'getActionsERByMeta',
    'getImputEvaluationByMeta',
    'getWhoUmcByMeta',
    'getProductsCountryByMeta',
    'getEventoDeHomeByMeta',
    'listERPDF',
  ];

  it.each(READS)('%s refuses an empty or malformed Meta with 400 and a Spanish Message', async (call) => {
    for (const meta of ['', '%20%20', 'abc.def', 'x'.repeat(65)]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/${call}/${meta}`, headers });
      expect(response.statusCode, `${call}/${meta}: ${response.body}`).toBe(400);
      expect(response.json()).toMatchObject({ Message: MSG.lists.eventNotFound });
    }
  });

  it.each(READS)('%s answers 404 for a well-formed Meta of no case', async (call) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/${call}/no-such-case`, headers });
    expect(response.statusCode, response.body).toBe(404);
  });
});
