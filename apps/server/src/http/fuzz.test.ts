import { appendFileSync, readFileSync } from 'node:fs';
import type { Role } from '@atalaya/domain';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { createTestAppOn } from '../test-support/app.js';
import { createCase } from '../test-support/cases.js';
import { bearer, createUser, login, randomIp } from '../test-support/factories.js';
import { privateTestDatabase } from '../test-support/private-db.js';
import { badRequests, describeRequest, type FuzzHints, type FuzzRequest, fuzzRoutes, type OpenApiDocument } from '../test-support/fuzz.js';
import { OPENAPI_SNAPSHOT_PATH } from './openapi-snapshot.js';

/*
 * Property-based fuzz test (docs/testing.md, "The fuzz test"): every route of the OpenAPI
 * document with a body, query or path parameters gets ATALAYA_FUZZ_RUNS bad requests
 * (200 on PGlite, 50 on PostgreSQL), each sent signed in as one of the roles the route allows
 * (and also without sign-in on public routes). Each answer must be 4xx (never 5xx) with a Spanish
 * `Message` and a `Code` the route lists for that status (docs/api.md 'Error codes': the server
 * test set-up holds every test's answers to the lists), and no table may gain or lose a row over a route's batch.
 * A failure prints fast-check's seed and path: ATALAYA_FUZZ_SEED=… ATALAYA_FUZZ_PATH=…
 * with `-t '<METHOD> <path>'` replays it.
 */

const onPostgres = Boolean(process.env.DATABASE_URL);
const RUNS = Number(process.env.ATALAYA_FUZZ_RUNS ?? (onPostgres ? 50 : 200));
const SEED = process.env.ATALAYA_FUZZ_SEED ? Number(process.env.ATALAYA_FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
const REPLAY_PATH = process.env.ATALAYA_FUZZ_PATH;
/** A file to list every failing request in (JSON lines) instead of stopping at the first one of a route. */
const SURVEY_FILE = process.env.ATALAYA_FUZZ_SURVEY;

const document = JSON.parse(readFileSync(OPENAPI_SNAPSHOT_PATH, 'utf8')) as OpenApiDocument;
const routes = fuzzRoutes(document);

/**
 * Tables that a refused request may legitimately write to, and why:
 * - login_attempts: a refused sign-in or electronic-signature password is counted, that is
 *   what the brute-force limits read (A's atomic limits may count before refusing);
 * - socket_io_attachments: the Socket.IO PostgreSQL adapter's own traffic, unrelated to requests.
 */
const TABLES_WRITTEN_ON_REFUSAL = new Set(['login_attempts', 'socket_io_attachments']);

/** English that Fastify, ajv, zod or a plugin would answer with when nothing translates it. */
const ENGLISH = /\b(must|should|expected|invalid|required|unexpected|not found|unsupported|too (big|small|long|short)|received|bad request|error|failed|cannot|unknown|body|querystring|params)\b/i;
/** At least one sign of Spanish: an accent, ñ, ¿¡, or a common word. */
const SPANISH = /[áéíóúñ¿¡]|\b(el|la|los|las|de|del|no|es|un|una|se|con|por|para|debe|puede|hay|sin|su|requerid[oa]s?)\b/i;

interface Context {
  app: FastifyInstance;
  database: Database;
  tokens: Map<Role, string>;
  tables: string[];
  hints: FuzzHints;
  close(): Promise<void>;
}

let context: Context;

/** On PostgreSQL the suite's database is shared with test files running at the same time: a private one keeps the row counts ours. */
beforeAll(async () => {
  const { database, drop } = await privateTestDatabase();
  // ATALAYA_FUZZ_LOG=error shows the stack of each 500 (the test app is silent otherwise).
  const testApp = await createTestAppOn(database, process.env.ATALAYA_FUZZ_LOG === 'error' ? { logLevel: 'error' } : {});
  const { app } = testApp;
  await app.ready();
  const tokens = new Map<Role, string>();
  const userIds = new Map<Role, string>();
  for (const role of ['ADMIN', 'QPPV', 'RLF', 'CL', 'Fabricante'] as const) {
    // Every laboratory in reach, so that a request gets as far into the route as it can.
    const user = await createUser(database.db, { role, laboratories: role === 'ADMIN' ? [] : [{}] });
    userIds.set(role, user.id);
    tokens.set(role, (await login(app, user)).accessToken);
  }
  // A real case in reach of every role: examples name it, so mutations reach the routes' own checks.
  const testCase = await createCase(database.db, { createdBy: userIds.get('QPPV') ?? '', rams: [{ description: 'Cefalea' }] });
  const hints: FuzzHints = Object.fromEntries(['meta', 'ider', 'event', 'evrepid', 'erid', 'er'].map((name) => [name, testCase.meta]));
  // Numeric ids in paths name no record but the hinted ones: the E2B receivers the migration seeds
  // (ids 1–4) would let a mutated id that happens to be a small integer delete one, a valid request.
  await database.db.execute(sql`delete from e2b_receivers`);
  const tableRows = await database.db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const tables = tableRows.rows.map((row) => row.name).filter((name) => !TABLES_WRITTEN_ON_REFUSAL.has(name));
  context = {
    app,
    database,
    tokens,
    tables,
    hints,
    async close() {
      await testApp.close();
      await drop();
    },
  };
}, 120_000);

afterAll(async () => {
  await context?.close();
});

/** Row count of every table but those of TABLES_WRITTEN_ON_REFUSAL, in one query. */
async function rowCounts(): Promise<Record<string, number>> {
  const selects = context.tables.map((name) => `select '${name}' as name, count(*)::int as n from "${name}"`).join(' union all ');
  const result = await context.database.db.execute<{ name: string; n: number }>(sql.raw(selects));
  return Object.fromEntries(result.rows.map((row) => [row.name, Number(row.n)]));
}

function tokenFor(role: Role): string {
  const token = context.tokens.get(role);
  if (!token) throw new Error(`No token for ${role}`);
  return token;
}

/** Why an answer to a bad request is wrong, or null when it is right. */
function problem(request: FuzzRequest, response: LightMyRequestResponse): string | null {
  const status = response.statusCode;
  if (status >= 500) return `answered ${status}: ${response.body.slice(0, 300)}`;
  if (status < 400) return request.mustRefuse ? `answered ${status} to a request that breaks its schema` : null;
  let message: unknown;
  try {
    message = (response.json() as { Message?: unknown }).Message;
  } catch {
    return `answered ${status} with a body that is not JSON: ${response.body.slice(0, 200)}`;
  }
  if (typeof message !== 'string' || message.trim() === '') return `answered ${status} without a Message: ${response.body.slice(0, 200)}`;
  // Its `Code` is held to the route's list by the server test set-up, as every test's answers are.
  if (ENGLISH.test(message) || !SPANISH.test(message)) return `answered ${status} with a Message that is not Spanish: ${message}`;
  return null;
}

describe('fuzz: bad inputs on every route of the OpenAPI document', () => {
  it('covers every route with a body, query or path parameters', () => {
    // A route added to the app is in docs/openapi.json (its snapshot test), hence here.
    expect(routes.length).toBeGreaterThan(80);
    const live = (context.app.swagger() as unknown as OpenApiDocument).paths;
    expect(routes.every((route) => live[route.path]?.[route.method.toLowerCase()] !== undefined)).toBe(true);
  });

  for (const route of routes) {
    const name = `${route.method} ${route.path}`;
    it(name, async () => {
      const { app } = context;
      const before = await rowCounts();
      const failures: string[] = [];
      const property = fc.asyncProperty(badRequests(route, context.hints), async (request) => {
        const response = await app.inject({
          method: request.method as 'GET' | 'POST',
          url: request.url,
          headers: { ...request.headers, ...(request.as ? bearer(tokenFor(request.as)) : {}) },
          payload: request.payload,
          // A fresh address each time: the per-address rate limits would otherwise answer 429 to most of the batch.
          remoteAddress: randomIp(),
        });
        const wrong = problem(request, response);
        if (!wrong) return;
        if (SURVEY_FILE) {
          failures.push(wrong);
          appendFileSync(SURVEY_FILE, `${JSON.stringify({ route: name, problem: wrong, request: describeRequest(request) })}\n`);
          return;
        }
        throw new Error(`${wrong}\n  request: ${describeRequest(request)}`);
      });
      await fc.assert(property, { numRuns: RUNS, seed: SEED, path: REPLAY_PATH, endOnFailure: false });
      expect.soft(failures, `${failures.length} wrong answers (listed in ${SURVEY_FILE}); seed ${SEED}`).toEqual([]);
      const after = await rowCounts();
      const changed = Object.keys(after).filter((table) => after[table] !== before[table]).map((table) => `${table}: ${before[table]} → ${after[table]}`);
      expect(changed, `rows written by refused requests (seed ${SEED})`).toEqual([]);
    }, 120_000);
  }
});
