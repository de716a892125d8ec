import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { getOrCreateSecret } from '../../shared/server-secrets.js';

/** The keys the session and captcha code sign with. */
export interface AuthKeys {
  /** HS256 key of the access tokens. */
  accessTokenKey: Uint8Array;
  /** HMAC key of the ALTCHA challenges. */
  captchaHmacKey: string;
}

/** ATALAYA_JWT_SECRET when set, otherwise the keys stored in `server_secrets` (created on first start). */
export async function loadAuthKeys(db: Db, config: Pick<Config, 'jwtSecret'>): Promise<AuthKeys> {
  const jwtSecret = config.jwtSecret ?? (await getOrCreateSecret(db, 'jwt'));
  return {
    accessTokenKey: new TextEncoder().encode(jwtSecret),
    captchaHmacKey: await getOrCreateSecret(db, 'captcha-hmac'),
  };
}
