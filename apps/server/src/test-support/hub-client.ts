import type { AddressInfo } from 'node:net';
import { type ConfigurationChangedMessage, HUB_EVENTS, HUB_PATH, type NewEventsMessage, type Role } from '@atalaya/domain';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { io as connectClient, type Socket } from 'socket.io-client';
import { signAccessToken } from '../http/access-token.js';
import { createCaseEvents } from '../modules/cases/index.js';
import { createHomeReportEvents } from '../modules/home-reports/index.js';
import { type RealtimeHubOptions, registerRealtimeHub } from '../modules/realtime/index.js';
import { createAccountEvents } from '../modules/users/index.js';
import { announceConfigurationChanged, type ConfigurationEvents, createConfigurationEvents } from '../shared/configuration-events.js';
import type { TestApp } from './app.js';

/** The Socket.IO transports a test client may use; the browser tries them in this order. */
export type HubTransport = 'websocket' | 'polling';

/** A connected (or refused) hub client with the messages it has heard so far. */
export interface Listener {
  socket: Socket;
  newEvents: NewEventsMessage[];
  configurationChanged: ConfigurationChangedMessage[];
}

const opened: Socket[] = [];

/** Disconnects every client opened since the last call: call it in `afterEach`. */
export function disconnectOpenedClients(): void {
  for (const socket of opened.splice(0)) socket.disconnect();
}

/** The address of a server listening on 127.0.0.1 (`listen({ port: 0, host: '127.0.0.1' })`). */
export function baseUrl(app: FastifyInstance): string {
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/**
 * Opens a hub connection like the browser does; resolves once connected or refused.
 * No reconnection: a refused client stays refused.
 */
export function open(
  app: FastifyInstance,
  options: { token?: string | null; transports?: HubTransport[]; origin?: string } = {},
): Promise<{ listener: Listener; error: Error | null }> {
  const socket = connectClient(baseUrl(app), {
    path: HUB_PATH,
    transports: options.transports ?? ['websocket', 'polling'],
    auth: options.token ? { token: options.token } : {},
    reconnection: false,
    forceNew: true,
    ...(options.origin ? { extraHeaders: { origin: options.origin } } : {}),
  });
  opened.push(socket);
  const listener: Listener = { socket, newEvents: [], configurationChanged: [] };
  socket.on(HUB_EVENTS.newEvents, (message: NewEventsMessage) => listener.newEvents.push(message));
  socket.on(HUB_EVENTS.configurationChanged, (message: ConfigurationChangedMessage) => listener.configurationChanged.push(message));
  return new Promise((resolve) => {
    socket.once('connect', () => resolve({ listener, error: null }));
    socket.once('connect_error', (error) => resolve({ listener, error }));
  });
}

/** A hub client that must connect (throws if refused). */
export async function connected(app: FastifyInstance, token: string, transports?: HubTransport[]): Promise<Listener> {
  const { listener, error } = await open(app, { token, transports });
  if (error) throw error;
  return listener;
}

/**
 * The end of a "nothing else arrived" check: announces a configuration change, which the hub
 * sends to every client, and waits until each listener has heard it. The hub sends a client's
 * messages in order over one connection, so a message emitted (in this process) before the
 * sentinel that a listener has not heard by then will not come: assert its absence after this.
 */
export async function heardSentinel(events: ConfigurationEvents, log: FastifyBaseLogger, listeners: Listener[]): Promise<void> {
  const what = `centinela-${crypto.randomUUID()}`;
  announceConfigurationChanged(events, { what }, log);
  for (const listener of listeners) {
    await expect.poll(() => listener.configurationChanged.some((message) => message.what === what)).toBe(true);
  }
}

/** The references of the `newEvents` messages heard. */
export const references = (messages: NewEventsMessage[]) => messages.map((message) => message.reference);

/** An access token of a made-up user, signed with `key` (the key a bare hub was started with). */
export function hubToken(key: Uint8Array, role: Role, countryCode: string): Promise<string> {
  return signAccessToken({ id: crypto.randomUUID(), role, countryCode, email: `${role.toLowerCase()}@test.atalaya` }, key);
}

/**
 * A bare server with the realtime hub alone, over the database of `t`, listening on a free
 * port of 127.0.0.1, so a test can announce what other modules announce. Event buses not
 * given are new ones nobody announces on. Close it before `t`.
 */
export async function startBareHub(
  t: Pick<TestApp, 'database' | 'config'>,
  options: Pick<RealtimeHubOptions, 'accessTokenKey'> & Partial<RealtimeHubOptions>,
): Promise<FastifyInstance> {
  const hub = Fastify({ logger: false });
  await registerRealtimeHub(hub, {
    database: t.database,
    config: t.config,
    homeReportEvents: createHomeReportEvents(),
    caseEvents: createCaseEvents(),
    configurationEvents: createConfigurationEvents(),
    accountEvents: createAccountEvents(),
    ...options,
  });
  await hub.listen({ port: 0, host: '127.0.0.1' });
  return hub;
}
