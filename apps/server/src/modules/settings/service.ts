import {
  isSettingGroupEditable,
  isSettingName,
  MASKED_SECRET,
  MSG,
  SETTING_GROUPS,
  SETTING_RULES,
  settingRule,
  settingValueError,
  type Setting,
  type SettingTestMailInput,
  type SettingTestMailResult,
  type SettingUpdateInput,
} from '@atalaya/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.js';
import type { AuthUser } from '../../http/access-token.js';
import { badRequest } from '../../http/errors.js';
import { writeAudit } from '../audit/index.js';
import { decryptSmtpPassword, deliverNow, encryptSmtpPassword, enqueueMail } from '../mail/index.js';
import { announceConfigurationChanged, type ConfigurationEvents } from '../../shared/configuration-events.js';
import { allSettings, settingsForUpdate, storeSettingValue, type SettingRow } from './queries.js';

const NAME_ORDER = Object.keys(SETTING_RULES);
const GROUP_ORDER: readonly string[] = SETTING_GROUPS.map((group) => group.key);

function isSecret(name: string): boolean {
  return settingRule(name)?.kind === 'secret';
}

function byScreenOrder(a: SettingRow, b: SettingRow): number {
  return GROUP_ORDER.indexOf(a.groupSetting) - GROUP_ORDER.indexOf(b.groupSetting) || NAME_ORDER.indexOf(a.name) - NAME_ORDER.indexOf(b.name);
}

/** `GET /api/settingGetAll`: the settings the application defines, by group; a secret answers blank. */
export async function listSettings(db: Db): Promise<Setting[]> {
  const rows = (await allSettings(db)).filter((row) => isSettingName(row.name)).sort(byScreenOrder);
  return rows.map((row) => {
    const writeOnly = isSecret(row.name);
    return {
      Name_setting: row.name,
      Description_setting: row.description,
      Value_setting: writeOnly ? '' : row.value,
      Type_value: row.typeValue,
      Group_setting: row.groupSetting,
      Read_only: !isSettingGroupEditable(row.groupSetting),
      Write_only: writeOnly,
      Has_value: row.value !== '',
    };
  });
}

/** A value of the update, checked: its name is known and sent once, and its value follows the setting's rule. */
function checkValues(input: SettingUpdateInput): void {
  const seen = new Set<string>();
  for (const { Name_setting: name, Value_setting: value, Clear: clear } of input.values) {
    if (!isSettingName(name)) throw badRequest(MSG.settings.unknown(name));
    if (seen.has(name)) throw badRequest(MSG.settings.duplicated(name));
    seen.add(name);
    if (clear && !isSecret(name)) throw badRequest(MSG.settings.clearNotAllowed(name));
    // A blank secret keeps the stored one: nothing to check.
    if (isSecret(name) && value === '') continue;
    const error = settingValueError(name, value);
    if (error) throw badRequest(error);
  }
}

interface Change {
  name: string;
  stored: string;
  shownOld: string;
  shownNew: string;
}

/** What `value` does to the stored row: nothing (null) or a change, with the values the audit shows. */
async function changeOf(db: DbOrTx, row: SettingRow, value: string, clear: boolean): Promise<Change | null> {
  if (!isSecret(row.name)) return value === row.value ? null : { name: row.name, stored: value, shownOld: row.value, shownNew: value };
  const shownOld = row.value === '' ? '' : MASKED_SECRET;
  if (clear) return row.value === '' ? null : { name: row.name, stored: '', shownOld, shownNew: '' };
  if (value === '' || (row.value !== '' && (await decryptSmtpPassword(db, row.value).catch(() => null)) === value)) return null;
  return { name: row.name, stored: await encryptSmtpPassword(db, value), shownOld, shownNew: MASKED_SECRET };
}

/**
 * `POST /api/settingUpdate`: stores the values sent, all or none, and answers the names of the
 * settings whose value changed ([] when none did). Every value is checked first (unknown name,
 * repeated name, a value against its rule: 400 with the Spanish message); a change to a
 * read-only group (Notificaciones_Error) is refused (400). One audit row per changed setting in
 * the same transaction (the password shown as '********'); after the commit the hub tells
 * everyone 'Cambio en la configuración'.
 */
export async function updateSettings(
  db: Db,
  user: AuthUser,
  input: SettingUpdateInput,
  deps: { configurationEvents: ConfigurationEvents; log: FastifyBaseLogger },
): Promise<string[]> {
  checkValues(input);
  if (input.values.length === 0) return [];
  const now = new Date();
  const changed = await db.transaction(async (tx) => {
    const rows = new Map((await settingsForUpdate(tx, input.values.map((value) => value.Name_setting))).map((row) => [row.name, row]));
    const changes: Change[] = [];
    for (const value of input.values) {
      const row = rows.get(value.Name_setting);
      if (!row) throw badRequest(MSG.settings.unknown(value.Name_setting));
      const change = await changeOf(tx, row, value.Value_setting, value.Clear === true);
      if (!change) continue;
      if (!isSettingGroupEditable(row.groupSetting)) throw badRequest(MSG.settings.readOnly(row.name));
      changes.push(change);
    }
    for (const change of changes) {
      await storeSettingValue(tx, change.name, change.stored, user.id, now);
      await writeAudit(tx, {
        kind: 'settings.changed',
        actor: { id: user.id, origin: user.origin },
        description: `Configuración ${change.name} modificada`,
        pkId: change.name,
        oldValues: { Name_setting: change.name, Value_setting: change.shownOld },
        newValues: { Name_setting: change.name, Value_setting: change.shownNew },
        at: now,
      });
    }
    return changes.map((change) => change.name);
  });
  if (changed.length > 0) announceConfigurationChanged(deps.configurationEvents, { what: 'settings', changedAt: now }, deps.log);
  return changed;
}

/**
 * `POST /api/settingTestMail` ('Probar envío'): queues a test mail to `To` (blank: the
 * signed-in user's address) and tries to send it at once through the stored SMTP settings;
 * answers whether the server took it and what happened, in Spanish.
 */
export async function sendTestMail(db: Db, user: AuthUser, input: SettingTestMailInput, deps: { captureDir?: string }): Promise<SettingTestMailResult> {
  const to = input.To?.trim() || user.email;
  const m = MSG.settings;
  const id = await enqueueMail(db, { to, subject: m.testMailSubject, text: m.testMailText });
  const outcome = await deliverNow(db, id, to, { captureDir: deps.captureDir });
  return { Sent: outcome.sent, Message: outcome.message };
}
