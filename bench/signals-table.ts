/**
 * Times Señales' table (`signalTable`, the service of GET /api/signals) on a database loaded
 * with `npm run signals:load` or generated (docs/signals.md 'Figures'):
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/atalaya_signals npm run signals:table -w bench [-- --laboratorios <id,id,…>]
 *
 * Two QPPVs it creates (the table follows the user's laboratory reach, docs/signals.md 'Reach'):
 * one granted every laboratory (the count table `signal_counts`) and one granted some laboratories
 * (`--laboratorios`, default the one with most cases: the cells of the cases in reach).
 * For each, three calls: the whole table (first: fits the EBGM prior), the whole table again
 * (cached fit), and one PT (`--pt` code; default the most frequent PT).
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { type AuthUser, createUser, openDatabase, signalTable } from '../apps/server/src/faces/bench.js';

const { values } = parseArgs({ options: { pt: { type: 'string' }, laboratorios: { type: 'string' } } });
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is required');
const database = await openDatabase({ databaseUrl });
try {
  const db = database.db;
  const [top] = (await db.execute(sql`select pt_code from signal_counts where drug_kind = 0 and drug_id = 0 and pt_code <> 0 group by 1 order by sum(cases) desc limit 1`)).rows;
  const pt = Number(values.pt ?? top?.pt_code ?? 0);
  const [busiest] = (await db.execute(sql`select l as id, count(*) as n from events, unnest(laboratory_ids) l where deleted_at is null group by 1 order by 2 desc limit 1`)).rows;
  const laboratoryIds = (values.laboratorios ?? String(busiest?.id ?? 0)).split(',').map(Number);
  const asUser = (created: { id: string; email: string; countryCode: string }): AuthUser => ({ id: created.id, role: 'QPPV', countryCode: created.countryCode, email: created.email });
  const every = asUser(await createUser(db, { role: 'QPPV', laboratories: [{}] }));
  const one = asUser(await createUser(db, { role: 'QPPV', laboratories: laboratoryIds.map((laboratoryId) => ({ laboratoryId })) }));
  for (const [who, user] of [
    ['every laboratory', every],
    [`laboratories ${laboratoryIds.join(',')}`, one],
  ] as const) {
    for (const [label, query] of [
      ['whole table, first call (fits the prior)', {}],
      ['whole table, cached prior', {}],
      [`one PT (${pt})`, { pt }],
    ] as const) {
      const started = performance.now();
      const table = await signalTable(db, user, query);
      console.log(`${who} — ${label}: ${Math.round(performance.now() - started)} ms — N ${table.Casos}, ${table.Total} pairs, top ${table.Filas[0]?.Farmaco} × ${table.Filas[0]?.Pt} EB05 ${table.Filas[0]?.EB05?.toFixed(2)}`);
    }
  }
} finally {
  await database.close();
}
