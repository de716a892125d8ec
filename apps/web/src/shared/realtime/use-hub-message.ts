import { useContext, useEffect, useRef } from 'react';
import { HubContext } from './hub-context';

/**
 * Calls `handler` with every `event` message of the hub (`HUB_EVENTS.newEvents`,
 * `HUB_EVENTS.configurationChanged`) while the component is mounted. The latest handler is
 * called, so it may change on every render without resubscribing. Outside `RealtimeProvider`
 * (public pages, tests) it does nothing.
 */
export function useHubMessage<T>(event: string, handler: (message: T) => void): void {
  const registry = useContext(HubContext);
  const latest = useRef(handler);

  useEffect(() => {
    latest.current = handler;
  });

  useEffect(() => {
    if (!registry) return undefined;
    // The hub's messages are typed by the contract of each event (packages/domain work-lists.ts).
    return registry.subscribe(event, (message) => latest.current(message as T));
  }, [registry, event]);
}
