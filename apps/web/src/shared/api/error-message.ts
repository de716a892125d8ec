import { isApiError } from './api-error';
import { describeApiError } from './error-catalogue';

/** The text to show inline for a failed call the caller handles itself (`notify: false`). */
export function errorMessage(error: unknown): string {
  const status = isApiError(error) ? error.status : 0;
  const body = isApiError(error) ? error.body : null;
  if (body?.Message) return body.Message;
  const { title, message } = describeApiError(status, body);
  return message ? `${title}: ${message}` : title;
}
