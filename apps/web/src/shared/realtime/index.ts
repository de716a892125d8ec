/**
 * The realtime hub client (Socket.IO under /signalr): `RealtimeProvider`, mounted by the
 * internal application frame, and `useHubMessage(event, handler)` for the screens.
 */
export { RealtimeProvider } from './realtime-provider';
export { useHubMessage } from './use-hub-message';
