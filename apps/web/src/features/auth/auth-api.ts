import type { ChangePasswordRequest, MessageBody } from '@atalaya/domain';
import { api } from '../../shared/api';

/** `POST /api/userresetpassword`: always answers with the same message (no account enumeration). */
export function requestPasswordReset(email: string, captchaPayload: string): Promise<MessageBody> {
  return api.request<MessageBody>('userresetpassword', {
    method: 'POST',
    json: { email },
    headers: { 'recaptcha-token': captchaPayload },
    auth: false,
    notify: false,
  });
}

/** `POST /api/userchangepassword`: signed in `{ vieja, nueva }`, from a reset link `{ token, nueva }`. */
export function changePassword(body: ChangePasswordRequest): Promise<MessageBody> {
  return api.request<MessageBody>('userchangepassword', {
    method: 'POST',
    json: body,
    auth: body.token === undefined,
    notify: false,
  });
}
