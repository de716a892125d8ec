export { registerRealtimeHub, type HubServerEvents, type RealtimeHubOptions } from './hub.js';
