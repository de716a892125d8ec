import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { DbOrTx } from '../../db/client.js';
import { getOrCreateSecret } from '../../shared/server-secrets.js';

/**
 * The zip password of a MedDRA import is needed by whichever process runs the job, possibly
 * after a restart, so it is kept in the import's row while the import may still run, encrypted:
 * AES-256-GCM under a 32-byte key of `server_secrets` (generated on first use, shared by every
 * process) with the import's id as associated data (a value copied to another import does not
 * decrypt). The runner nulls it when the import ends (docs/adr/0014-import-jobs.md). Never logged.
 */
const KEY_SECRET = 'import-password-encryption';
const PREFIX = 'enc:v1:';

async function encryptionKey(db: DbOrTx): Promise<Buffer> {
  const key = Buffer.from(await getOrCreateSecret(db, KEY_SECRET), 'base64url');
  if (key.length !== 32) throw new Error('The import password key is not 32 bytes');
  return key;
}

/** The stored form of an import's password (`enc:v1:<iv>.<tag>.<ciphertext>`, base64url). */
export async function encryptImportPassword(db: DbOrTx, importId: string, plain: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await encryptionKey(db), iv);
  cipher.setAAD(Buffer.from(importId));
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${PREFIX}${iv.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${ciphertext.toString('base64url')}`;
}

/** The password of a stored value (throws when it was not made for this import or was altered). */
export async function decryptImportPassword(db: DbOrTx, importId: string, stored: string): Promise<string> {
  const [iv, tag, ciphertext] = stored.startsWith(PREFIX) ? stored.slice(PREFIX.length).split('.') : [];
  if (iv === undefined || tag === undefined || ciphertext === undefined) throw new Error('The stored import password is malformed');
  const decipher = createDecipheriv('aes-256-gcm', await encryptionKey(db), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(importId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}
