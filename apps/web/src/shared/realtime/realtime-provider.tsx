import { type ReactNode, useEffect, useState } from 'react';
import { io } from 'socket.io-client';
import { api } from '../api';
import { useSession } from '../session';
import { startHubConnection } from './hub-connection';
import { HubContext } from './hub-context';
import { createHubRegistry } from './hub-registry';

/**
 * The realtime hub of the internal area (platform spec §4): connects with the access token
 * when the application frame mounts and disconnects when it unmounts. While the session is
 * locked there is no token, so it disconnects until the user unlocks; before the terms are
 * accepted it does not connect.
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const { locked, user } = useSession();
  const [registry] = useState(() => createHubRegistry());
  // Before the terms are accepted the user reaches nothing but the terms (the server agrees).
  const idle = locked || !user?.AcceptTerms;

  useEffect(() => {
    if (idle) return undefined;
    return startHubConnection({
      createSocket: (options) => io(options),
      getToken: () => api.getAccessToken(),
      refreshSession: () => api.refreshSession(),
      onMessage: (event, message) => registry.dispatch(event, message),
    });
  }, [idle, registry]);

  return <HubContext.Provider value={registry}>{children}</HubContext.Provider>;
}
