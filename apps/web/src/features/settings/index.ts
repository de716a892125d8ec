// The 'Configuración' screen (platform spec §2 'Settings screen'; docs/settings.md).
export { SettingsPage } from './settings-page';
