import { settingValueError, type SettingName } from '@atalaya/domain';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { settings } from '../db/schema/index.js';

/**
 * Settings are read where they are used, at the time of use (docs/adr/0011-settings.md): a
 * change on the 'Configuración' screen governs the next request, with no restart and no cache.
 * A missing or invalid stored value (one edited by hand in the database) reads as `fallback`.
 */
export async function readSettings<N extends SettingName>(db: DbOrTx, names: readonly N[]): Promise<Map<N, string>> {
  const rows = await db.select({ name: settings.name, value: settings.value }).from(settings).where(inArray(settings.name, [...names]));
  const values = new Map<N, string>();
  for (const row of rows) {
    const name = row.name as N;
    if (settingValueError(name, row.value) === null) values.set(name, row.value);
  }
  return values;
}

/** An integer setting (validated by its rule), or `fallback`. */
export async function integerSetting(db: DbOrTx, name: SettingName, fallback: number): Promise<number> {
  const value = (await readSettings(db, [name])).get(name);
  return value === undefined ? fallback : Number(value);
}

/**
 * The public address of the site for the links of e-mails: the setting `web.publicUrl` when
 * set, else the server's APP_URL; without a trailing slash.
 */
export async function publicUrl(db: DbOrTx, appUrl: string): Promise<string> {
  const value = (await readSettings(db, ['web.publicUrl'])).get('web.publicUrl') ?? '';
  return (value === '' ? appUrl : value).replace(/\/+$/, '');
}
