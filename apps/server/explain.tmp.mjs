import pg from 'pg';
import fs from 'node:fs';
const lines = fs.readFileSync(process.argv[2], 'utf8').trim().split('\n').map((l) => JSON.parse(l));
const idx = process.argv.slice(3).map(Number);
const c = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/atalaya_bench', options: '-c jit=off -c max_parallel_workers_per_gather=0' });
await c.connect();
for (const i of idx) {
  const { sql, params } = lines[i];
  let r;
  for (let k = 0; k < 3; k++) r = await c.query(`explain (analyze, buffers, costs off) ${sql}`, params);
  console.log(`--- ${i}`); console.log(r.rows.map((x) => x['QUERY PLAN']).join('\n'));
}
await c.end();
