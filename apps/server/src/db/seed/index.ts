import { count } from 'drizzle-orm';
import type { Database, DbOrTx } from '../client.js';
import { users } from '../schema/index.js';
import { seedDemoData } from './demo.js';
import { seedReferenceData } from './reference.js';

export { DEMO_PASSWORD, seedDemoData } from './demo.js';
export { seedReferenceData } from './reference.js';

/** An installation is empty until it has its first user. */
export async function isEmptyDatabase(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ users: count() }).from(users);
  return (row?.users ?? 0) === 0;
}

/**
 * Run by main at every start: the reference data always, the demo data when asked
 * (main asks for an empty embedded database — see isEmptyDatabase — or ATALAYA_DEMO=1).
 */
export async function seedOnStart(database: Database, options: { demo: boolean }): Promise<void> {
  await seedReferenceData(database.db);
  if (options.demo) await seedDemoData(database.db);
}
