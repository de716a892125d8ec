import { showNotice } from '../notices';
import { createCaller } from './call';
import { createApiClient } from './client';
import { saveBlob } from './download';

/** The application's API client (base `/api/`). */
export const api = createApiClient({
  fetch: (input, init) => window.fetch(input, init),
  notify: showNotice,
});

/** Typed calls of the API contract: `call(tasksApi.getWorkFlowInvert, { params, query, signal })`. */
export const call = createCaller(api);

/** Downloads a stored file through the API client and hands it to the browser under `fileName`. */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  saveBlob(await api.get<Blob>(path, { responseType: 'blob' }), fileName);
}

export { ApiError, isApiError, type ApiErrorBody } from './api-error';
export type { ApiClient, RequestOptions, TokenResponse } from './client';
export { errorMessage } from './error-message';
export { newIdempotencyKey } from './idempotency-key';
export { describeApiError, type Notice, type NoticeKind } from './error-catalogue';
export { saveBlob } from './download';
export { createCaller, urlOf, type CallArgs, type Caller } from './call';
