/**
 * Times the E2B(R3) exchange (issue 29 §7) on a database generate.ts filled:
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/atalaya_bench npm run e2b -w bench
 *   npm run e2b -w bench -- --data-dir /tmp/e2b-bench [--runs 200] [--batch 1000] [--xsd-dir …]
 *
 * 1. Export and validation of one case (`exportCase`, the service behind exportE2B: reach, load,
 *    build, ICH rules, the XSD, the stored submission), as the QPPV and as the RLF of the demo
 *    data: p50 / p95 / max of `--runs` exports after 10 warm-up ones, over the newest closed cases.
 * 2. A batch of `--batch` cases (`exportBatch`, behind exportE2BBatch): the time, and the process's
 *    peak RSS above its RSS before the run (sampled every 20 ms).
 * 3. Parse of FDA's 2 MB scenario 6 (`parseBatchFile`, the import's reader and parser): p50 / p95
 *    of 20 runs after 2 warm-up ones, without and with the schema check.
 *
 * Every export is stored (append-only submissions): run it on a bench database, never on real
 * data. When no MedDRA version is known (no release imported, no fallback in Configuración),
 * `e2b.meddraFallbackVersion` is set to 27.1 first, as the demo does, or every export is refused.
 */
import { performance } from 'node:perf_hooks';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ER_STATUS, type Role } from '@atalaya/domain';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.js';
import type { AuthUser } from '../apps/server/src/http/access-token.js';
import { exportBatch } from '../apps/server/src/modules/e2b/batch.js';
import { exportMeddraVersion } from '../apps/server/src/modules/e2b/config.js';
import { exportCase } from '../apps/server/src/modules/e2b/service.js';
import { preloadSchema } from '../apps/server/src/modules/e2b/xsd.js';
import { parseBatchFile } from '../apps/server/src/modules/e2b-import/batch.js';
import { xsdSchemaCheck } from '../apps/server/src/modules/e2b-import/schema.js';

const reference = resolve(fileURLToPath(new URL('../../shared/reference/', import.meta.url)));
const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string', default: process.env.DATABASE_URL },
    'data-dir': { type: 'string' },
    'xsd-dir': { type: 'string', default: process.env.ATALAYA_E2B_XSD_DIR ?? join(reference, 'e2b-r3-xsd') },
    runs: { type: 'string', default: '200' },
    batch: { type: 'string', default: '1000' },
    receiver: { type: 'string', default: 'EVHUMAN' },
  },
});
const runs = Number(args.runs);
const batchSize = Number(args.batch);
const xsdDir = args['xsd-dir'];
const receiver = args.receiver ?? 'EVHUMAN';

const database = await openDatabase({ databaseUrl: args['database-url'], dataDir: args['data-dir'] });
const db = database.db;

async function userOf(email: string): Promise<AuthUser> {
  const rows = await db.execute<{ id: string; role: Role; code: string }>(
    sql`select u.id, r.name as role, c.code from users u join roles r on r.id = u.role_id join countries c on c.id = u.country_id where u.email = ${email}`,
  );
  const row = rows.rows[0];
  if (!row) throw new Error(`no user ${email}`);
  return { id: row.id, role: row.role, countryCode: row.code, email };
}

/** The newest cases past Pendiente, not annulled, with a coded reaction, that `user` reaches (the export's own reach query decides). */
async function casesFor(user: AuthUser, count: number): Promise<string[]> {
  const rows = await db.execute<{ meta: string }>(sql`
    select e.meta from events e join countries c on c.id = e.country_id
    where e.deleted_at is null and e.status not in (${ER_STATUS.PENDIENTE}, ${ER_STATUS.ANULADO})
      and (${user.role} <> 'RLF' or c.code = ${user.countryCode})
      and exists (select 1 from event_rams r where r.event_id = e.id and r.llt_code is not null)
    order by e.created_at desc limit ${count}`);
  return rows.rows.map((row) => row.meta);
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
const ms = (value: number) => `${value.toFixed(1)} ms`;

function summary(label: string, samples: number[]): void {
  const sorted = [...samples].sort((a, b) => a - b);
  console.log(`${label}: n=${sorted.length} p50 ${ms(quantile(sorted, 0.5))} · p95 ${ms(quantile(sorted, 0.95))} · max ${ms(sorted.at(-1) ?? 0)}`);
}

async function singleExports(email: string): Promise<void> {
  const user = await userOf(email);
  const metas = await casesFor(user, runs + 10);
  if (metas.length === 0) throw new Error(`no exportable case for ${email}`);
  const samples: number[] = [];
  let refused = 0;
  for (const [index, meta] of metas.entries()) {
    const started = performance.now();
    const outcome = await exportCase(db, user, meta, receiver, { xsdDir });
    const elapsed = performance.now() - started;
    if ('refused' in outcome) refused += 1;
    if (index >= 10) samples.push(elapsed);
  }
  summary(`export + validation of one case (${user.role})`, samples);
  if (refused) console.log(`  (${refused} of ${metas.length} refused by the rules: timed all the same)`);
}

async function batchExport(): Promise<void> {
  const user = await userOf('qppv@demo.atalaya');
  const metas = await casesFor(user, batchSize);
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  const outcome = await exportBatch(db, user, receiver, metas, { xsdDir });
  const elapsed = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const exported = 'result' in outcome ? outcome.result.Exportados.length : 0;
  const left = 'result' in outcome ? outcome.result.Rechazados.length : outcome.refused.Rechazados.length;
  console.log(`batch of ${metas.length} cases: ${(elapsed / 1000).toFixed(2)} s (${exported} exported, ${left} left out) · peak RSS +${Math.round((peak - before) / 1048576)} MiB (${Math.round(peak / 1048576)} MiB)`);
}

async function parseScenario6(): Promise<void> {
  const path = join(reference, 'e2b-r3-examples', 'fda-faers-2022', 'FAERS2022Scenario6.xml');
  for (const [label, options] of [
    ['parse of FDA scenario 6 (2 MB)', {}],
    ['parse of FDA scenario 6 (2 MB) with the schema check', { schemaCheck: xsdSchemaCheck(xsdDir) }],
  ] as const) {
    const samples: number[] = [];
    for (let index = 0; index < 22; index += 1) {
      const started = performance.now();
      await parseBatchFile(path, options);
      if (index >= 2) samples.push(performance.now() - started);
    }
    summary(label, samples);
  }
}

try {
  if (!(await exportMeddraVersion(db))) {
    await db.execute(sql`update settings set value = '27.1' where name = 'e2b.meddraFallbackVersion'`);
    console.log('No MedDRA version known: e2b.meddraFallbackVersion set to 27.1 (as the demo does).');
  }
  const schemaStart = performance.now();
  preloadSchema(xsdDir);
  console.log(`schema compiled in ${ms(performance.now() - schemaStart)} (once per process)`);
  await singleExports('qppv@demo.atalaya');
  await singleExports('rlf@demo.atalaya');
  await batchExport();
  await parseScenario6();
} finally {
  await database.close();
}
