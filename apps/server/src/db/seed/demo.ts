import type { DbOrTx } from '../client.js';
import { seedDemoCatalog } from './demo-catalog.js';
import { seedDemoMeddra } from './demo-meddra.js';
import { seedDemoUsers } from './demo-users.js';

export { DEMO_PASSWORD } from './demo-users.js';

/**
 * The rows of the demo installation that need no module: companies, laboratories, lines,
 * active ingredients, families, products, the MedDRA sample and one user per role (password
 * `Demo.2026`). Needs the reference data; only missing rows are inserted. The demo reports and
 * cases, written through the modules' services, are added by `src/demo`.
 */
export async function seedDemoCatalogAndUsers(db: DbOrTx): Promise<void> {
  await seedDemoCatalog(db);
  await seedDemoMeddra(db);
  await seedDemoUsers(db);
}
