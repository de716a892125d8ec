import type { Database, Db } from '../db/client.js';
import { seedDemoCatalogAndUsers, seedReferenceData } from '../db/seed/index.js';
import { seedDemoCases } from './demo-cases.js';

export { DEMO_PASSWORD } from '../db/seed/index.js';

/**
 * The demo installation: companies, laboratories, lines, active ingredients, families,
 * products, the MedDRA sample, one user per role (password `Demo.2026`) and incoming reports
 * and cases for the Tasks screen. Needs the reference data; only missing rows are inserted.
 * It sits above the modules (the reports and cases are written through their services), so
 * `db/` never imports a module.
 */
export async function seedDemoData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await seedDemoCatalogAndUsers(tx);
    await seedDemoCases(tx);
  });
}

/**
 * Run by main at every start: the reference data always, the demo data when asked
 * (main asks for an empty embedded database — see isEmptyDatabase — or ATALAYA_DEMO=1).
 */
export async function seedOnStart(database: Database, options: { demo: boolean }): Promise<void> {
  await seedReferenceData(database.db);
  if (options.demo) await seedDemoData(database.db);
}
