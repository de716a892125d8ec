import type { IncomingMessage } from 'node:http';
import { type ConfigurationChangedMessage, type DeadlineMissedMessage, HUB_EVENTS, HUB_PATH, type ImportProgressEvent, MSG, type NewEventsMessage, ROLE_IDS, type SignalCaseMessage } from '@atalaya/domain';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import pg from 'pg';
import { Server } from 'socket.io';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { type AuthUser, verifyAccessToken } from '../../http/access-token.js';
import type { CurrentAccount } from '../../http/route-access.js';
import { type CaseEvents, onCaseCreated } from '../cases/index.js';
import { onCaseSent } from '../cases/index.js';
import { type DeadlineEvents, onDeadlinesMissed } from '../deadlines/index.js';
import { type HomeReportEvents, onHomeReportCreated } from '../home-reports/index.js';
import { type ImportEvents, onImportProgress } from '../imports/index.js';
import { onSignalCaseNotices, type SignalNoticeEvents } from '../signal-register/index.js';
import { type AccountEvents, onAccountAccessChanged } from '../users/index.js';
import { type ConfigurationEvents, onConfigurationChanged } from '../../shared/configuration-events.js';
import { createPostgresHubAdapter, type HubAdapter } from './postgres-adapter.js';
import { caseSentRooms, newEventsRooms, roleRoom, roomsOfUser, userRoom } from './rooms.js';

export interface RealtimeHubOptions {
  database: Database;
  config: Config;
  accessTokenKey: Uint8Array;
  homeReportEvents: HomeReportEvents;
  caseEvents: CaseEvents;
  configurationEvents: ConfigurationEvents;
  /** Users whose access changed: their sockets are disconnected (in every process). */
  accountEvents: AccountEvents;
  /** Cases that missed a KPI limit: 'Plazo vencido' to the users told (`deadlineEvents`, docs/kpi.md). */
  deadlineEvents?: DeadlineEvents;
  /** Imports that changed status, table or percentage: 'progresoImportacion' to the ADMIN room (docs/adr/0014-import-jobs.md). */
  importEvents?: ImportEvents;
  /** New cases of a watched signal's pair: 'casoSenal' to its responsible person (docs/signals.md 'Gestión de señales'). */
  signalNoticeEvents?: SignalNoticeEvents;
  /**
   * The account of a verified token as it is now (the route guard's lookup): a deactivated
   * account, one whose role changed, or one that has not accepted the terms is not connected.
   * Without it (a bare hub in tests) every valid token connects.
   */
  currentAccount?: (userId: string) => Promise<CurrentAccount | undefined>;
}

/** What the hub sends (platform spec §4 'Realtime hub'); clients send nothing. */
export interface HubServerEvents {
  [HUB_EVENTS.newEvents]: (message: NewEventsMessage) => void;
  [HUB_EVENTS.configurationChanged]: (message: ConfigurationChangedMessage) => void;
  [HUB_EVENTS.deadlineMissed]: (message: DeadlineMissedMessage) => void;
  [HUB_EVENTS.importProgress]: (message: ImportProgressEvent) => void;
  [HUB_EVENTS.signalCase]: (message: SignalCaseMessage) => void;
}
type NoEvents = Record<string, never>;
interface HubSocketData {
  user: AuthUser;
  /** When the access token expires (ms since the epoch): the socket is disconnected then. */
  expiresAt: number;
}
type HubServer = Server<NoEvents, HubServerEvents, NoEvents, HubSocketData>;

/** Handshakes carry only the token; nothing larger is accepted from a client. */
const MAX_CLIENT_MESSAGE_BYTES = 16 * 1024;

/** The connection string of a `pg` database: the configured one, else the one its pool was opened with. */
function connectionStringOf(database: Database, config: Config): string {
  if (config.databaseUrl) return config.databaseUrl;
  const client: unknown = (database.db as unknown as { $client?: unknown }).$client;
  const fromPool = client instanceof pg.Pool ? client.options.connectionString : undefined;
  if (!fromPool) throw new Error('Realtime hub: no PostgreSQL connection string for the Postgres adapter');
  return fromPool;
}

/** The expiry of a verified access token (ms since the epoch); now when it carries none. */
function tokenExpiry(token: string): number {
  const { exp } = decodeJwt(token);
  return typeof exp === 'number' ? exp * 1000 : Date.now();
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return first?.split(',')[0]?.trim() || undefined;
}

/**
 * Same origin only: a browser's handshake must come from the page's own host (or from the
 * configured public address). Non-browser clients send no Origin; their token is what counts.
 */
export function isSameOriginHandshake(request: IncomingMessage, config: Pick<Config, 'appUrl' | 'trustProxy'>): boolean {
  const origin = firstHeader(request.headers.origin);
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.origin === new URL(config.appUrl).origin) return true;
  const hosts = [firstHeader(request.headers.host)];
  if (config.trustProxy) hosts.push(firstHeader(request.headers['x-forwarded-host']));
  return hosts.some((host) => host !== undefined && host.toLowerCase() === url.host.toLowerCase());
}

/**
 * The realtime hub: Socket.IO on Fastify's HTTP server under /signalr (websocket and long
 * polling), same origin only. A client authenticates with its access token in `auth.token`
 * and joins the rooms of its role and country; it then hears 'nuevosEventos' for the new
 * incoming reports and cases that concern it, and for the cases sent to its review (the RLF
 * of the case's country), and 'cambioConfiguracion' when the configuration changes. With PostgreSQL the Postgres adapter spreads every message to all the processes.
 * A failed emit is logged and never reaches the request that stored the data.
 */
export async function registerRealtimeHub(app: FastifyInstance, options: RealtimeHubOptions): Promise<void> {
  const { database, config, accessTokenKey, currentAccount } = options;
  const log = app.log.child({ module: 'realtime' });

  const hubAdapter: HubAdapter | null =
    database.driver === 'pg' ? await createPostgresHubAdapter(connectionStringOf(database, config), log) : null;

  const io: HubServer = new Server(app.server, {
    path: HUB_PATH,
    transports: ['websocket', 'polling'],
    serveClient: false,
    maxHttpBufferSize: MAX_CLIENT_MESSAGE_BYTES,
    allowRequest: (request, callback) => {
      callback(null, isSameOriginHandshake(request, config));
    },
    ...(hubAdapter ? { adapter: hubAdapter.adapter } : {}),
  });

  io.use((socket, next) => {
    const auth: unknown = socket.handshake.auth;
    const token = auth && typeof auth === 'object' && 'token' in auth && typeof auth.token === 'string' ? auth.token : null;
    const verified = token ? verifyAccessToken(token, accessTokenKey) : Promise.resolve(null);
    verified
      .then(async (user) => {
        if (!user) {
          next(new Error(MSG.errors.unauthenticated));
          return;
        }
        const account = currentAccount ? await currentAccount(user.id) : undefined;
        if (currentAccount && !(account?.isActive && account.roleId === ROLE_IDS[user.role])) {
          next(new Error(MSG.errors.sessionExpired));
          return;
        }
        if (currentAccount && account?.acceptTerms !== true) {
          next(new Error(MSG.errors.termsNotAccepted));
          return;
        }
        socket.data.user = user;
        socket.data.expiresAt = tokenExpiry(token ?? '');
        next();
      })
      .catch((error: unknown) => {
        log.error({ err: error }, 'realtime hub: token check failed');
        next(new Error(MSG.errors.unauthenticated));
      });
  });

  io.on('connection', (socket) => {
    const { user, expiresAt } = socket.data;
    void socket.join(roomsOfUser(user));
    // The token's session ends at its expiry: the client reconnects with a refreshed token.
    const expiry = setTimeout(() => socket.disconnect(true), Math.max(0, expiresAt - Date.now()));
    socket.once('disconnect', () => clearTimeout(expiry));
    log.debug({ userId: user.id, transport: socket.conn.transport.name }, 'realtime hub: connected');
  });

  function emitNewEvents(message: NewEventsMessage, rooms: string[] = newEventsRooms(message.countryCode)): void {
    try {
      io.to(rooms).emit(HUB_EVENTS.newEvents, message);
    } catch (error) {
      log.error({ err: error, reference: message.reference }, 'realtime hub: could not send nuevosEventos');
    }
  }

  const unsubscribe = [
    onHomeReportCreated(options.homeReportEvents, (report) => {
      emitNewEvents({ kind: 'homeReport', reference: report.reference, countryCode: report.countryCode, date: report.createdAt.toISOString() });
    }),
    onCaseCreated(options.caseEvents, (created) => {
      emitNewEvents({ kind: 'event', reference: created.referenceNumber, countryCode: created.countryCode, date: created.createdAt.toISOString() });
    }),
    onCaseSent(options.caseEvents, (sent) => {
      const message: NewEventsMessage = { kind: 'event', reference: sent.referenceNumber, countryCode: sent.countryCode, date: sent.sentAt.toISOString() };
      emitNewEvents(message, sent.userIds ? sent.userIds.map(userRoom) : caseSentRooms(sent.countryCode));
    }),
    onAccountAccessChanged(options.accountEvents, (change) => {
      // Every socket of the user, in every process (the Postgres adapter relays it).
      io.in(userRoom(change.userId)).disconnectSockets(true);
      log.info({ userId: change.userId, reason: change.reason }, 'realtime hub: disconnected a user whose access changed');
    }),
    ...(options.deadlineEvents
      ? [
          onDeadlinesMissed(options.deadlineEvents, (missed) => {
            for (const told of missed.told) {
              try {
                io.to(userRoom(told.userId)).emit(HUB_EVENTS.deadlineMissed, { reference: told.reference, meta: told.meta, date: missed.at.toISOString() });
              } catch (error) {
                log.error({ err: error, reference: told.reference }, 'realtime hub: could not send plazoVencido');
              }
            }
          }),
        ]
      : []),
    ...(options.importEvents
      ? [
          onImportProgress(options.importEvents, (progress) => {
            try {
              io.to(roleRoom('ADMIN')).emit(HUB_EVENTS.importProgress, progress);
            } catch (error) {
              log.error({ err: error, code: progress.code_import }, 'realtime hub: could not send progresoImportacion');
            }
          }),
        ]
      : []),
    ...(options.signalNoticeEvents
      ? [
          onSignalCaseNotices(options.signalNoticeEvents, (notices) => {
            for (const { userId, ...message } of notices) {
              try {
                io.to(userRoom(userId)).emit(HUB_EVENTS.signalCase, message);
              } catch (error) {
                log.error({ err: error, reference: message.reference }, 'realtime hub: could not send casoSenal');
              }
            }
          }),
        ]
      : []),
    onConfigurationChanged(options.configurationEvents, (change) => {
      try {
        io.emit(HUB_EVENTS.configurationChanged, { what: change.what, date: change.changedAt.toISOString() });
      } catch (error) {
        log.error({ err: error, what: change.what }, 'realtime hub: could not send cambioConfiguracion');
      }
    }),
  ];

  // Before Fastify closes its server: open sockets would otherwise keep it from closing.
  app.addHook('preClose', async () => {
    for (const stop of unsubscribe) stop();
    await io.close();
  });
  app.addHook('onClose', async () => {
    await hubAdapter?.close();
  });
}
