import { HUB_EVENTS, HUB_PATH } from '@atalaya/domain';
import { describe, expect, it, vi } from 'vitest';
import { type HubSocket, type HubSocketOptions, startHubConnection } from './hub-connection';

type Listener = (...args: unknown[]) => void;

/** A stand-in for a Socket.IO socket: records what the connection does and lets the test play the server. */
class FakeSocket {
  active = true;
  connects = 0;
  disconnects = 0;
  private readonly listeners = new Map<string, Listener[]>();
  private readonly anyListeners: Listener[] = [];

  constructor(readonly options: HubSocketOptions) {}

  on(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  onAny(listener: Listener): this {
    this.anyListeners.push(listener);
    return this;
  }
  connect(): this {
    this.connects += 1;
    this.active = true;
    return this;
  }
  disconnect(): this {
    this.disconnects += 1;
    this.active = false;
    return this;
  }

  /** The token the handshake would send now. */
  handshakeToken(): unknown {
    let sent: unknown;
    const { auth } = this.options;
    if (typeof auth === 'function') auth((data) => (sent = data));
    return sent;
  }
  fire(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }
  serverSends(event: string, message: unknown): void {
    for (const listener of this.anyListeners) listener(event, message);
  }
  /** The server's middleware refused the handshake: Socket.IO does not retry by itself. */
  refused(message: string): void {
    this.active = false;
    this.fire('connect_error', new Error(message));
  }
}

function setup(options: { token?: () => string | null; refresh?: () => Promise<'ok' | 'rejected' | 'offline'> } = {}) {
  let socket: FakeSocket | undefined;
  const messages: [string, unknown][] = [];
  const log = { info: vi.fn(), warn: vi.fn() };
  const refreshSession = vi.fn(options.refresh ?? (() => Promise.resolve('ok' as const)));
  const stop = startHubConnection({
    createSocket: (socketOptions) => {
      socket = new FakeSocket(socketOptions);
      return socket as unknown as HubSocket;
    },
    getToken: options.token ?? (() => 'token-1'),
    refreshSession,
    onMessage: (event, message) => messages.push([event, message]),
    log,
  });
  if (!socket) throw new Error('No socket opened');
  return { socket, stop, messages, log, refreshSession };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('startHubConnection', () => {
  it('opens /signalr with websocket then long polling and the current access token', () => {
    let token = 'token-1';
    const { socket } = setup({ token: () => token });
    expect(socket.options).toMatchObject({ path: HUB_PATH, transports: ['websocket', 'polling'], tryAllTransports: true });
    expect(socket.handshakeToken()).toEqual({ token: 'token-1' });
    // A reconnection asks again, so it sends the token renewed meanwhile.
    token = 'token-2';
    expect(socket.handshakeToken()).toEqual({ token: 'token-2' });
  });

  it('logs every message and hands it on', () => {
    const { socket, messages, log } = setup();
    const message = { kind: 'homeReport', reference: 'RH-2026-000001', countryCode: 'UY', date: '2026-01-01T00:00:00.000Z' };
    socket.serverSends(HUB_EVENTS.newEvents, message);
    expect(messages).toEqual([[HUB_EVENTS.newEvents, message]]);
    expect(log.info).toHaveBeenCalledWith(`[hub] ${HUB_EVENTS.newEvents}`, message);
  });

  it('only logs a network failure, which Socket.IO retries by itself', async () => {
    const { socket, log, refreshSession } = setup();
    socket.fire('connect_error', new Error('websocket error'));
    await flush();
    expect(log.warn).toHaveBeenCalledWith('[hub] no se pudo conectar:', 'websocket error');
    expect(refreshSession).not.toHaveBeenCalled();
    expect(socket.connects).toBe(0);
  });

  it('refreshes the session once and tries again when the server refuses the token', async () => {
    const { socket, refreshSession } = setup();
    socket.refused('Debe iniciar sesión para continuar');
    await flush();
    expect(refreshSession).toHaveBeenCalledTimes(1);
    expect(socket.connects).toBe(1);

    // Refused again with the new token: no loop of refreshes.
    socket.refused('Debe iniciar sesión para continuar');
    await flush();
    expect(refreshSession).toHaveBeenCalledTimes(1);
    expect(socket.connects).toBe(1);

    // Once a connection succeeds, a later refusal may refresh again.
    socket.fire('connect');
    socket.refused('Debe iniciar sesión para continuar');
    await flush();
    expect(refreshSession).toHaveBeenCalledTimes(2);
    expect(socket.connects).toBe(2);
  });

  it('does not try again when the session cannot be refreshed', async () => {
    const { socket, refreshSession } = setup({ refresh: () => Promise.resolve('rejected') });
    socket.refused('Debe iniciar sesión para continuar');
    await flush();
    expect(refreshSession).toHaveBeenCalledTimes(1);
    expect(socket.connects).toBe(0);
  });

  it('connects again with the current token when the server ends the socket (token expired, access changed)', () => {
    let token = 'token-1';
    const { socket } = setup({ token: () => token });
    socket.fire('connect');
    token = 'token-2';
    socket.fire('disconnect', 'io server disconnect');
    expect(socket.connects).toBe(1);
    expect(socket.handshakeToken()).toEqual({ token: 'token-2' });
    // A network drop is Socket.IO's to retry.
    socket.fire('disconnect', 'transport close');
    expect(socket.connects).toBe(1);
  });

  it('disconnects when stopped and does not reconnect after a late refresh', async () => {
    let finishRefresh: (result: 'ok') => void = () => undefined;
    const { socket, stop } = setup({ refresh: () => new Promise((resolve) => (finishRefresh = resolve)) });
    socket.refused('Debe iniciar sesión para continuar');
    stop();
    finishRefresh('ok');
    await flush();
    expect(socket.disconnects).toBe(1);
    expect(socket.connects).toBe(0);
  });
});
