import { MSG } from '@atalaya/domain';
import type { ApiErrorBody } from './api-error';

export type NoticeKind = 'success' | 'info' | 'warning' | 'error';

export interface Notice {
  kind: NoticeKind;
  title: string;
  message: string;
}

const WARNING_TITLE = 'Advertencia';
const INFO_TITLE = 'Información';

/** The error catalogue of both specs (§8): what the user is told about a failed call. */
export function describeApiError(status: number, body: ApiErrorBody | null): Notice {
  if (status === 0) {
    return { kind: 'error', title: MSG.errors.networkTitle, message: MSG.errors.networkDetail };
  }
  if (status === 400) {
    return { kind: 'warning', title: WARNING_TITLE, message: body?.Message ?? MSG.errors.unexpected };
  }
  if (status === 401) {
    return { kind: 'info', title: INFO_TITLE, message: body?.Message ?? MSG.errors.unauthenticated };
  }
  if (status === 404) {
    return { kind: 'info', title: MSG.errors.notFoundTitle, message: MSG.errors.notFoundDetail };
  }
  return {
    kind: 'error',
    title: body?.ExceptionMessage ?? body?.Message ?? MSG.errors.unexpected,
    message: body?.InnerException?.ExceptionMessage ?? '',
  };
}
