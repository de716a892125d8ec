import { MSG, type Setting } from '@atalaya/domain';
import { describe, expect, it } from 'vitest';
import { changedValues, formValues, settingsFormSchema } from './form';

const setting = (Name_setting: string, Value_setting: string, extra: Partial<Setting> = {}): Setting => ({
  Name_setting,
  Value_setting,
  Description_setting: Name_setting,
  Type_value: 'string',
  Group_setting: 'SMTP',
  Read_only: false,
  Write_only: false,
  Has_value: Value_setting !== '',
  ...extra,
});

const settings = [
  setting('smtp.port', '587', { Type_value: 'number' }),
  setting('smtp.password', '', { Type_value: 'password', Write_only: true, Has_value: true }),
  setting('errors.enabled', 'false', { Type_value: 'boolean', Group_setting: 'Notificaciones_Error', Read_only: true }),
];

describe('settings form', () => {
  it('starts from the stored values with the password blank', () => {
    expect(formValues(settings).fields.map((field) => field.value)).toEqual(['587', '', 'false']);
  });

  it('sends only changed values, the password only when typed or cleared, never a read-only setting', () => {
    expect(changedValues(settings, { fields: [{ value: '587', clear: false }, { value: '', clear: false }, { value: 'true', clear: false }] })).toEqual([]);
    expect(changedValues(settings, { fields: [{ value: '25', clear: false }, { value: 'nueva', clear: false }, { value: 'false', clear: false }] })).toEqual([
      { Name_setting: 'smtp.port', Value_setting: '25' },
      { Name_setting: 'smtp.password', Value_setting: 'nueva' },
    ]);
    expect(changedValues(settings, { fields: [{ value: '587', clear: false }, { value: 'x', clear: true }, { value: 'false', clear: false }] })).toEqual([
      { Name_setting: 'smtp.password', Value_setting: '', Clear: true },
    ]);
  });

  it("checks a changed value with the server's rule and message", () => {
    const result = settingsFormSchema(settings).safeParse({ fields: [{ value: '0', clear: false }, { value: '', clear: false }, { value: 'false', clear: false }] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['fields', 0, 'value'], message: MSG.settings.notInteger('smtp.port', 1, 65_535) });
  });
});
