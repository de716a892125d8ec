/**
 * `node scripts/drop-test-databases.mjs URL NAME…`: drops the named databases of URL's server, one
 * after another. The integration suite's global teardown starts it detached for the template and
 * the test files' databases (test-support/global-setup.ts): PostgreSQL 15's DROP DATABASE waits
 * for a checkpoint of its own, ~0.2 s each, the first after a run tens of seconds (it writes out
 * the run), and ~270 of them held the suite's end for about 50 s.
 */
import pg from 'pg';

const [url, ...names] = process.argv.slice(2);
const client = new pg.Client({ connectionString: url });
await client.connect();
try {
  for (const name of names) await client.query(`drop database if exists "${name.replaceAll('"', '""')}" with (force)`);
} finally {
  await client.end();
}
