import { count } from 'drizzle-orm';
import type { DbOrTx } from '../client.js';
import { users } from '../schema/index.js';

export { DEMO_PASSWORD, seedDemoCatalogAndUsers } from './demo.js';
export { idOf, idsByCode } from './insert-missing.js';
export { seedReferenceData } from './reference.js';

/** An installation is empty until it has its first user. */
export async function isEmptyDatabase(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ users: count() }).from(users);
  return (row?.users ?? 0) === 0;
}
