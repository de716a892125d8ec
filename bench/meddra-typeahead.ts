/**
 * The MedDRA typeahead before and after issue 33 on a PostgreSQL dictionary (docs/performance-plans.md):
 *
 *   DATABASE_URL=… npx tsx --conditions=source bench/meddra-typeahead.ts dolor ab itis …
 *
 * For each term: the regular-expression query the typeahead ran before (`currentLltsMatching`,
 * with `enable_seqscan = off` for 3+ letters as the server set it; it reads the trigram index on
 * `lower(name)` if the database still has it) and `atalaya_llt_typeahead` (what the server runs
 * now), whether both answer the same rows in the same order, and the best time of each (3 and 5
 * timed runs); then the p50/p95 of every timed run. Load the dictionary first with
 * `npm run meddra-release -w bench -- --import` on the same DATABASE_URL.
 */
import pg from 'pg';
import { accentInsensitivePattern, foldAccents } from '../apps/server/src/faces/bench.js';

const OLD = `select l.code as llt_code, l.name as llt_name, pt.name as pt_name, soc.name as soc_name from meddra_llt l
  join meddra_pt pt on pt.code = l.pt_code left join meddra_soc soc on soc.code = pt.primary_soc_code
  where l.current = true and (l.introduced_by is null or l.introduced_by in (select import_id from meddra_versions)) and lower(l.name) ~ $1
  order by lower(l.name) ~ $2 desc, l.name asc, l.code asc limit 20`;

function percentile(sorted: readonly number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))] ?? Number.NaN;
}

async function main(): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query('set jit = off');
    const before: number[] = [];
    const after: number[] = [];
    console.log('| term | rows | result | before ms | after ms |\n| --- | --: | --- | --: | --: |');
    for (const term of process.argv.slice(2)) {
      const pattern = accentInsensitivePattern(term);
      const bounded = foldAccents(term.trim()).length >= 3;
      let expected: unknown[] = [];
      let bestBefore = Number.POSITIVE_INFINITY;
      for (let run = 0; run < 4; run += 1) {
        const start = performance.now();
        if (bounded) await client.query('begin; set local enable_seqscan = off');
        expected = (await client.query(OLD, [pattern, `^${pattern}`])).rows;
        if (bounded) await client.query('commit');
        const ms = performance.now() - start;
        if (run > 0) {
          before.push(ms);
          bestBefore = Math.min(bestBefore, ms);
        }
      }
      const folded = foldAccents(term.trim().replace(/\s+/g, ' '));
      let actual: unknown[] = [];
      let bestAfter = Number.POSITIVE_INFINITY;
      for (let run = 0; run < 7; run += 1) {
        const start = performance.now();
        actual = (await client.query('select llt_code, llt_name, pt_name, soc_name from atalaya_llt_typeahead($1, 20)', [folded])).rows;
        const ms = performance.now() - start;
        if (run > 1) {
          after.push(ms);
          bestAfter = Math.min(bestAfter, ms);
        }
      }
      const same = JSON.stringify(expected) === JSON.stringify(actual);
      console.log(`| ${term} | ${expected.length} | ${same ? 'same' : 'DIFFERENT'} | ${bestBefore.toFixed(1)} | ${bestAfter.toFixed(1)} |`);
    }
    before.sort((a, b) => a - b);
    after.sort((a, b) => a - b);
    console.log(`\nbefore: p50 ${percentile(before, 0.5).toFixed(1)} ms, p95 ${percentile(before, 0.95).toFixed(1)} ms`);
    console.log(`after: p50 ${percentile(after, 0.5).toFixed(1)} ms, p95 ${percentile(after, 0.95).toFixed(1)} ms`);
  } finally {
    await client.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
