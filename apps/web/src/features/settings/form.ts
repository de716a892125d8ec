import { settingRule, settingValueError, type Setting, type SettingUpdateInput } from '@atalaya/domain';
import { z } from 'zod';

/** One field of the form, in the order of the settings: the value typed and, for the password, whether to clear it. */
export interface SettingField {
  value: string;
  clear: boolean;
}

export interface SettingsForm {
  fields: SettingField[];
}

export function isWriteOnly(setting: Pick<Setting, 'Name_setting' | 'Write_only'>): boolean {
  return setting.Write_only || settingRule(setting.Name_setting)?.kind === 'secret';
}

/** The form's starting values: the stored ones (the password blank: 'Sin cambios'). */
export function formValues(settings: readonly Setting[]): SettingsForm {
  return { fields: settings.map((setting) => ({ value: isWriteOnly(setting) ? '' : setting.Value_setting, clear: false })) };
}

/**
 * The values to send: only those that differ from the stored ones; the password only when a new
 * one was typed or it is to be cleared; never a read-only setting.
 */
export function changedValues(settings: readonly Setting[], form: SettingsForm): SettingUpdateInput['values'] {
  const values: SettingUpdateInput['values'] = [];
  settings.forEach((setting, index) => {
    const field = form.fields[index];
    if (!field || setting.Read_only) return;
    if (isWriteOnly(setting)) {
      if (field.clear) values.push({ Name_setting: setting.Name_setting, Value_setting: '', Clear: true });
      else if (field.value !== '') values.push({ Name_setting: setting.Name_setting, Value_setting: field.value });
    } else if (field.value !== setting.Value_setting) values.push({ Name_setting: setting.Name_setting, Value_setting: field.value });
  });
  return values;
}

/** The form's rule: each value sent follows its setting's rule (the server's, with its Spanish message). */
export function settingsFormSchema(settings: readonly Setting[]) {
  return z.object({
    fields: z.array(z.object({ value: z.string(), clear: z.boolean() })).superRefine((fields, context) => {
      fields.forEach((field, index) => {
        const setting = settings[index];
        if (!setting || setting.Read_only || field.clear) return;
        if (isWriteOnly(setting) && field.value === '') return;
        if (!isWriteOnly(setting) && field.value === setting.Value_setting) return;
        const message = settingValueError(setting.Name_setting, field.value);
        if (message) context.addIssue({ code: 'custom', path: [index, 'value'], message });
      });
    }),
  });
}
