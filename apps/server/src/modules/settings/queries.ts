import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { settings } from '../../db/schema/index.js';

/** The stored settings, as rows. */
export type SettingRow = typeof settings.$inferSelect;

/** Every stored setting. */
export function allSettings(db: DbOrTx): Promise<SettingRow[]> {
  return db.select().from(settings);
}

/** The settings named, locked until the transaction ends (two saves of the same setting run one after the other). */
export function settingsForUpdate(db: DbOrTx, names: readonly string[]): Promise<SettingRow[]> {
  return db
    .select()
    .from(settings)
    .where(inArray(settings.name, [...names]))
    .for('update');
}

export async function storeSettingValue(db: DbOrTx, name: string, value: string, userId: string, now: Date): Promise<void> {
  await db.update(settings).set({ value, updatedAt: now, updatedBy: userId }).where(eq(settings.name, name));
}
