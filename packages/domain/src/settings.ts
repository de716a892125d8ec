import { z } from 'zod';

/**
 * Setting groups (platform spec §3 'Setting'), in screen order, with the label shown.
 * Notificaciones_Error fields are shown disabled.
 */
export const SETTING_GROUPS = [
  { key: 'SMTP', label: 'Envío de correo', editable: true },
  { key: 'Usuarios', label: 'Usuarios', editable: true },
  { key: 'Evento Reportable', label: 'Evento Reportable', editable: true },
  { key: 'Web', label: 'Web', editable: true },
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

/** A setting as `settingGetAll` answers it. */
export interface Setting {
  Name_setting: string;
  Description_setting: string;
  Value_setting: string;
  /** 'boolean' shows a switch ('true'/'false' values); anything else a text field. */
  Type_value: string;
  Group_setting: string;
}

/** Whether a setting is shown as a switch. */
export function isBooleanSetting(setting: Pick<Setting, 'Type_value'>): boolean {
  return setting.Type_value.toLowerCase() === 'boolean';
}

/** Body of `POST /api/settingUpdate`: the values to store, by name. */
export const settingUpdateSchema = z.object({
  values: z.array(z.object({ Name_setting: z.string().min(1), Value_setting: z.string() })),
});
export type SettingUpdateInput = z.infer<typeof settingUpdateSchema>;

/** The names whose value differs from the current settings (what `settingUpdate` answers). */
export function changedSettingNames(current: readonly Setting[], values: SettingUpdateInput['values']): string[] {
  const byName = new Map(current.map((setting) => [setting.Name_setting, setting.Value_setting]));
  return values
    .filter((value) => byName.has(value.Name_setting) && byName.get(value.Name_setting) !== value.Value_setting)
    .map((value) => value.Name_setting);
}
