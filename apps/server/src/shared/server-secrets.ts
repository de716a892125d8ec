import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { serverSecrets } from '../db/schema/index.js';

/**
 * The secret called `name`, generated (32 random bytes, base64url) on first use and kept in
 * the database so that every server process shares it. Safe when two processes race.
 */
export async function getOrCreateSecret(db: DbOrTx, name: string): Promise<string> {
  await db
    .insert(serverSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing({ target: serverSecrets.name });
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name));
  if (!row) throw new Error(`Server secret ${name} could not be stored`);
  return row.value;
}
