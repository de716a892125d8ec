/**
 * Times Señales (the services of GET /api/signals and GET /api/signals/options) on a database
 * loaded with `npm run signals:load` or generated (docs/signals.md 'Figures'), **read-only**: the
 * connection is opened with `default_transaction_read_only`, and the users are existing ones.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/atalaya_bench npm run signals:table -w bench \
 *     [-- --qppv <email> --restringido <email> --rlf <email> --pt <code> --veces <n>]
 *
 * Three users (the table follows the user's reach, docs/signals.md 'Reach'):
 * - a QPPV holding every laboratory (`--qppv`, default qppv@demo.atalaya): `signal_counts`;
 * - a user holding some laboratories (`--restringido`, default the first active QPPV or CL whose
 *   grants leave a laboratory out; timed as a QPPV: QPPV and CL have the same reach), the rows of
 *   their laboratory sets and of the cases they created (`signal_laboratory_*`, `signal_creator_*`);
 * - an RLF (`--rlf`, default rlf@demo.atalaya): `signal_counts` of its country.
 * For each: the whole table (first call: fits the EBGM prior), the whole table again (cached
 * prior and scores), one active ingredient (the most frequent), one SOC (the most frequent PT's
 * primary SOC), the whole table of the last 12 months of receipt (a background with a period) and
 * the options lists, each `--veces` times (default 5) after the first.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { type AuthUser, openDatabase, signalOptions, signalTable } from '../apps/server/src/faces/bench.js';

const { values } = parseArgs({
  options: { qppv: { type: 'string' }, restringido: { type: 'string' }, rlf: { type: 'string' }, pt: { type: 'string' }, veces: { type: 'string' } },
});
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is required');
const url = new URL(databaseUrl);
url.searchParams.set('options', '-c default_transaction_read_only=on');
const database = await openDatabase({ databaseUrl: url.toString() });
const times = Math.max(1, Number(values.veces ?? 5));
try {
  const db = database.db;
  const one = async (query: ReturnType<typeof sql>) => (await db.execute(query)).rows[0] as Record<string, unknown> | undefined;
  const readOnly = await one(sql`show default_transaction_read_only`);
  if (readOnly?.default_transaction_read_only !== 'on') throw new Error('the connection is not read-only');
  const userOf = async (email: string | undefined, fallback: ReturnType<typeof sql>, role: AuthUser['role']): Promise<AuthUser> => {
    const row = email
      ? await one(sql`select u.id, u.email, c.code from users u join countries c on c.id = u.country_id where u.email = ${email}`)
      : await one(fallback);
    if (!row) throw new Error(`no user ${email ?? ''}`);
    return { id: String(row.id), email: String(row.email), countryCode: String(row.code), role };
  };
  const qppv = await userOf(values.qppv ?? 'qppv@demo.atalaya', sql``, 'QPPV');
  const restricted = await userOf(
    values.restringido,
    sql`select u.id, u.email, c.code from users u join countries c on c.id = u.country_id join roles r on r.id = u.role_id
      where u.is_active and r.name in ('QPPV', 'CL') and exists (select 1 from user_laboratories ul where ul.user_id = u.id)
        and exists (select 1 from laboratories l where not exists (select 1 from user_laboratories ul where ul.user_id = u.id
          and (ul.laboratory_id = l.id or (ul.laboratory_id is null and (ul.company_id = l.company_id or (ul.company_id is null and (ul.country_id is null or ul.country_id = l.country_id)))))))
      order by u.email limit 1`,
    'QPPV',
  );
  const rlf = await userOf(values.rlf ?? 'rlf@demo.atalaya', sql``, 'RLF');
  const top = await one(sql`select pt_code from signal_counts where drug_kind = 0 and drug_id = 0 and pt_code <> 0 group by 1 order by sum(cases) desc limit 1`);
  const pt = Number(values.pt ?? top?.pt_code ?? 0);
  const soc = Number((await one(sql`select primary_soc_code from meddra_pt where code = ${pt}`))?.primary_soc_code ?? 0);
  // The last 12 months of receipt: a background with a period (the restricted reach reads its tables with every dimension).
  const lastMonth = String((await one(sql`select to_char(max(month), 'YYYY-MM') as m from signal_counts`))?.m ?? '2026-01');
  const firstMonth = new Date(Date.UTC(Number(lastMonth.slice(0, 4)), Number(lastMonth.slice(5, 7)) - 12, 1)).toISOString().slice(0, 7);
  const ingredient = Number((await one(sql`select drug_id from signal_counts where drug_kind = 1 and pt_code = 0 group by 1 order by sum(cases) desc limit 1`))?.drug_id ?? 0);
  const labs = await db.execute(sql`select l.id from laboratories l where exists (select 1 from user_laboratories ul where ul.user_id = ${restricted.id}
    and (ul.laboratory_id = l.id or (ul.laboratory_id is null and (ul.company_id = l.company_id or (ul.company_id is null and (ul.country_id is null or ul.country_id = l.country_id)))))) order by 1`);
  console.log(`load ${(await import('node:os')).loadavg().map((x) => x.toFixed(1)).join(' ')}; ingredient ${ingredient}, SOC ${soc} (of PT ${pt}); restricted ${restricted.email}: laboratories ${labs.rows.map((r) => r.id).join(',')}`);
  const timed = async (label: string, run: () => Promise<string>, n: number) => {
    const ms: number[] = [];
    let last = '';
    for (let i = 0; i < n; i += 1) {
      const started = performance.now();
      last = await run();
      ms.push(Math.round(performance.now() - started));
    }
    console.log(`  ${label}: ${ms.join(' / ')} ms — ${last}`);
  };
  const tableOf = (user: AuthUser, query: Parameters<typeof signalTable>[2]) => async () => {
    const table = await signalTable(db, user, query);
    return `N ${table.Casos}, ${table.Total} pairs, top ${table.Filas[0]?.Farmaco} × ${table.Filas[0]?.Pt} EB05 ${table.Filas[0]?.EB05?.toFixed(2)}`;
  };
  for (const [who, user] of [
    ['QPPV, every laboratory', qppv],
    [`restricted (${restricted.email} as QPPV)`, restricted],
    [`RLF (${rlf.email}, ${rlf.countryCode})`, rlf],
  ] as const) {
    console.log(who);
    await timed('whole table, first call (fits the prior)', tableOf(user, {}), 1);
    await timed('whole table, cached prior', tableOf(user, {}), times);
    await timed(`one ingredient (${ingredient})`, tableOf(user, { principio: ingredient }), times);
    await timed(`one SOC (${soc})`, tableOf(user, { soc }), times);
    await timed(`whole table, ${firstMonth}…${lastMonth}`, tableOf(user, { desde: firstMonth, hasta: lastMonth }), times);
    await timed(
      'options',
      async () => {
        const options = await signalOptions(db, user);
        return `${options.Principios.length} ingredients, ${options.Productos.length} products, ${options.Socs.length} SOCs, ${options.Pts.length} PTs`;
      },
      times,
    );
  }
} finally {
  await database.close();
}
