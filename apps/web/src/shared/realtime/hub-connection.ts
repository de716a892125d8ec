import { HUB_PATH } from '@atalaya/domain';
import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';

/** What the hub connection needs of a Socket.IO socket (a stand-in in tests). */
export type HubSocket = Pick<Socket, 'on' | 'onAny' | 'connect' | 'disconnect' | 'active'>;

export type HubSocketOptions = Partial<ManagerOptions & SocketOptions>;

export interface HubConnectionOptions {
  /** Opens the socket (`io(options)` of socket.io-client). */
  createSocket(options: HubSocketOptions): HubSocket;
  /** The current access token; read again on every (re)connection. */
  getToken(): string | null;
  /** One refresh of the session (the API client's, shared with its calls). */
  refreshSession(): Promise<'ok' | 'rejected' | 'offline'>;
  /** Every message the hub sends, after it is logged. */
  onMessage(event: string, message: unknown): void;
  log?: Pick<Console, 'info' | 'warn'>;
}

/** The options of the hub's socket: /signalr, websocket first and long polling if it fails. */
export function hubSocketOptions(getToken: () => string | null): HubSocketOptions {
  return {
    path: HUB_PATH,
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
    // A socket of its own each time the application frame mounts.
    forceNew: true,
    // Called on every connection attempt: a reconnection sends the token of that moment.
    auth: (send) => send({ token: getToken() ?? '' }),
  };
}

/**
 * Connects to the realtime hub (platform spec §4): every message is logged and handed to
 * `onMessage`; a failed connection is only logged. Network failures are retried by
 * Socket.IO itself. A refusal by the server (an expired token) is followed by one session
 * refresh and a new attempt; it is not retried again until a connection succeeds. A socket the
 * server ends (token expired, access changed) connects again with the current token.
 * Returns the function that stops the connection.
 */
export function startHubConnection(options: HubConnectionOptions): () => void {
  const log = options.log ?? console;
  let stopped = false;
  let refreshTried = false;
  const socket = options.createSocket(hubSocketOptions(options.getToken));

  socket.on('connect', () => {
    refreshTried = false;
    log.info('[hub] conectado');
  });
  socket.on('disconnect', (reason) => {
    if (stopped) return;
    log.info(`[hub] desconectado (${reason})`);
    // The server ends a socket when its token expires or the user's access changed; Socket.IO
    // does not reconnect after that by itself. A new attempt sends the current token (a refused
    // one is refreshed once, above; a disabled user's refresh fails and the hub stays closed).
    if (reason === 'io server disconnect') socket.connect();
  });
  socket.onAny((event: string, message: unknown) => {
    log.info(`[hub] ${event}`, message);
    options.onMessage(event, message);
  });
  socket.on('connect_error', (error) => {
    log.warn('[hub] no se pudo conectar:', error.message);
    // Still active: a network failure that Socket.IO retries by itself.
    if (socket.active || stopped || refreshTried) return;
    refreshTried = true;
    void options.refreshSession().then(
      (result) => {
        if (result === 'ok' && !stopped) socket.connect();
      },
      () => undefined,
    );
  });

  return () => {
    stopped = true;
    socket.disconnect();
  };
}
