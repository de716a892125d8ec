import { settingListSchema, settingTestMailResultSchema, settingTestMailSchema, settingUpdateResultSchema, settingUpdateSchema } from '../settings.js';
import { endpoint } from './endpoint.js';

/** The 'Configuración' screen: the settings, their change and 'Probar envío'. */
export const settingsApi = {
  settingGetAll: endpoint({ method: 'GET', path: '/api/settingGetAll', access: 'settings.manage', response: settingListSchema }),
  /** Answers the names of the settings that changed. */
  settingUpdate: endpoint({ method: 'POST', path: '/api/settingUpdate', access: 'settings.manage', body: settingUpdateSchema, response: settingUpdateResultSchema, errors: { 400: ['settings.clearNotAllowed', 'settings.duplicated', 'settings.invalidCharacters', 'settings.notBoolean', 'settings.notEmail', 'settings.notHost', 'settings.notInteger', 'settings.notUrl', 'settings.readOnly', 'settings.required', 'settings.surroundingBlanks', 'settings.tooLong', 'settings.unknown', 'settings.notChoice', 'settings.notCountryCode', 'settings.notIdentifier', 'settings.notMeddraVersion'] } }),
  settingTestMail: endpoint({
    method: 'POST',
    path: '/api/settingTestMail',
    access: 'settings.manage',
    body: settingTestMailSchema,
    response: settingTestMailResultSchema,
  }),
};
