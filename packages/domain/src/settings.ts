import { z } from 'zod';
import { MSG } from './messages.js';

/**
 * Setting groups (platform spec §3 'Setting'), in screen order, with the label shown.
 * Notificaciones_Error fields are shown disabled (and the server refuses to change them).
 */
export const SETTING_GROUPS = [
  { key: 'SMTP', label: 'Envío de correo', editable: true },
  { key: 'Usuarios', label: 'Usuarios', editable: true },
  { key: 'Evento Reportable', label: 'Evento Reportable', editable: true },
  { key: 'Web', label: 'Web', editable: true },
  { key: 'E2B', label: 'Intercambio E2B(R3)', editable: true },
  { key: 'Notificaciones_Error', label: 'Notificaciones_Error', editable: false },
] as const;
export type SettingGroup = (typeof SETTING_GROUPS)[number]['key'];

export function isSettingGroup(x: unknown): x is SettingGroup {
  return SETTING_GROUPS.some((group) => group.key === x);
}

/** The label of a group, or the key itself for an unknown one. */
export function settingGroupLabel(group: string): string {
  return SETTING_GROUPS.find((entry) => entry.key === group)?.label ?? group;
}

/** Whether the settings of a group can be changed (not Notificaciones_Error). */
export function isSettingGroupEditable(group: string): boolean {
  return SETTING_GROUPS.find((entry) => entry.key === group)?.editable ?? false;
}

/**
 * What a setting's value may be (docs/adr/0011-settings.md). The server validates every
 * update with it and the screen checks the same rule before sending.
 * - text: any text up to `maxLength` characters without control characters; `host` also
 *   forbids blanks (a server name or address).
 * - integer: a whole number written in digits, within `min`..`max`.
 * - boolean: 'true' or 'false'.
 * - email: one address; `emailList`: addresses separated by commas.
 * - url: blank, or an absolute http:// or https:// address.
 * - secret: write-only (the SMTP password): never answered, stored encrypted.
 * - identifier: required; letters, digits, '.' and '_' (an E2B sender identifier: it sits between
 *   dashes in C.1.1, so no dash).
 * - meddraVersion: blank, or a MedDRA version as E.i.2.1a writes it ('27.1').
 * - choice: one of `values` (the E2B C.3.1 sender type '1'…'7').
 * - countryCode: blank, or an ISO 3166-1 alpha-2 code in capitals (the E2B C.3.4.5 sender country).
 * - email with `optional`: blank is allowed (the E2B C.3.4.8 sender e-mail).
 */
export type SettingRule =
  | { kind: 'text'; maxLength: number; host?: boolean; required?: boolean }
  | { kind: 'identifier'; maxLength: number }
  | { kind: 'meddraVersion' }
  | { kind: 'choice'; values: readonly string[]; labels: Readonly<Record<string, string>> }
  | { kind: 'countryCode' }
  | { kind: 'integer'; min: number; max: number }
  | { kind: 'boolean' }
  | { kind: 'email'; maxLength: number; optional?: boolean }
  | { kind: 'emailList'; maxLength: number }
  | { kind: 'url'; maxLength: number }
  | { kind: 'secret'; maxLength: number };

/** Every setting the application defines, by name, and the rule of its value. */
export const SETTING_RULES = {
  'smtp.host': { kind: 'text', maxLength: 253, host: true },
  'smtp.port': { kind: 'integer', min: 1, max: 65_535 },
  'smtp.secure': { kind: 'boolean' },
  'smtp.user': { kind: 'text', maxLength: 254 },
  'smtp.password': { kind: 'secret', maxLength: 256 },
  'smtp.fromAddress': { kind: 'email', maxLength: 254 },
  'smtp.fromName': { kind: 'text', maxLength: 100 },
  'users.sessionTimeoutMinutes': { kind: 'integer', min: 1, max: 1440 },
  'users.maxFailedLogins': { kind: 'integer', min: 1, max: 100 },
  'users.lockMinutes': { kind: 'integer', min: 1, max: 1440 },
  'users.resetLinkValidityMinutes': { kind: 'integer', min: 5, max: 10_080 },
  'cases.duplicateThreshold': { kind: 'integer', min: 1, max: 200 },
  'web.publicUrl': { kind: 'url', maxLength: 200 },
  'e2b.senderId': { kind: 'identifier', maxLength: 40 },
  'e2b.senderOrganisation': { kind: 'text', maxLength: 100, required: true },
  'e2b.meddraFallbackVersion': { kind: 'meddraVersion' },
  // C.3 the sender: the maximum lengths are the ICH data-element table's (settings.test.ts checks them).
  'e2b.senderType': {
    kind: 'choice',
    values: ['1', '2', '3', '4', '5', '6', '7'],
    labels: {
      '1': '1 · Compañía farmacéutica',
      '2': '2 · Autoridad reguladora',
      '3': '3 · Profesional de la salud',
      '4': '4 · Centro regional de farmacovigilancia',
      '5': '5 · Centro colaborador de la OMS',
      '6': '6 · Otro',
      '7': '7 · Paciente o consumidor',
    },
  },
  'e2b.senderDepartment': { kind: 'text', maxLength: 60 },
  'e2b.senderTitle': { kind: 'text', maxLength: 50 },
  'e2b.senderGivenName': { kind: 'text', maxLength: 60 },
  'e2b.senderFamilyName': { kind: 'text', maxLength: 60 },
  'e2b.senderStreet': { kind: 'text', maxLength: 100 },
  'e2b.senderCity': { kind: 'text', maxLength: 35 },
  'e2b.senderState': { kind: 'text', maxLength: 40 },
  'e2b.senderPostcode': { kind: 'text', maxLength: 15 },
  'e2b.senderCountry': { kind: 'countryCode' },
  'e2b.senderTelephone': { kind: 'text', maxLength: 33 },
  'e2b.senderFax': { kind: 'text', maxLength: 33 },
  'e2b.senderEmail': { kind: 'email', maxLength: 100, optional: true },
  'errors.recipients': { kind: 'emailList', maxLength: 1000 },
  'errors.enabled': { kind: 'boolean' },
} as const satisfies Record<string, SettingRule>;
export type SettingName = keyof typeof SETTING_RULES;

export function isSettingName(name: string): name is SettingName {
  return Object.hasOwn(SETTING_RULES, name);
}

/** The rule of a setting, or null for a name the application does not define. */
export function settingRule(name: string): SettingRule | null {
  return isSettingName(name) ? SETTING_RULES[name] : null;
}

/** The options of a setting chosen from a list (a select on the screen), or null for any other. */
export function settingChoices(name: string): { value: string; label: string }[] | null {
  const rule = settingRule(name);
  return rule?.kind === 'choice' ? rule.values.map((value) => ({ value, label: rule.labels[value] ?? value })) : null;
}

/** The setting whose value is write-only: answered blank, kept when an update leaves it blank. */
export const SMTP_PASSWORD_SETTING = 'smtp.password' satisfies SettingName;

/** How the audit trail and the screen show a secret value. */
export const MASKED_SECRET = '********';

// Control characters (C0, DEL, C1) are never part of a setting.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const HOST = /^[A-Za-z0-9]([A-Za-z0-9.:_[\]-]*[A-Za-z0-9\]])?$/;
const INTEGER = /^(0|[1-9][0-9]{0,15})$/;
const IDENTIFIER = /^[A-Za-z0-9._]+$/;
/** E.i.2.1a is AN 4: '27.1'. */
const MEDDRA_VERSION = /^[1-9][0-9]?\.[0-9]$/;

function isEmail(value: string): boolean {
  return value.length <= 254 && z.regexes.email.test(value);
}

/** An absolute http(s) address: scheme, host (name, IPv4 or [IPv6]), optional port and path; no user, query or fragment. */
const HTTP_URL = /^https?:\/\/([A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(:[0-9]{1,5})?(\/[^\s?#]*)?$/i;

function isHttpUrl(value: string): boolean {
  return HTTP_URL.test(value);
}

/**
 * The Spanish message why `value` is not a valid value of the setting `name`, or null when it
 * is. (An unknown name is the caller's to refuse: `MSG.settings.unknown`.)
 */
export function settingValueError(name: string, value: string): string | null {
  const rule = settingRule(name);
  if (!rule) return MSG.settings.unknown(name);
  const m = MSG.settings;
  if (CONTROL.test(value)) return m.invalidCharacters(name);
  switch (rule.kind) {
    case 'boolean':
      return value === 'true' || value === 'false' ? null : m.notBoolean(name);
    case 'integer': {
      if (!INTEGER.test(value)) return m.notInteger(name, rule.min, rule.max);
      const number = Number(value);
      return number >= rule.min && number <= rule.max ? null : m.notInteger(name, rule.min, rule.max);
    }
    case 'email':
      if (value.length > rule.maxLength) return m.tooLong(name, rule.maxLength);
      if (value === '' && 'optional' in rule && rule.optional) return null;
      if (value.trim() === '') return m.required(name);
      return isEmail(value) ? null : m.notEmail(name);
    case 'emailList': {
      if (value.length > rule.maxLength) return m.tooLong(name, rule.maxLength);
      const addresses = value.split(',').map((address) => address.trim());
      if (value.trim() === '') return null;
      return addresses.every(isEmail) ? null : m.notEmailList(name);
    }
    case 'url':
      if (value.length > rule.maxLength) return m.tooLong(name, rule.maxLength);
      return value === '' || isHttpUrl(value) ? null : m.notUrl(name);
    case 'secret':
      return value.length > rule.maxLength ? m.tooLong(name, rule.maxLength) : null;
    case 'identifier':
      if (value.length > rule.maxLength) return m.tooLong(name, rule.maxLength);
      if (value === '') return m.required(name);
      return IDENTIFIER.test(value) ? null : m.notIdentifier(name);
    case 'meddraVersion':
      return value === '' || MEDDRA_VERSION.test(value) ? null : m.notMeddraVersion(name);
    case 'choice':
      return rule.values.includes(value) ? null : m.notChoice(name, rule.values);
    case 'countryCode':
      return value === '' || /^[A-Z]{2}$/.test(value) ? null : m.notCountryCode(name);
    case 'text':
      if (value.length > rule.maxLength) return m.tooLong(name, rule.maxLength);
      if ('required' in rule && rule.required && value.trim() === '') return m.required(name);
      if (rule.host && value !== '' && !HOST.test(value)) return m.notHost(name);
      return value !== value.trim() ? m.surroundingBlanks(name) : null;
  }
}

/** A setting as `settingGetAll` answers it. */
export const settingSchema = z.object({
  Name_setting: z.string(),
  Description_setting: z.string(),
  /** The value; always '' for the write-only SMTP password. */
  Value_setting: z.string(),
  /** 'boolean' shows a switch; 'number', 'email', 'password', 'url' and 'string' a field of that kind. */
  Type_value: z.string(),
  Group_setting: z.string(),
  /** (ours) The field is shown disabled and the server refuses to change it (Notificaciones_Error). */
  Read_only: z.boolean(),
  /** (ours) The value is never sent back (the SMTP password). */
  Write_only: z.boolean(),
  /** (ours) For a write-only setting: whether a value is stored. Otherwise whether the value is not blank. */
  Has_value: z.boolean(),
});
export type Setting = z.infer<typeof settingSchema>;
export const settingListSchema = z.array(settingSchema);

/** Whether a setting is shown as a switch. */
export function isBooleanSetting(setting: Pick<Setting, 'Type_value'>): boolean {
  return setting.Type_value.toLowerCase() === 'boolean';
}

/** Strict bodies: an unknown field answers `MSG.settings.unknownField`. */
const STRICT = { error: (issue: { code?: string }) => (issue.code === 'unrecognized_keys' ? MSG.settings.unknownField : undefined) };

/** Longest value an update may carry (each setting's own limit is lower). */
export const MAX_SETTING_VALUE_LENGTH = 2000;

/**
 * Body of `POST /api/settingUpdate`: the values to store, by name. A blank value of the
 * write-only password keeps the stored one; `Clear: true` empties it.
 */
export const settingUpdateSchema = z.strictObject({
  values: z
    .array(
      z.strictObject({
        Name_setting: z.string().min(1, MSG.settings.nameRequired).max(100, MSG.settings.unknownShort),
        Value_setting: z.string().max(MAX_SETTING_VALUE_LENGTH, MSG.generic.maxLength(MAX_SETTING_VALUE_LENGTH)),
        Clear: z.boolean().optional(),
      }, STRICT),
    )
    .max(100, MSG.settings.tooManyValues),
}, STRICT);
export type SettingUpdateInput = z.infer<typeof settingUpdateSchema>;

/** Answer of `POST /api/settingUpdate`: the names of the settings whose value changed (none: []). */
export const settingUpdateResultSchema = z.array(z.string());

/** Body of `POST /api/settingTestMail`: where to send the test mail (blank: the signed-in user's address). */
export const settingTestMailSchema = z.strictObject({
  To: z
    .string()
    .max(254, MSG.generic.maxLength(254))
    .refine((value) => value === '' || isEmail(value), MSG.settings.testMailBadAddress)
    .optional(),
}, STRICT);
export type SettingTestMailInput = z.infer<typeof settingTestMailSchema>;

/** Answer of `POST /api/settingTestMail`: whether the SMTP server took the mail, and what happened, in Spanish. */
export const settingTestMailResultSchema = z.object({ Sent: z.boolean(), Message: z.string() });
export type SettingTestMailResult = z.infer<typeof settingTestMailResultSchema>;

/** The names whose value differs from the current settings (what `settingUpdate` answers). */
export function changedSettingNames(current: readonly Pick<Setting, 'Name_setting' | 'Value_setting'>[], values: readonly { Name_setting: string; Value_setting: string }[]): string[] {
  const byName = new Map(current.map((setting) => [setting.Name_setting, setting.Value_setting]));
  return values
    .filter((value) => byName.has(value.Name_setting) && byName.get(value.Name_setting) !== value.Value_setting)
    .map((value) => value.Name_setting);
}
