export {
  announceConfigurationChanged,
  createConfigurationEvents,
  onConfigurationChanged,
  type ConfigurationChanged,
  type ConfigurationEvents,
} from './configuration-events.js';
export { registerRealtimeHub, type HubServerEvents, type RealtimeHubOptions } from './hub.js';
export {
  announceAccountAccessChanged,
  createAccountEvents,
  onAccountAccessChanged,
  type AccountAccessChanged,
  type AccountEvents,
} from './account-events.js';
