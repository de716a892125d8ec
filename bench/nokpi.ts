/**
 * The no-KPI bench (issue 18 §2, §5): the deadline engine's calls on PostgreSQL with the
 * generated million cases (generate.ts, then migration 0016's backfill), in process
 * (`buildApp` + `inject`: the route, its validation, the SQL and the serialisation; no
 * socket), as the demo QPPV (every laboratory) and the demo RLF (Uruguay): the no-KPI card
 * and first page, a country, a keyed next page, a page by number; the task lists beside them
 * (they now read the stored state); then one case's refresh, a metric change over every case
 * and a sweep. p50 / p95 / max of `--runs` sequential calls after 3 warm-ups. Run by hand on
 * a copy of the bench database (it writes): never a timed test.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_engine npx tsx --conditions=source bench/nokpi.ts
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { bearer, buildApp, loadConfig, login, openDatabase, refreshCaseDeadlines, rowsOf, sweepOverdueDeadlines } from '../apps/server/src/faces/bench.js';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '30' }, 'skip-writes': { type: 'boolean', default: false } } });
const RUNS = Number(args.runs);
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL');

const database = await openDatabase({ databaseUrl: url });
const app = await buildApp({ database, config: { ...loadConfig({ LOG_LEVEL: 'silent', APP_URL: 'http://bench.test' }), captchaMaxNumber: 1000 } });
await app.ready();

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function time(label: string, call: () => Promise<{ statusCode: number; body: string }>): Promise<void> {
  for (let i = 0; i < 3; i += 1) {
    const warm = await call();
    if (warm.statusCode !== 200) throw new Error(`${label}: ${warm.statusCode} ${warm.body.slice(0, 200)}`);
  }
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(`| ${label} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} | ${(times[times.length - 1] ?? 0).toFixed(1)} |`);
}

const PASSWORD = 'Demo.2026';
const users = { QPPV: 'qppv@demo.atalaya', RLF: 'rlf@demo.atalaya' } as const;
console.log(`runs: ${RUNS}`);
const counts = rowsOf<{ state: string; n: number }>(await database.db.execute(sql`select state, count(*)::int as n from event_metric_alerts group by state order by state`));
console.log(`event_metric_alerts: ${counts.map((row) => `${row.state} ${row.n}`).join(', ')}`);
console.log('| call | p50 ms | p95 ms | max ms |\n| --- | --: | --: | --: |');
for (const [role, email] of Object.entries(users)) {
  const { accessToken } = await login(app, { email, password: PASSWORD });
  const headers = bearer(accessToken);
  const post = (payload: object) => app.inject({ method: 'POST', url: '/api/getNoKpiMetrics', headers, payload });
  const get = (path: string) => app.inject({ method: 'GET', url: `/api/${path}`, headers });
  const first = (await post({ pais: null })).json<{ LastKey: string | null; cantReport: number; porcentaje: number }>();
  console.log(`| ${role}: card ${first.cantReport} (${first.porcentaje} %) | | | |`);
  await time(`${role} getNoKpiMetrics {pais: null} (card + first page)`, () => post({ pais: null }));
  await time(`${role} getNoKpiMetrics {firstselect: 'AR'}`, () => post({ firstselect: 'AR' }));
  if (first.LastKey) await time(`${role} getEventsNoKpi next page (after: key)`, () => get(`getEventsNoKpi?page=2&pageKey=after:${first.LastKey}`));
  await time(`${role} getEventsNoKpi page 20 by number (offset 285)`, () => get('getEventsNoKpi?page=20'));
  await time(`${role} getNoKpiCountries`, () => get('getNoKpiCountries'));
  await time(`${role} getWorkFlow (stored KPI columns)`, () => get('getWorkFlow/1/15/FechaSolicitud%20DESC/null/null/null/null/null/null'));
  await time(`${role} getWorkFlowInvert (stored KPI columns)`, () => get('getWorkFlowInvert/1/15/FechaSolicitud%20DESC'));
}

if (!args['skip-writes']) {
  const [one] = rowsOf<{ id: string }>(await database.db.execute(sql`select id::text from events where deleted_at is null and status = 3 limit 1`));
  if (one) {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const started = performance.now();
      await database.db.transaction((tx) => refreshCaseDeadlines(tx, { eventIds: [one.id] }));
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(`| refreshCaseDeadlines, one case (in a write's transaction) | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} | ${(times.at(-1) ?? 0).toFixed(1)} |`);
  }
  let started = performance.now();
  const sweep = await sweepOverdueDeadlines(database.db);
  console.log(`sweep at now: ${sweep.missed.length} rows marked overdue, ${sweep.told.length} told, ${(performance.now() - started).toFixed(0)} ms`);
  started = performance.now();
  await database.db.transaction((tx) => refreshCaseDeadlines(tx, { metricId: 2 }));
  console.log(`metric 2 recomputed for every case (a metric change): ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
await app.close();
await database.close();
