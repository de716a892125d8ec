import { MSG, type TokenResponse } from '@atalaya/domain';
import { ApiError, type ApiErrorBody } from './api-error';
import { describeApiError, type Notice } from './error-catalogue';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** A JSON body. */
  json?: unknown;
  /** An `application/x-www-form-urlencoded` body. */
  form?: Record<string, string>;
  /** A multipart body. */
  formData?: FormData;
  /** A raw body (a file sent as is, e.g. an XML document), with its Content-Type. */
  raw?: { body: Blob | string; contentType: string };
  headers?: Record<string, string>;
  /** Show the error catalogue's notice when the call fails (default true). */
  notify?: boolean;
  /** Send the access token and, on a 401, try one token refresh (default true). */
  auth?: boolean;
  responseType?: 'json' | 'blob' | 'text';
  /** With `responseType: 'blob'`: called with the bytes received so far while the body streams in. */
  onProgress?(receivedBytes: number): void;
  signal?: AbortSignal;
}

/** `POST /api/login` answer: the domain's contract. */
export type { TokenResponse };

export type RefreshResult = 'ok' | 'rejected' | 'offline';

export interface ApiClientOptions {
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  notify: (notice: Notice) => void;
  /** Prefix of relative paths (default `/api/`). Paths that start with '/' are used as they are. */
  baseUrl?: string;
}

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions, 'method'>): Promise<T>;
  post<T>(path: string, json?: unknown, options?: Omit<RequestOptions, 'method' | 'json'>): Promise<T>;
  /** Keeps the access token in memory; `null` forgets it. */
  setAccessToken(token: string | null): void;
  /** The access token in memory (null when signed out or locked): the realtime hub's handshake sends it. */
  getAccessToken(): string | null;
  /** One refresh with the HttpOnly cookie; concurrent callers share the same attempt. */
  refreshSession(): Promise<RefreshResult>;
  /** Locks the session: forgets the token and refuses authenticated calls until `unlock`. */
  lock(): void;
  unlock(token: string): void;
  /** Forgets the token and any lock (sign-out). */
  reset(): void;
  /** Called once when a 401 could not be cured by a refresh. Returns the unsubscribe function. */
  onSessionExpired(handler: () => void): () => void;
}

const SILENT_LOCKED_BODY: ApiErrorBody = { Message: 'Sesión bloqueada' };

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

async function readErrorBody(response: Response): Promise<ApiErrorBody | null> {
  try {
    const text = await response.text();
    const parsed: unknown = text ? JSON.parse(text) : null;
    return parsed && typeof parsed === 'object' ? (parsed as ApiErrorBody) : null;
  } catch {
    return null;
  }
}

/** Reads a body chunk by chunk, reporting the bytes received (a streamed file has no Content-Length). */
async function readBlobWithProgress(response: Response, onProgress: (receivedBytes: number) => void): Promise<Blob> {
  if (!response.body) return response.blob();
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress(received);
  }
  return new Blob(chunks, { type: response.headers.get('content-type') ?? '' });
}

async function readBody<T>(response: Response, type: RequestOptions['responseType'], onProgress?: (receivedBytes: number) => void): Promise<T> {
  if (response.status === 204) return undefined as T;
  if (type === 'blob') return (onProgress ? await readBlobWithProgress(response, onProgress) : await response.blob()) as T;
  const text = await response.text();
  if (type === 'text') return text as T;
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * The fetch-based API client: bearer token in memory, one refresh on 401 with the calls
 * made meanwhile queued behind it, and the spec §8 error catalogue as notices.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = options.baseUrl ?? '/api/';
  let accessToken: string | null = null;
  let locked = false;
  let expired = false;
  let refreshing: Promise<RefreshResult> | null = null;
  const expiredHandlers = new Set<() => void>();

  const resolveUrl = (path: string) => (path.startsWith('/') ? path : `${baseUrl}${path}`);

  function send(path: string, request: RequestOptions): Promise<Response> {
    const headers = new Headers(request.headers);
    let body: BodyInit | undefined;
    if (request.json !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(request.json);
    } else if (request.form) {
      body = new URLSearchParams(request.form);
    } else if (request.formData) {
      body = request.formData;
    } else if (request.raw) {
      headers.set('Content-Type', request.raw.contentType);
      body = request.raw.body;
    }
    if (request.auth !== false && accessToken) headers.set('Authorization', `Bearer ${accessToken}`);
    return options.fetch(resolveUrl(path), {
      method: request.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      credentials: 'same-origin',
      signal: request.signal,
    });
  }

  async function doRefresh(): Promise<RefreshResult> {
    const tokenBefore = accessToken;
    try {
      const response = await options.fetch(resolveUrl('login'), {
        method: 'POST',
        body: new URLSearchParams({ grant_type: 'refresh_token' }),
        credentials: 'same-origin',
      });
      if (!response.ok) {
        // A sign-in that landed meanwhile (the new login after a password change, which revoked
        // the cookie this refresh carried) keeps its token: only the token that failed is dropped.
        if (accessToken === tokenBefore) accessToken = null;
        return 'rejected';
      }
      const tokens = (await response.json()) as TokenResponse;
      if (locked) return 'rejected';
      accessToken = tokens.access_token;
      expired = false;
      return 'ok';
    } catch {
      return 'offline';
    }
  }

  function refreshSession(): Promise<RefreshResult> {
    refreshing ??= doRefresh().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  function expire(): void {
    accessToken = null;
    if (expired) return;
    expired = true;
    options.notify(describeApiError(401, { Message: MSG.errors.sessionExpired }));
    for (const handler of expiredHandlers) handler();
  }

  function fail(status: number, body: ApiErrorBody | null, notify: boolean): never {
    if (notify) options.notify(describeApiError(status, body));
    throw new ApiError(status, body, notify);
  }

  async function sendWithRefresh(path: string, request: RequestOptions): Promise<Response> {
    const tokenSent = accessToken;
    const response = await send(path, request);
    if (response.status !== 401 || request.auth === false) return response;
    if (locked) throw new ApiError(401, SILENT_LOCKED_BODY, true);
    // Another call may already have renewed the token while this one was on its way.
    const result = accessToken && accessToken !== tokenSent ? 'ok' : await refreshSession();
    if (result === 'offline') return fail(0, null, request.notify !== false);
    if (result === 'rejected') {
      // A new session began while this request (sent with the old token) was on its way: send it
      // again with the new token rather than signing that session out.
      if (accessToken && accessToken !== tokenSent) return send(path, request);
      const body = await readErrorBody(response);
      expire();
      throw new ApiError(401, body, true);
    }
    return send(path, request);
  }

  async function request<T>(path: string, request: RequestOptions = {}): Promise<T> {
    const useAuth = request.auth !== false;
    const notify = request.notify !== false;
    if (useAuth && locked) throw new ApiError(401, SILENT_LOCKED_BODY, true);
    if (useAuth && refreshing) await refreshing;
    let response: Response;
    try {
      response = await sendWithRefresh(path, request);
    } catch (error) {
      if (error instanceof ApiError || isAbort(error)) throw error;
      return fail(0, null, notify);
    }
    if (!response.ok) return fail(response.status, await readErrorBody(response), notify);
    return readBody<T>(response, request.responseType, request.onProgress);
  }

  return {
    request,
    get: (path, rest) => request(path, { ...rest, method: 'GET' }),
    post: (path, json, rest) => request(path, { ...rest, method: 'POST', json }),
    setAccessToken(token) {
      accessToken = token;
      if (token) expired = false;
    },
    getAccessToken: () => accessToken,
    refreshSession,
    lock() {
      locked = true;
      accessToken = null;
    },
    unlock(token) {
      locked = false;
      accessToken = token;
      expired = false;
    },
    reset() {
      accessToken = null;
      locked = false;
      expired = false;
    },
    onSessionExpired(handler) {
      expiredHandlers.add(handler);
      return () => expiredHandlers.delete(handler);
    },
  };
}
