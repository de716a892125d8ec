import { MSG } from '@atalaya/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';

describe('ApiError.code', () => {
  it("is the server's Code", () => {
    expect(new ApiError(400, { Message: MSG.login.failed, Code: 'login.failed' }, false).code).toBe('login.failed');
  });

  it('is the code of the message when the body has none (a refusal made in the browser)', () => {
    expect(new ApiError(404, { Message: MSG.lists.eventNotFound }, false).code).toBe('lists.eventNotFound');
    expect(new ApiError(401, { Message: 'Sesión bloqueada' }, true).code).toBe('unauthenticated');
  });

  it('is undefined without a message (network failure, 5xx)', () => {
    expect(new ApiError(0, null, true).code).toBeUndefined();
    expect(new ApiError(500, { ExceptionMessage: MSG.errors.unexpected }, true).code).toBeUndefined();
  });
});
