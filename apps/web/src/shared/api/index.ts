import { showNotice } from '../notices';
import { createApiClient } from './client';

/** The application's API client (base `/api/`). */
export const api = createApiClient({
  fetch: (input, init) => window.fetch(input, init),
  notify: showNotice,
});

export { ApiError, isApiError, type ApiErrorBody } from './api-error';
export type { ApiClient, RequestOptions, TokenResponse } from './client';
export { errorMessage } from './error-message';
export { describeApiError, type Notice, type NoticeKind } from './error-catalogue';
export { downloadFile } from './download';
