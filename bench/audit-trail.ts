/**
 * The audit trail's lists on a large database (issue 18 §4; docs/audit-trail.md): first
 * pages, a filtered page, a keyset next page and a bounded file, called through the server's
 * own service functions (no HTTP: the SQL and the mapping), sequentially, p50/p95 over
 * `--runs` after two warm-up calls; then the plans of two first pages.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_audit npx tsx --conditions=source bench/audit-trail.ts --audit-rows 1000000
 *
 * `--audit-rows N` first tops audit_log up to N rows (set-based inserts of 100,000 with the
 * table's triggers off, on this copy only: 60 % ER, 15 % Usuarios, 10 % Configuracion, 15 % Parametros over
 * the last three years). Run on a copy of the bench database, never on a shared one. Run by
 * hand; never a timed test.
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { parsePageKey, type Role } from '@atalaya/domain';
import { sql } from 'drizzle-orm';
import { topUpAuditLog } from './support/audit-log.js';
import { type AuthUser, buildAuditFile, getHistoryPage, listAuditLog, migrate, openDatabase } from '../apps/server/src/faces/bench.js';

const { values } = parseArgs({ options: { 'audit-rows': { type: 'string', default: '0' }, runs: { type: 'string', default: '20' } } });
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is required (a copy of the bench database)');
const database = await openDatabase({ databaseUrl });
const db = database.db;

async function userOf(email: string): Promise<AuthUser> {
  const rows = await db.execute<{ id: string; role: Role; code: string }>(
    sql`select u.id, r.name as role, c.code from users u join roles r on r.id = u.role_id join countries c on c.id = u.country_id where u.email = ${email}`,
  );
  const row = rows.rows[0];
  if (!row) throw new Error(`no user ${email}`);
  return { id: row.id, role: row.role, countryCode: row.code, email };
}

async function time(label: string, runs: number, call: () => Promise<unknown>): Promise<void> {
  await call();
  await call();
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await call();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]?.toFixed(1);
  console.log(`| ${label} | ${at(0.5)} | ${at(0.95)} |`);
}

try {
  await migrate(database);
  const target = Number(values['audit-rows']);
  if (target > 0) await topUpAuditLog(db, target);
  const runs = Number(values.runs);
  const qppv = await userOf('qppv@demo.atalaya');
  const rlf = await userOf('rlf@demo.atalaya');
  const admin = await userOf('admin@demo.atalaya');
  const counts = await db.execute<{ audit: string; history: string; events: string }>(
    sql`select (select count(*) from audit_log) as audit, (select count(*) from operation_history) as history, (select count(*) from events) as events`,
  );
  console.log(`events ${counts.rows[0]?.events}, operation_history ${counts.rows[0]?.history}, audit_log ${counts.rows[0]?.audit}\n`);
  console.log('| call | p50 ms | p95 ms |\n| --- | --: | --: |');
  const first = parsePageKey(null);
  if (!first) throw new Error('page key');
  const history = { meta: null, referencia: null, from: null, to: null, orderBy: 'Date DESC' as const, pageNumber: 1, pageSize: 15 };
  await time('Evento Reportable, QPPV (every laboratory), page 1', runs, () => getHistoryPage(db, qppv, history));
  const page1 = await getHistoryPage(db, qppv, history);
  await time('Evento Reportable, QPPV, next page (keyset)', runs, () => getHistoryPage(db, qppv, { ...history, pageNumber: 2, pageKey: `after:${page1.LastKey}` }));
  await time('Evento Reportable, QPPV, last page', runs, () => getHistoryPage(db, qppv, { ...history, pageNumber: page1.PageCount, pageKey: 'last' }));
  await time('Evento Reportable, RLF (Uruguay), page 1', runs, () => getHistoryPage(db, rlf, history));
  await time("Evento Reportable, QPPV, referencia 'UY-2025-0012' (100 cases)", runs, () => getHistoryPage(db, qppv, { ...history, referencia: 'UY-2025-0012' }));
  await time("Evento Reportable, QPPV, referencia 'UY-2025-001234' (one case)", runs, () => getHistoryPage(db, qppv, { ...history, referencia: 'UY-2025-001234' }));
  await time("Evento Reportable, QPPV, referencia 'UY-2025-00' (400: > 200 cases)", runs, () => getHistoryPage(db, qppv, { ...history, referencia: 'UY-2025-00' }).catch(() => null));
  await time('Evento Reportable, QPPV, one month', runs, () => getHistoryPage(db, qppv, { ...history, from: '2025-03-01', to: '2025-03-31' }));
  await time('Usuarios, page 1', runs, () => listAuditLog(db, 'Usuarios', { from: null, to: null }, { pageNumber: 1, at: first }));
  await time("Usuarios, name 'Pereyra'", runs, () => listAuditLog(db, 'Usuarios', { from: null, to: null, name: 'Pereyra' }, { pageNumber: 1, at: first }));
  await time('Configuración, page 1', runs, () => listAuditLog(db, 'Configuracion', { from: null, to: null }, { pageNumber: 1, at: first }));
  await time('Configuración, one month', runs, () => listAuditLog(db, 'Configuracion', { from: '2025-03-01', to: '2025-03-31' }, { pageNumber: 1, at: first }));
  await time("Parametros, tabla 'Via'", runs, () => listAuditLog(db, 'Parametros', { from: null, to: null, tabla: 'Via' }, { pageNumber: 1, at: first }));
  await time("Parametros, tabla 'Via', page 600 by offset", runs, () => listAuditLog(db, 'Parametros', { from: null, to: null, tabla: 'Via' }, { pageNumber: 600, at: first }));
  await time('downloadAuditFile, Parametros one day (audited)', Math.min(runs, 5), () =>
    buildAuditFile(db, admin, { panel: 'Parametros', from: '2025-03-10', to: '2025-03-10', name: null, tabla: null, referencia: null }),
  );

  for (const [label, query] of [
    ['Usuarios page 1', sql`select id from audit_log where instance = 'Usuarios' order by date_utc desc, id desc limit 16`],
    ['Evento Reportable page 1 (QPPV)', sql`select h.id from operation_history h join events e on e.id = h.event_id where e.deleted_at is null order by h.created_at desc, h.id desc limit 16`],
  ] as const) {
    const plan = await db.execute<{ 'QUERY PLAN': string }>(sql`explain (analyze, costs off, timing off, summary off) ${query}`);
    console.log(`\n${label}:\n${plan.rows.map((row) => `  ${row['QUERY PLAN']}`).join('\n')}`);
  }
} finally {
  await database.close();
}
