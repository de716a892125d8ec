/**
 * Times the audit hash chain (docs/adr/0006-tamper-evident-record.md): `--rows` audit rows
 * written by `--writers` concurrent writers, each row in its own transaction (every insert
 * takes the chain head's row lock until it commits), then `verify-audit` over the whole chain.
 *
 *   npx tsx --conditions=source bench/audit-chain.ts [--rows 5000] [--writers 20]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/atalaya_bench npx tsx --conditions=source bench/audit-chain.ts
 *
 * Without DATABASE_URL: an in-memory PGlite migrated like the server's (one connection, so
 * the writers take turns anyway). Prints rows per second, the verification time and its result.
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { migrate, openDatabase, verifyAuditLog, writeAudit } from '../apps/server/src/faces/bench.js';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '5000' }, writers: { type: 'string', default: '20' } } });
const rows = Number(values.rows);
const writers = Number(values.writers);

const databaseUrl = process.env.DATABASE_URL;
const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: 'memory://' });
try {
  await migrate(database);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async () => {
      while (next < rows) {
        const n = next++;
        await database.db.transaction((tx) =>
          writeAudit(tx, { kind: 'case.record-changed', actor: null, description: `bench ${n}`, pkId: String(n), oldValues: { n }, newValues: { n: n + 1 } }),
        );
      }
    }),
  );
  const written = performance.now() - started;
  const verifyStarted = performance.now();
  const report = await verifyAuditLog(database.db);
  const verified = performance.now() - verifyStarted;
  console.log(`${databaseUrl ? 'PostgreSQL' : 'PGlite'}: ${rows} audit rows, ${writers} writers: ${Math.round(rows / (written / 1000))} rows/s (${Math.round(written)} ms)`);
  console.log(`verify-audit: ${report.ok ? `OK, ${report.count} rows` : `BROKEN at ${report.break.id}: ${report.break.reason}`} in ${Math.round(verified)} ms`);
} finally {
  await database.close();
}
