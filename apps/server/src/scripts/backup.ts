/**
 * `npm run backup [-- --out <folder>]`: a copy of the embedded database as
 * `backups/atalaya-<timestamp>.tar.gz`. Run it with the server stopped; it refuses while the
 * server holds the database. Restore with `src/scripts/restore.ts` (see its header).
 * With DATABASE_URL it prints the pg_dump command to use instead.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { dumpEmbedded, openDatabase } from '../db/client.js';
import { DataDirLockedError } from '../db/data-dir-lock.js';
import { fileTimestamp, holdsDatabase, serverRunningMessage } from './embedded-data-dir.js';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string', default: 'backups' } } });
  const config = loadConfig();
  const outDir = resolve(process.env.INIT_CWD ?? process.cwd(), values.out);
  const name = `atalaya-${fileTimestamp()}`;

  if (config.databaseUrl) {
    console.log('The database is a PostgreSQL server: back it up with pg_dump, for example:');
    console.log('La base de datos es un servidor PostgreSQL: respáldela con pg_dump, por ejemplo:');
    console.log(`  mkdir -p "${outDir}" && pg_dump --format=custom --file "${resolve(outDir, `${name}.dump`)}" "$DATABASE_URL"`);
    console.log('Restore / restaurar: pg_restore --clean --if-exists --dbname "$DATABASE_URL" <file.dump>');
    return;
  }
  if (!holdsDatabase(config.dataDir)) {
    throw new Error(`No database in ${config.dataDir}. / No hay una base de datos en ${config.dataDir}.`);
  }

  const database = await openDatabase({ dataDir: config.dataDir });
  try {
    const dump = await dumpEmbedded(database);
    if (!dump) throw new Error('The embedded database gave no dump');
    await mkdir(outDir, { recursive: true });
    const file = resolve(outDir, `${name}.tar.gz`);
    await writeFile(file, Buffer.from(await dump.arrayBuffer()), { flag: 'wx' });
    console.log(`Backup written / respaldo escrito: ${file}`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof DataDirLockedError ? serverRunningMessage(error.dataDir) : String(error));
  process.exitCode = 1;
});
