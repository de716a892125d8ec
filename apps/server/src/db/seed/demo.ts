import type { Db } from '../client.js';
import { seedDemoCases } from './demo-cases.js';
import { seedDemoCatalog } from './demo-catalog.js';
import { seedDemoMeddra } from './demo-meddra.js';
import { seedDemoUsers } from './demo-users.js';

export { DEMO_PASSWORD } from './demo-users.js';

/**
 * The demo installation: companies, laboratories, lines, active ingredients, families,
 * products, the MedDRA sample, one user per role (password `Demo.2026`) and incoming reports
 * and cases for the Tasks screen. Needs the reference data; only missing rows are inserted.
 */
export async function seedDemoData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await seedDemoCatalog(tx);
    await seedDemoMeddra(tx);
    await seedDemoUsers(tx);
    await seedDemoCases(tx);
  });
}
