/**
 * Times Señales' table (`signalTable`, the service of GET /api/signals) on a database loaded
 * with `npm run signals:load` or generated (docs/signals.md 'Figures'):
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/atalaya_signals npm run signals:table -w bench
 *
 * Three calls as a QPPV: the whole table (first: fits the EBGM prior), the whole table again
 * (cached fit), and one PT (`--pt` code; default the most frequent PT).
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase, signalTable } from '../apps/server/src/faces/bench.js';

const { values } = parseArgs({ options: { pt: { type: 'string' } } });
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is required');
const database = await openDatabase({ databaseUrl });
try {
  const user = { id: '00000000-0000-0000-0000-000000000000', role: 'QPPV' as const, countryCode: 'UY', email: 'bench@atalaya.invalid' };
  const [top] = (await database.db.execute(sql`select pt_code from signal_counts where drug_kind = 0 and drug_id = 0 and pt_code <> 0 group by 1 order by sum(cases) desc limit 1`)).rows;
  const pt = Number(values.pt ?? top?.pt_code ?? 0);
  for (const [label, query] of [
    ['whole table, first call (fits the prior)', {}],
    ['whole table, cached prior', {}],
    [`one PT (${pt})`, { pt }],
  ] as const) {
    const started = performance.now();
    const table = await signalTable(database.db, user, query);
    console.log(`${label}: ${Math.round(performance.now() - started)} ms — N ${table.Casos}, ${table.Total} pairs, top ${table.Filas[0]?.Farmaco} × ${table.Filas[0]?.Pt} EB05 ${table.Filas[0]?.EB05?.toFixed(2)}`);
  }
} finally {
  await database.close();
}
