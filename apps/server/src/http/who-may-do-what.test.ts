import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { ROLES, type Role } from '@atalaya/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { routeAccessTable, type RouteAccessEntry, type RouteRoles } from './route-access.js';

/**
 * docs/roles.md 'Who may do what' → 'The calls an ADMIN can make': the table between the
 * `who-may-do-what:calls` markers, one route a row with a ✓ per role, is compared with the
 * route table of the real application. A listed route must exist and declare exactly those
 * roles; a route that lets an ADMIN in must be listed. So the page and the server cannot drift.
 */

const ROLES_MD = fileURLToPath(new URL('../../../../docs/roles.md', import.meta.url));
const START = '<!-- who-may-do-what:calls -->';
const END = '<!-- /who-may-do-what:calls -->';

/** `'GET /api/x'` → the roles with a ✓, in `ROLES` order. */
async function documentedCalls(): Promise<Map<string, Role[]>> {
  const text = await readFile(ROLES_MD, 'utf8');
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/roles.md has no ${START} … ${END} table`);
  const rows = text
    .slice(start + START.length, end)
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('|'));
  const [header, separator, ...body] = rows;
  const columns = (line: string) => line.slice(1, -1).split('|').map((cell) => cell.trim());
  const heads = columns(header ?? '');
  if (!separator || heads[0] !== 'call') throw new Error('the calls table must start with the column "call"');
  const roleColumns = ROLES.map((role) => {
    const index = heads.indexOf(role);
    if (index < 0) throw new Error(`the calls table has no column ${role}`);
    return [role, index] as const;
  });
  const calls = new Map<string, Role[]>();
  for (const line of body) {
    const cells = columns(line);
    const call = /^`(GET|POST|PUT|DELETE) (\/api\/\S+)`$/.exec(cells[0] ?? '');
    if (!call) throw new Error(`not a call: ${line}`);
    const key = `${call[1]} ${call[2]}`;
    if (calls.has(key)) throw new Error(`listed twice: ${key}`);
    calls.set(
      key,
      roleColumns.filter(([, index]) => (cells[index] ?? '') === '✓').map(([role]) => role),
    );
    for (const [role, index] of roleColumns) {
      if (!['', '✓'].includes(cells[index] ?? '')) throw new Error(`${key}: the ${role} cell must be ✓ or empty`);
    }
  }
  return calls;
}

/** Who a declaration lets in, in `ROLES` order ('authenticated': every role; 'public': none is checked). */
function declared(roles: RouteRoles): Role[] | 'public' {
  if (roles === 'public') return 'public';
  if (roles === 'authenticated') return [...ROLES];
  return ROLES.filter((role) => roles.includes(role));
}

let t: TestApp;
let table: readonly RouteAccessEntry[];

beforeAll(async () => {
  t = await createTestApp();
  table = routeAccessTable(t.app).filter((entry) => entry.method !== 'HEAD');
});
afterAll(() => t.close());

describe("docs/roles.md 'Who may do what' and the server", () => {
  it('each listed call exists and declares exactly the roles the page gives it', async () => {
    const calls = await documentedCalls();
    expect(calls.size).toBeGreaterThan(0);
    const byKey = new Map(table.map((entry) => [`${entry.method} ${entry.url}`, entry]));
    const differences: string[] = [];
    for (const [key, roles] of calls) {
      const entry = byKey.get(key);
      if (!entry) differences.push(`${key}: listed in docs/roles.md, not registered`);
      else if (JSON.stringify(declared(entry.roles)) !== JSON.stringify(roles)) {
        differences.push(`${key}: docs/roles.md ${roles.join(', ') || '(none)'}; the route ${JSON.stringify(entry.roles)}`);
      }
    }
    expect(differences).toEqual([]);
  });

  it('every route that lets an ADMIN in is listed', async () => {
    const calls = await documentedCalls();
    const missing = table
      .filter((entry) => {
        const roles = declared(entry.roles);
        return roles !== 'public' && roles.includes('ADMIN');
      })
      .map((entry) => `${entry.method} ${entry.url}`)
      .filter((key) => !calls.has(key));
    expect(missing, "routes an ADMIN may call that docs/roles.md 'The calls an ADMIN can make' does not list").toEqual([]);
  });

  it('reads the table as written (the metrics calls: ADMIN and QPPV only)', async () => {
    const calls = await documentedCalls();
    for (const call of ['GET /api/getAllMetricsTime', 'GET /api/getTimeOptions', 'POST /api/updateMetricTime', 'POST /api/activeMetric']) {
      expect(calls.get(call), call).toEqual(['ADMIN', 'QPPV']);
    }
    expect(calls.get('GET /api/getContext')).toEqual([...ROLES]);
  });
});
