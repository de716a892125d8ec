import { describe, expect, it } from 'vitest';
import { ichElement } from './e2b/ich-elements.js';
import { MSG } from './messages.js';
import {
  changedSettingNames,
  isBooleanSetting,
  isSettingGroupEditable,
  SETTING_GROUPS,
  settingGroupLabel,
  settingTestMailSchema,
  settingUpdateSchema,
  settingChoices,
  settingRule,
  settingValueError,
} from './settings.js';

describe('settings', () => {
  it('groups settings with the spec labels; error notifications are read-only', () => {
    expect(SETTING_GROUPS.map((group) => group.key)).toEqual(['SMTP', 'Usuarios', 'Evento Reportable', 'Web', 'E2B', 'Notificaciones_Error']);
    expect(settingGroupLabel('E2B')).toBe('Intercambio E2B(R3)');
    expect(settingGroupLabel('SMTP')).toBe('Envío de correo');
    expect(isSettingGroupEditable('Notificaciones_Error')).toBe(false);
    expect(isSettingGroupEditable('Web')).toBe(true);
    expect(isBooleanSetting({ Type_value: 'Boolean' })).toBe(true);
  });

  it('checks the E2B sender identifier and the MedDRA fallback version (E.i.2.1a)', () => {
    expect(settingValueError('e2b.senderId', 'ACME_PV.01')).toBeNull();
    expect(settingValueError('e2b.senderId', 'ACME-PV')).toBe(MSG.settings.notIdentifier('e2b.senderId'));
    expect(settingValueError('e2b.senderId', '')).toBe(MSG.settings.required('e2b.senderId'));
    expect(settingValueError('e2b.meddraFallbackVersion', '')).toBeNull();
    expect(settingValueError('e2b.meddraFallbackVersion', '27.1')).toBeNull();
    expect(settingValueError('e2b.meddraFallbackVersion', '27.10')).toBe(MSG.settings.notMeddraVersion('e2b.meddraFallbackVersion'));
    expect(settingValueError('e2b.meddraFallbackVersion', 'v27')).toBe(MSG.settings.notMeddraVersion('e2b.meddraFallbackVersion'));
    expect(settingValueError('e2b.senderOrganisation', ' ')).toBe(MSG.settings.required('e2b.senderOrganisation'));
  });

  it('reports only the settings whose value changed', () => {
    const current = [
      { Name_setting: 'a', Value_setting: '1' },
      { Name_setting: 'b', Value_setting: '2' },
    ];
    const values = [
      { Name_setting: 'a', Value_setting: '1' },
      { Name_setting: 'b', Value_setting: '3' },
      { Name_setting: 'unknown', Value_setting: 'x' },
    ];
    expect(changedSettingNames(current, values)).toEqual(['b']);
  });

  it('checks each value by its setting: integers within bounds, booleans, e-mails, ports, URLs, hosts, lengths', () => {
    const m = MSG.settings;
    expect(settingValueError('smtp.port', '587')).toBeNull();
    expect(settingValueError('smtp.port', '0')).toBe(m.notInteger('smtp.port', 1, 65_535));
    expect(settingValueError('smtp.port', '65536')).toBe(m.notInteger('smtp.port', 1, 65_535));
    expect(settingValueError('smtp.port', '25.5')).toBe(m.notInteger('smtp.port', 1, 65_535));
    expect(settingValueError('smtp.port', '+25')).toBe(m.notInteger('smtp.port', 1, 65_535));
    expect(settingValueError('smtp.port', '')).toBe(m.notInteger('smtp.port', 1, 65_535));
    expect(settingValueError('users.maxFailedLogins', '1')).toBeNull();
    expect(settingValueError('users.maxFailedLogins', '101')).toBe(m.notInteger('users.maxFailedLogins', 1, 100));
    expect(settingValueError('smtp.secure', 'true')).toBeNull();
    expect(settingValueError('smtp.secure', 'TRUE')).toBe(m.notBoolean('smtp.secure'));
    expect(settingValueError('smtp.fromAddress', 'no-responder@demo.atalaya')).toBeNull();
    expect(settingValueError('smtp.fromAddress', 'no es un correo')).toBe(m.notEmail('smtp.fromAddress'));
    expect(settingValueError('smtp.fromAddress', '')).toBe(m.required('smtp.fromAddress'));
    expect(settingValueError('smtp.host', 'smtp.example.com')).toBeNull();
    expect(settingValueError('smtp.host', '')).toBeNull();
    expect(settingValueError('smtp.host', 'smtp example')).toBe(m.notHost('smtp.host'));
    expect(settingValueError('smtp.fromName', 'x'.repeat(101))).toBe(m.tooLong('smtp.fromName', 100));
    expect(settingValueError('smtp.fromName', 'a\u0000b')).toBe(m.invalidCharacters('smtp.fromName'));
    expect(settingValueError('web.publicUrl', 'https://atalaya.example/')).toBeNull();
    expect(settingValueError('web.publicUrl', '')).toBeNull();
    expect(settingValueError('web.publicUrl', 'javascript:alert(1)')).toBe(m.notUrl('web.publicUrl'));
    expect(settingValueError('errors.recipients', 'a@b.uy, c@d.uy')).toBeNull();
    expect(settingValueError('errors.recipients', 'a@b.uy, nada')).toBe(m.notEmailList('errors.recipients'));
    expect(settingValueError('nope', 'x')).toBe(m.unknown('nope'));
  });

  it('limits the update body and the test-mail address', () => {
    expect(settingUpdateSchema.safeParse({ values: [{ Name_setting: 'smtp.port', Value_setting: 'x'.repeat(2001) }] }).success).toBe(false);
    expect(settingUpdateSchema.safeParse({ values: [{ Name_setting: 'smtp.password', Value_setting: '', Clear: true }] }).success).toBe(true);
    expect(settingTestMailSchema.safeParse({ To: 'no es un correo' }).success).toBe(false);
    expect(settingTestMailSchema.safeParse({}).success).toBe(true);
  });

  it('limits the E2B sender settings (C.3) to the lengths of the ICH data-element table', () => {
    const elements: Record<string, string> = {
      'e2b.senderOrganisation': 'C.3.2',
      'e2b.senderDepartment': 'C.3.3.1',
      'e2b.senderTitle': 'C.3.3.2',
      'e2b.senderGivenName': 'C.3.3.3',
      'e2b.senderFamilyName': 'C.3.3.5',
      'e2b.senderStreet': 'C.3.4.1',
      'e2b.senderCity': 'C.3.4.2',
      'e2b.senderState': 'C.3.4.3',
      'e2b.senderPostcode': 'C.3.4.4',
      'e2b.senderTelephone': 'C.3.4.6',
      'e2b.senderFax': 'C.3.4.7',
      'e2b.senderEmail': 'C.3.4.8',
    };
    for (const [name, element] of Object.entries(elements)) {
      const rule = settingRule(name);
      expect(rule && 'maxLength' in rule ? rule.maxLength : null, name).toBe(ichElement(element)?.maxLength);
    }
    expect(settingChoices('e2b.senderType')?.map((choice) => choice.value)).toEqual(ichElement('C.3.1')?.allowed);
    expect(settingChoices('e2b.senderId')).toBeNull();
    expect(settingValueError('e2b.senderType', '7')).toBeNull();
    expect(settingValueError('e2b.senderCountry', '')).toBeNull();
    expect(settingValueError('e2b.senderCountry', 'AR')).toBeNull();
    expect(settingValueError('e2b.senderEmail', '')).toBeNull();
    expect(settingValueError('smtp.fromAddress', '')).toBe(MSG.settings.required('smtp.fromAddress'));
  });
});
