import { endpoint, tasksApi } from '@atalaya/domain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createCaller, urlOf } from './call';
import { createApiClient } from './client';

/** A stand-in for the network that records each request and answers `answer` as JSON. */
function setup(answer: unknown) {
  const requests: Array<{ url: string; method: string; contentType: string | null; body: string | null }> = [];
  const client = createApiClient({
    fetch: async (url, init) => {
      requests.push({ url, method: init.method ?? 'GET', contentType: new Headers(init.headers).get('Content-Type'), body: init.body ? String(init.body) : null });
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } });
    },
    notify: () => undefined,
  });
  return { call: createCaller(client), requests };
}

describe('typed calls of the API contract', () => {
  it("builds the spec's path from the params, null as the no-filter segment, and the page key as the query", async () => {
    const { call, requests } = setup({ Data: [], Count: 0 });
    await call(tasksApi.getWorkFlow, {
      params: { page: 2, size: 15, orderBy: 'FechaSolicitud DESC', statusId: null, idEr: 'ER/1', from: null, to: null, categoryId: 4, subGroupId: null },
      query: { pageKey: 'after:abc' },
    });
    expect(requests).toEqual([
      {
        url: '/api/getWorkFlow/2/15/FechaSolicitud%20DESC/null/ER%2F1/null/null/4/null?pageKey=after%3Aabc',
        method: 'GET',
        contentType: null,
        body: null,
      },
    ]);
  });

  it('sends a JSON body with the endpoint’s method, and a form body as urlencoded fields (fetch sets their type)', async () => {
    const json = endpoint({ method: 'PUT', path: '/api/x/:id', access: 'authenticated', body: z.object({ a: z.number() }), response: z.object({ ok: z.boolean() }) });
    const form = endpoint({ method: 'POST', path: '/api/y', access: 'public', body: z.object({ user: z.string() }), bodyKind: 'form', response: z.object({ ok: z.boolean() }) });
    const { call, requests } = setup({ ok: true });
    const answer = await call(json, { params: { id: 7 }, body: { a: 1 } });
    expect(answer.ok).toBe(true);
    await call(form, { body: { user: 'ana b' } });
    expect(requests).toEqual([
      { url: '/api/x/7', method: 'PUT', contentType: 'application/json', body: '{"a":1}' },
      { url: '/api/y', method: 'POST', contentType: null, body: 'user=ana+b' },
    ]);
  });

  it('gives the URL of a call for a link, without a query when there is no page key', () => {
    expect(urlOf(tasksApi.getERCommentsByMeta, { params: { meta: 'a b' } })).toBe('/api/getERCommentsByMeta/a%20b');
    expect(urlOf(tasksApi.getWorkFlowInvert, { params: { page: 1, size: 15, orderBy: null }, query: {} })).toBe('/api/getWorkFlowInvert/1/15/null');
  });
});
