import { MSG, ROLE_IDS, type Role } from '@atalaya/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Db } from '../db/client.js';
import { users } from '../db/schema/index.js';
import { type AuthUser, verifyAccessToken } from './access-token.js';
import { requestOrigin } from './request-origin.js';
import { type AppError, forbidden, unauthorized } from './errors.js';

/** Who may call a route: anyone, any signed-in user, or the listed roles. */
export type RouteRoles = 'public' | 'authenticated' | readonly Role[];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Required on every `/api/` route (checked when the route is registered). */
    roles?: RouteRoles;
  }
  interface FastifyRequest {
    /** The user of a valid Bearer token; null on public routes called without one. */
    user: AuthUser | null;
  }
}

/** The refusal for a caller, or null when the route lets them through. */
export function checkAccess(roles: RouteRoles, user: AuthUser | null): AppError | null {
  if (roles === 'public') return null;
  if (!user) return unauthorized(MSG.errors.unauthenticated);
  if (roles === 'authenticated' || roles.includes(user.role)) return null;
  return forbidden(MSG.errors.forbidden);
}

/** The signed-in user of a route that is not public; a 401 if there is none. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

function isApiRoute(url: string): boolean {
  return url === '/api' || url.startsWith('/api/');
}

/** One registered `/api/` route and who may call it: a row of the route table. */
export interface RouteAccessEntry {
  method: string;
  url: string;
  roles: RouteRoles;
}

const routeTables = new WeakMap<FastifyInstance, RouteAccessEntry[]>();

/**
 * Every `/api/` route registered so far with its declared roles (the OpenAPI documentation
 * routes excepted), in registration order: what the authorization matrix test is generated from.
 */
export function routeAccessTable(app: FastifyInstance): readonly RouteAccessEntry[] {
  return routeTables.get(app) ?? [];
}

export interface RouteAccessOptions {
  accessTokenKey: Uint8Array;
  /** `/api/` prefixes whose routes come from a plugin and are public by construction (the OpenAPI docs). */
  publicPrefixes: readonly string[];
  /**
   * Whether the account of a valid token is still what the token says (active, same role);
   * when it is not, the token counts for nothing. Without it every valid token is honoured
   * until it expires.
   */
  isCurrentAccount?: (user: AuthUser) => Promise<boolean>;
}

/**
 * `isCurrentAccount` over the users table: a deactivated account, or one whose role changed,
 * loses its access tokens at once instead of when they expire (ADR 0003: 15 minutes).
 */
export function currentAccountCheck(db: Db): (user: AuthUser) => Promise<boolean> {
  return async (user) => {
    const [row] = await db.select({ isActive: users.isActive, roleId: users.roleId }).from(users).where(eq(users.id, user.id));
    return row !== undefined && row.isActive && row.roleId === ROLE_IDS[user.role];
  };
}

/**
 * Every `/api/` route must declare its roles and response schema, or the server refuses to
 * start. On each request the Bearer token is verified and the roles are checked (401/403).
 * Register before any route.
 */
export function registerRouteAccess(app: FastifyInstance, options: RouteAccessOptions): void {
  const { accessTokenKey, publicPrefixes, isCurrentAccount } = options;
  app.decorateRequest('user', null);
  const table: RouteAccessEntry[] = [];
  routeTables.set(app, table);

  app.addHook('onRoute', (route: RouteOptions) => {
    if (!isApiRoute(route.url) || publicPrefixes.some((prefix) => route.url.startsWith(prefix))) return;
    const where = `${String(route.method)} ${route.url}`;
    const roles = route.config?.roles;
    if (roles === undefined) throw new Error(`Route ${where} declares no roles (config.roles)`);
    if (!route.schema?.response) throw new Error(`Route ${where} declares no response schema`);
    for (const method of [route.method].flat()) table.push({ method, url: route.url, roles });
  });

  app.addHook('onRequest', async (request) => {
    const roles = request.routeOptions.config.roles;
    if (roles === undefined) return;
    const token = bearerToken(request);
    const verified = token ? await verifyAccessToken(token, accessTokenKey) : null;
    const user = verified && (!isCurrentAccount || (await isCurrentAccount(verified))) ? verified : null;
    request.user = user ? { ...user, origin: requestOrigin(request) } : null;
    // A token that verified but whose account is no longer current is a session that ended.
    const refusal = checkAccess(roles, request.user);
    if (refusal && verified && !user) throw unauthorized(MSG.errors.sessionExpired);
    if (refusal) throw refusal;
  });
}
