import { type AcceptTermsResult, authApi, contextApi } from '@atalaya/domain';
import { call, type TokenResponse } from '../api';
import type { AppContext } from './types';

/** `POST /api/login` with the password grant; the caller shows the failure itself. */
export function passwordLogin(email: string, password: string, captchaPayload: string): Promise<TokenResponse> {
  return call(authApi.login, {
    body: { grant_type: 'password', username: email, password },
    headers: { 'recaptcha-token': captchaPayload },
    auth: false,
    notify: false,
  });
}

export function fetchContext(): Promise<AppContext> {
  return call(contextApi.getContext);
}

/** Revokes the refresh-token cookie; a failure changes nothing for the user, who is leaving. */
export function logout(): Promise<void> {
  return call(authApi.logout, { auth: false, notify: false });
}

export function acceptTerms(): Promise<AcceptTermsResult> {
  return call(authApi.acceptTerms);
}
