import { describe, expect, it } from 'vitest';
import { changedSettingNames, isBooleanSetting, isSettingGroupEditable, SETTING_GROUPS, settingGroupLabel } from './settings.js';
import type { Setting } from './settings.js';

const setting = (Name_setting: string, Value_setting: string): Setting => ({
  Name_setting,
  Value_setting,
  Description_setting: '',
  Type_value: 'string',
  Group_setting: 'Web',
});

describe('settings', () => {
  it('groups settings with the spec labels; error notifications are read-only', () => {
    expect(SETTING_GROUPS.map((group) => group.key)).toEqual(['SMTP', 'Usuarios', 'Evento Reportable', 'Web', 'Notificaciones_Error']);
    expect(settingGroupLabel('SMTP')).toBe('Envío de correo');
    expect(isSettingGroupEditable('Notificaciones_Error')).toBe(false);
    expect(isSettingGroupEditable('Web')).toBe(true);
    expect(isBooleanSetting({ Type_value: 'Boolean' })).toBe(true);
  });

  it('reports only the settings whose value changed', () => {
    const current = [setting('a', '1'), setting('b', '2')];
    const values = [
      { Name_setting: 'a', Value_setting: '1' },
      { Name_setting: 'b', Value_setting: '3' },
      { Name_setting: 'unknown', Value_setting: 'x' },
    ];
    expect(changedSettingNames(current, values)).toEqual(['b']);
  });
});
