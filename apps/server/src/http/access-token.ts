import { isRole, type Role } from '@atalaya/domain';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { RequestOrigin } from './request-origin.js';

/** Access tokens live 15 minutes (ADR 0003); the browser refreshes them with the refresh token. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

const ISSUER = 'atalaya';

/** The signed-in user as every route sees it (`request.user`). */
export interface AuthUser {
  id: string;
  role: Role;
  /** ISO code of the user's country ('UY'). */
  countryCode: string;
  email: string;
  /** Where this request came from (set with the user on each request; not in the token): the audit rows keep it. */
  origin?: RequestOrigin;
}

/** Signs an HS256 access token with the claims sub, rol, country and email. */
export function signAccessToken(user: AuthUser, key: Uint8Array): Promise<string> {
  return new SignJWT({ rol: user.role, country: user.countryCode, email: user.email })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(user.id)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(key);
}

/**
 * The HMAC key as a WebCrypto key, imported once per key: jose imports raw bytes again on every
 * call, which costs more than the verification itself (~70 of ~100 µs per request).
 */
const verifyKeys = new WeakMap<Uint8Array, Promise<CryptoKey>>();
function verifyKeyOf(key: Uint8Array): Promise<CryptoKey> {
  let imported = verifyKeys.get(key);
  if (!imported) {
    imported = crypto.subtle.importKey('raw', new Uint8Array(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
    verifyKeys.set(key, imported);
  }
  return imported;
}

/** The user of a valid, unexpired token; null for anything else (expired, forged, malformed). */
export async function verifyAccessToken(token: string, key: Uint8Array): Promise<AuthUser | null> {
  try {
    const { payload } = await jwtVerify(token, await verifyKeyOf(key), { algorithms: ['HS256'], issuer: ISSUER });
    const { sub, rol, country, email } = payload;
    if (typeof sub !== 'string' || !isRole(rol) || typeof country !== 'string' || typeof email !== 'string') return null;
    return { id: sub, role: rol, countryCode: country, email };
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}
