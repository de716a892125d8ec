/**
 * `npm run db:check`: fails when the Drizzle schema (src/db/schema) has changes that no
 * committed migration in drizzle/ holds. drizzle-kit generates into a copy of drizzle/ in a
 * temporary folder; a new migration there means one is missing. No database is needed.
 */
import { spawnSync } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const serverRoot = fileURLToPath(new URL('..', import.meta.url));
const migrations = join(serverRoot, 'drizzle');

/** drizzle-kit with the options of drizzle.config.ts, but the migrations folder `out`. */
function drizzleKit(command, out) {
  // drizzle-kit reads `out` relative to the working directory.
  const args = ['drizzle-kit', command, '--dialect=postgresql', `--out=${relative(serverRoot, out)}`];
  if (command === 'generate') args.push('--schema=./src/db/schema/index.ts', '--casing=snake_case', '--name=pending');
  // stdin closed: a question (a rename to confirm) ends the run instead of waiting.
  return spawnSync('npx', args, { cwd: serverRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 });
}

const sqlFiles = async (folder) => (await readdir(folder)).filter((name) => name.endsWith('.sql')).sort();

const temp = await mkdtemp(join(tmpdir(), 'atalaya-db-check-'));
let failure = null;
try {
  const out = join(temp, 'drizzle');
  await cp(migrations, out, { recursive: true });

  const check = drizzleKit('check', out);
  if (check.status !== 0) {
    failure = `drizzle-kit check: the migration history in apps/server/drizzle is not consistent.\n${check.stdout}${check.stderr}`;
  } else {
    const generate = drizzleKit('generate', out);
    const before = new Set(await sqlFiles(migrations));
    const added = (await sqlFiles(out)).filter((name) => !before.has(name));
    if (generate.status !== 0) {
      failure = `drizzle-kit generate failed (a rename to confirm counts as a missing migration).\n${generate.stdout}${generate.stderr}`;
    } else if (added.length > 0) {
      const sql = await Promise.all(added.map((name) => readFile(join(out, name), 'utf8')));
      failure = `The Drizzle schema (apps/server/src/db/schema) has changes without a migration: run npm run db:generate and commit apps/server/drizzle.\nMissing:\n${sql.join('\n')}`;
    }
  }
} finally {
  await rm(temp, { recursive: true, force: true });
}

if (failure) {
  console.error(`db:check: ${failure}`);
  process.exit(1);
}
console.log('db:check: the migrations in apps/server/drizzle match the Drizzle schema.');
