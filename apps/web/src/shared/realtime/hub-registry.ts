/** A component's handler of one hub message. */
export type HubHandler = (message: unknown) => void;

/**
 * Who listens to which hub message. It outlives the connection, so components subscribe
 * before the socket connects and stay subscribed across reconnections.
 */
export interface HubRegistry {
  /** Returns the unsubscribe function. */
  subscribe(event: string, handler: HubHandler): () => void;
  /** Hands a message to every handler of its event; a failing handler does not stop the others. */
  dispatch(event: string, message: unknown): void;
}

export function createHubRegistry(log: Pick<Console, 'error'> = console): HubRegistry {
  const handlers = new Map<string, Set<HubHandler>>();
  return {
    subscribe(event, handler) {
      let set = handlers.get(event);
      if (!set) {
        set = new Set();
        handlers.set(event, set);
      }
      set.add(handler);
      return () => {
        set.delete(handler);
        if (set.size === 0 && handlers.get(event) === set) handlers.delete(event);
      };
    },
    dispatch(event, message) {
      for (const handler of [...(handlers.get(event) ?? [])]) {
        try {
          handler(message);
        } catch (error) {
          log.error(`[hub] a handler of '${event}' failed`, error);
        }
      }
    },
  };
}
