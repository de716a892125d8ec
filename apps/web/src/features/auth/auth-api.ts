import { authApi, type ChangePasswordRequest, type MessageBody } from '@atalaya/domain';
import { call } from '../../shared/api';

/** `POST /api/userresetpassword`: always answers with the same message (no account enumeration). */
export function requestPasswordReset(email: string, captchaPayload: string): Promise<MessageBody> {
  return call(authApi.userresetpassword, {
    body: { email },
    headers: { 'recaptcha-token': captchaPayload },
    auth: false,
    notify: false,
  });
}

/** `POST /api/userchangepassword`: signed in `{ vieja, nueva }`, from a reset link `{ token, nueva }`. */
export function changePassword(body: ChangePasswordRequest): Promise<MessageBody> {
  return call(authApi.userchangepassword, {
    body,
    auth: body.token === undefined,
    notify: false,
  });
}
