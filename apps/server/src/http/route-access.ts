import { MSG, type Permission, PERMISSIONS, ROLE_IDS, type Role } from '@atalaya/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Db } from '../db/client.js';
import { staticStatement } from '../db/prepared.js';
import { users } from '../db/schema/index.js';
import { type AuthUser, verifyAccessToken } from './access-token.js';
import { requestOrigin } from './request-origin.js';
import type { RouteErrorCodes } from './route-error-codes.js';
import { type AppError, forbidden, unauthorized } from './errors.js';

/** Who may call a route: anyone, any signed-in user, or the roles of its permission. */
export type RouteRoles = 'public' | 'authenticated' | readonly Role[];

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Every `/api/` route declares exactly one of `roles` (anyone, or any signed-in user) and
     * `permission` (the roles of `PERMISSIONS`, packages/domain): checked when it is registered.
     */
    roles?: 'public' | 'authenticated';
    /** The named permission whose roles may call the route (docs/roles.md 'Permissions'). */
    permission?: Permission;
    /**
     * A signed-in user who has not accepted the terms may call it (the context and the
     * acceptance itself). Every other non-public route answers them 403.
     */
    beforeTerms?: boolean;
    /** The error codes the route may answer, by status (contract routes: route-error-codes.ts). */
    errorCodes?: RouteErrorCodes;
  }
  interface FastifyRequest {
    /** The user of a valid Bearer token; null on public routes called without one. */
    user: AuthUser | null;
  }
}

/** Who may call a route, from its declaration; undefined when it declares neither or both. */
export function declaredRoles(config: { roles?: 'public' | 'authenticated'; permission?: Permission } | undefined): RouteRoles | undefined {
  if (config?.permission !== undefined) return config.roles === undefined ? PERMISSIONS[config.permission] : undefined;
  return config?.roles;
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
   * The account of a verified token as it is now. A token whose account is deactivated, or
   * whose role changed, counts for nothing (without this every valid token would be honoured
   * until it expires, ADR 0003); a user who has not accepted the terms reaches only the
   * `beforeTerms` routes. One primary-key lookup per signed-in call.
   */
  currentAccount: (userId: string) => Promise<CurrentAccount | undefined>;
}

/** What the route guard needs of an account on each signed-in call. */
export interface CurrentAccount {
  isActive: boolean;
  roleId: number;
  acceptTerms: boolean | null;
}

/** The route guard's lookup: one prepared statement per request (`staticStatement`). */
const accountById = staticStatement<{ is_active: boolean; role_id: number; accept_terms: boolean | null }, 'id'>(
  (param) => sql`select ${users.isActive}, ${users.roleId}, ${users.acceptTerms} from ${users} where ${users.id} = ${param('id')}`,
);

/** `currentAccount` over the users table. */
export function currentAccountLookup(db: Db): (userId: string) => Promise<CurrentAccount | undefined> {
  return async (userId) => {
    const [row] = await accountById(db, { id: userId });
    return row ? { isActive: row.is_active, roleId: Number(row.role_id), acceptTerms: row.accept_terms } : undefined;
  };
}


/**
 * What `Cache-Control` an `/api/` answer carries. Anything a signed-in user receives (case
 * and user data, errors included) and every public answer that did not choose its own
 * (sign-in, refresh, sign-out, public forms) is `no-store` (a route's own `private, no-store`
 * stays): no browser or proxy keeps a copy. A public route's own choice stands (the public
 * catalogues' `max-age`). The web build's static files are not `/api/` routes and keep their caching.
 */
export function cacheControlFor(roles: RouteRoles, signedIn: boolean, chosen: string | undefined): string {
  if (chosen !== undefined && /\bno-store\b/.test(chosen)) return chosen;
  if (roles !== 'public' || signedIn || chosen === undefined) return 'no-store';
  return chosen;
}

/**
 * Every `/api/` route must declare its roles and response schema, or the server refuses to
 * start. On each request the Bearer token is verified, the roles are checked (401/403), a
 * user who has not accepted the terms is kept to the `beforeTerms` routes (403), and the
 * answer's `Cache-Control` is decided ({@link cacheControlFor}).
 * Register before any route.
 */
export function registerRouteAccess(app: FastifyInstance, options: RouteAccessOptions): void {
  const { accessTokenKey, publicPrefixes, currentAccount } = options;
  app.decorateRequest('user', null);
  const table: RouteAccessEntry[] = [];
  routeTables.set(app, table);

  app.addHook('onRoute', (route: RouteOptions) => {
    if (!isApiRoute(route.url) || publicPrefixes.some((prefix) => route.url.startsWith(prefix))) return;
    const where = `${String(route.method)} ${route.url}`;
    const roles = declaredRoles(route.config);
    if (roles === undefined) throw new Error(`Route ${where} declares no roles nor permission, or both (config.roles, config.permission)`);
    if (!route.schema?.response) throw new Error(`Route ${where} declares no response schema`);
    for (const method of [route.method].flat()) table.push({ method, url: route.url, roles });
  });

  app.addHook('onRequest', async (request) => {
    const roles = declaredRoles(request.routeOptions.config);
    if (roles === undefined) return;
    const token = bearerToken(request);
    const verified = token ? await verifyAccessToken(token, accessTokenKey) : null;
    const account = verified ? await currentAccount(verified.id) : undefined;
    // A token that verified but whose account is no longer current is a session that ended.
    const user = verified && account?.isActive && account.roleId === ROLE_IDS[verified.role] ? verified : null;
    request.user = user ? { ...user, origin: requestOrigin(request) } : null;
    // Decided here for every route: before accepting the terms a user reaches only the routes
    // marked `beforeTerms` (and the public ones, sign-out included), whatever their role.
    if (user && roles !== 'public' && !request.routeOptions.config.beforeTerms && account?.acceptTerms !== true) {
      throw forbidden(MSG.errors.termsNotAccepted);
    }
    const refusal = checkAccess(roles, request.user);
    if (refusal && verified && !user) throw unauthorized(MSG.errors.sessionExpired);
    if (refusal) throw refusal;
  });

  app.addHook('onSend', async (request, reply) => {
    const roles = declaredRoles(request.routeOptions.config);
    if (roles === undefined) return;
    const chosen = reply.getHeader('cache-control');
    reply.header('cache-control', cacheControlFor(roles, request.user !== null, typeof chosen === 'string' ? chosen : undefined));
  });
}
