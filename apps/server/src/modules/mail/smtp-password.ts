import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { DbOrTx } from '../../db/client.js';
import { getOrCreateSecret } from '../../shared/server-secrets.js';

/**
 * The SMTP password is stored encrypted (docs/adr/0011-settings.md): AES-256-GCM under a
 * 32-byte key kept in `server_secrets` (generated on first use, shared by every process),
 * with the setting's name as associated data. Stored form: `enc:v1:<iv>.<tag>.<ciphertext>`
 * (base64url). A blank password is stored blank.
 */
const KEY_SECRET = 'settings-encryption';
const PREFIX = 'enc:v1:';
const ASSOCIATED_DATA = Buffer.from('smtp.password');

async function encryptionKey(db: DbOrTx): Promise<Buffer> {
  const key = Buffer.from(await getOrCreateSecret(db, KEY_SECRET), 'base64url');
  if (key.length !== 32) throw new Error('The settings encryption key is not 32 bytes');
  return key;
}

/** Whether a stored value is an encrypted one (not a password typed into the database by hand). */
export function isEncryptedSecret(stored: string): boolean {
  return stored.startsWith(PREFIX);
}

/** The stored form of a password: '' for none, else its encryption with a fresh IV. */
export async function encryptSmtpPassword(db: DbOrTx, plain: string): Promise<string> {
  if (plain === '') return '';
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await encryptionKey(db), iv);
  cipher.setAAD(ASSOCIATED_DATA);
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${PREFIX}${iv.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${ciphertext.toString('base64url')}`;
}

/**
 * The password of a stored value. A value without the prefix was written by hand in the
 * database and is used as it is (the next save on the screen encrypts it). A value that does
 * not decrypt (another key, tampered) throws: the mail sender logs it and retries.
 */
export async function decryptSmtpPassword(db: DbOrTx, stored: string): Promise<string> {
  if (stored === '') return '';
  if (!isEncryptedSecret(stored)) return stored;
  const [iv, tag, ciphertext] = stored.slice(PREFIX.length).split('.');
  if (iv === undefined || tag === undefined || ciphertext === undefined) throw new Error('The stored SMTP password is malformed');
  const decipher = createDecipheriv('aes-256-gcm', await encryptionKey(db), Buffer.from(iv, 'base64url'));
  decipher.setAAD(ASSOCIATED_DATA);
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}
