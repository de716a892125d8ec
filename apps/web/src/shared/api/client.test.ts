import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { createApiClient } from './client';
import type { Notice } from './error-catalogue';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

interface Call {
  url: string;
  authorization: string | null;
  body: string | null;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A stand-in for the network: records every request and answers with `handler`. */
function setup(handler: Handler) {
  const calls: Call[] = [];
  const notices: Notice[] = [];
  const client = createApiClient({
    fetch: async (url, init) => {
      const headers = new Headers(init.headers);
      calls.push({ url, authorization: headers.get('Authorization'), body: init.body ? String(init.body) : null });
      return handler(url, init);
    },
    notify: (notice) => notices.push(notice),
  });
  return { client, calls, notices };
}

const isRefresh = (url: string, init: RequestInit) => url === '/api/login' && String(init.body).includes('refresh_token');

describe('API client', () => {
  it('reports the bytes of a streamed file as they arrive (no Content-Length) and answers the whole file', async () => {
    const parts = ['PK', 'abc', 'defg'];
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const part of parts) controller.enqueue(new TextEncoder().encode(part));
        controller.close();
      },
    });
    const { client } = setup(() => new Response(stream, { status: 200, headers: { 'Content-Type': 'application/octet-stream' } }));
    const seen: number[] = [];
    const file = await client.post<Blob>('exportERByFilters', {}, { responseType: 'blob', onProgress: (bytes) => seen.push(bytes) });
    expect(seen).toEqual([2, 5, 9]);
    expect(await file.text()).toBe('PKabcdefg');
    expect(file.type).toBe('application/octet-stream');
  });

  it('does not sign out a session that began while a request with the old token was refused (a password change revoked the old one)', async () => {
    let signedInAgain: () => void = () => undefined;
    const { client, calls } = setup(async (url, init) => {
      const authorization = new Headers(init.headers).get('Authorization');
      if (isRefresh(url, init)) {
        // The old cookie was revoked; meanwhile the page signed in again with the new password.
        signedInAgain();
        return json(401, { Message: 'Sesión expirada' });
      }
      return authorization === 'Bearer new-token' ? json(200, { ok: true }) : json(401, { Message: 'Sesión expirada' });
    });
    let expiredCount = 0;
    client.onSessionExpired(() => {
      expiredCount += 1;
    });
    client.setAccessToken('old-token');
    signedInAgain = () => client.setAccessToken('new-token');
    await expect(client.get('getContext')).resolves.toEqual({ ok: true });
    expect(expiredCount).toBe(0);
    expect(calls.map((call) => call.authorization)).toEqual(['Bearer old-token', null, 'Bearer new-token']);
  });

  it('sends the in-memory access token as a bearer token to /api/', async () => {
    const { client, calls } = setup(() => json(200, { ok: true }));
    client.setAccessToken('token-1');
    await expect(client.get('getContext')).resolves.toEqual({ ok: true });
    expect(calls).toEqual([{ url: '/api/getContext', authorization: 'Bearer token-1', body: null }]);
  });

  it('sends form bodies url-encoded and JSON bodies as JSON', async () => {
    const { client, calls } = setup(() => json(200, {}));
    await client.request('login', { form: { grant_type: 'password', username: 'a@b.c' }, auth: false });
    await client.post('acceptTerms', { a: 1 });
    expect(calls.map((c) => c.body)).toEqual(['grant_type=password&username=a%40b.c', '{"a":1}']);
    expect(calls[0]?.authorization).toBeNull();
  });

  it('refreshes once on 401 for concurrent calls, queues later calls and retries them all', async () => {
    let refreshes = 0;
    let release: () => void = () => undefined;
    const refreshGate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { client, calls } = setup(async (url, init) => {
      if (isRefresh(url, init)) {
        refreshes += 1;
        await refreshGate;
        return json(200, { access_token: 'fresh', token_type: 'bearer', expires_in: 900 });
      }
      const auth = new Headers(init.headers).get('Authorization');
      return auth === 'Bearer fresh' ? json(200, { url }) : json(401, { Message: 'Debe iniciar sesión para continuar' });
    });
    client.setAccessToken('stale');

    const first = [client.get('a'), client.get('b'), client.get('c')];
    await new Promise((resolve) => setTimeout(resolve, 0));
    const queued = client.get('d');
    release();

    await expect(Promise.all([...first, queued])).resolves.toEqual([
      { url: '/api/a' },
      { url: '/api/b' },
      { url: '/api/c' },
      { url: '/api/d' },
    ]);
    expect(refreshes).toBe(1);
    // The call made during the refresh waited for it: it went out once, with the fresh token.
    expect(calls.filter((c) => c.url === '/api/d')).toEqual([{ url: '/api/d', authorization: 'Bearer fresh', body: null }]);
  });

  it('clears the session once and tells the user when the refresh is refused', async () => {
    const { client, calls, notices } = setup((url, init) =>
      isRefresh(url, init)
        ? json(401, { Message: 'La sesión expiró. Inicie sesión nuevamente' })
        : json(401, { Message: 'Debe iniciar sesión para continuar' }),
    );
    let expiredCount = 0;
    client.onSessionExpired(() => {
      expiredCount += 1;
    });
    client.setAccessToken('stale');

    const results = await Promise.allSettled([client.get('a'), client.get('b')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    // The refused token is forgotten, and a later call does not tell the user a second time.
    await client.get('after').catch(() => undefined);
    expect(calls.find((c) => c.url === '/api/after')?.authorization).toBeNull();
    expect(expiredCount).toBe(1);
    expect(notices).toEqual([
      { kind: 'info', title: 'Información', message: 'La sesión expiró. Inicie sesión nuevamente' },
    ]);
  });

  it('shows the spec §8 notices for 400, 404, 5xx and a network failure', async () => {
    const answers: Record<string, () => Response> = {
      '/api/bad': () => json(400, { Message: 'Usuario y contraseña incorrectos' }),
      '/api/missing': () => json(404, { Message: 'Datos no encontrados' }),
      '/api/boom': () =>
        json(500, {
          ExceptionMessage: 'Se produjo un error inesperado',
          InnerException: { ExceptionMessage: 'Código de incidente: req-1' },
        }),
      '/api/offline': () => {
        throw new TypeError('Failed to fetch');
      },
    };
    const { client, notices } = setup((url) => answers[url]!());
    for (const path of ['bad', 'missing', 'boom', 'offline']) {
      await expect(client.get(path)).rejects.toBeInstanceOf(ApiError);
    }
    expect(notices).toEqual([
      { kind: 'warning', title: 'Advertencia', message: 'Usuario y contraseña incorrectos' },
      { kind: 'info', title: 'Datos no encontrados', message: 'El sistema no encontró datos para mostrar' },
      { kind: 'error', title: 'Se produjo un error inesperado', message: 'Código de incidente: req-1' },
      { kind: 'error', title: 'Ooops! Algo salió mal', message: 'El sistema está desconectado - Contacte al administrador' },
    ]);
  });

  it('lets a caller handle the error itself without a notice', async () => {
    const { client, notices } = setup(() => json(400, { Message: 'Debe marcar la casilla --No soy un robot--' }));
    const error = await client.get('login', { notify: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).serverMessage).toBe('Debe marcar la casilla --No soy un robot--');
    expect(notices).toEqual([]);
  });

  it('refuses authenticated calls while locked and does not refresh behind the lock screen', async () => {
    const { client, calls } = setup(() => json(200, {}));
    client.setAccessToken('token');
    client.lock();
    await expect(client.get('getContext')).rejects.toMatchObject({ status: 401 });
    expect(calls).toEqual([]);
    client.unlock('new-token');
    await client.get('getContext');
    expect(calls[0]?.authorization).toBe('Bearer new-token');
  });
});
