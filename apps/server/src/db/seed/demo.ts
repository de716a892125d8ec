import type { Db } from '../client.js';
import { seedDemoCatalog } from './demo-catalog.js';
import { seedDemoMeddra } from './demo-meddra.js';
import { seedDemoUsers } from './demo-users.js';

export { DEMO_PASSWORD } from './demo-users.js';

/**
 * The demo installation: companies, laboratories, lines, active ingredients, families,
 * products, the MedDRA sample and one user per role (password `Demo.2026`). Needs the
 * reference data; only missing rows are inserted.
 */
export async function seedDemoData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await seedDemoCatalog(tx);
    await seedDemoMeddra(tx);
    await seedDemoUsers(tx);
  });
}
