import { messageCode, type ErrorCode } from '@atalaya/domain';

/** The error bodies of docs/api.md: `{ Message, Code }` for 4xx, `{ ExceptionMessage, InnerException }` for 5xx. */
export interface ApiErrorBody {
  Message?: string;
  /** The stable machine code of a 4xx (docs/api.md 'Error codes'): switch on it, not on `Message`. */
  Code?: ErrorCode;
  ExceptionMessage?: string;
  InnerException?: { ExceptionMessage?: string } | null;
}

/** A failed call: `status` is the HTTP status, or 0 when the server could not be reached. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody | null;
  /** True once the user has been told about this error (a notice or the session-expired redirect). */
  readonly notified: boolean;

  constructor(status: number, body: ApiErrorBody | null, notified: boolean) {
    super(body?.Message ?? body?.ExceptionMessage ?? (status === 0 ? 'Network error' : `HTTP ${status}`));
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.notified = notified;
  }

  /**
   * The stable code of the error (docs/api.md 'Error codes'): the server's `Code`; for a body
   * without one (a session locked in the browser), the code of its message. Undefined when the
   * answer carried no message (a network failure, a 5xx).
   */
  get code(): ErrorCode | undefined {
    if (this.body?.Code) return this.body.Code;
    return this.body?.Message ? messageCode(this.body.Message, this.status) : undefined;
  }

  /** The server's Spanish message, when it sent one. */
  get serverMessage(): string | undefined {
    return this.body?.Message ?? this.body?.ExceptionMessage;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
