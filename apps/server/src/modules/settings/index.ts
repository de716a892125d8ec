export { settingsModule, type SettingsModuleOptions } from './routes.js';
export { ERROR_NOTICE_INTERVAL_MS, registerErrorNotices } from './error-notices.js';
