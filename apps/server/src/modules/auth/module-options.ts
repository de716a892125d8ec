import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { AuthKeys } from './keys.js';

export interface AuthModuleOptions {
  db: Db;
  keys: AuthKeys;
  config: Pick<Config, 'appUrl' | 'captchaMaxNumber' | 'secureCookies'>;
}
