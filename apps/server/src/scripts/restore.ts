/**
 * Restores a backup of the embedded database into an empty data directory:
 *
 *   cd apps/server && npx tsx --conditions=source src/scripts/restore.ts backups/atalaya-<timestamp>.tar.gz
 *
 * The target is ATALAYA_DATA_DIR (default `data/`); `--data-dir <folder>` picks another.
 * It refuses a directory that already holds a database: move that one aside first (with the
 * server stopped). The server applies any newer migrations when it next starts.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { DataDirLockedError } from '../db/data-dir-lock.js';
import { holdsDatabase, serverRunningMessage } from './embedded-data-dir.js';

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    options: { 'data-dir': { type: 'string' } },
    allowPositionals: true,
  });
  const [file] = positionals;
  if (!file) throw new Error('Usage / uso: restore.ts <backup.tar.gz> [--data-dir <folder>]');
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new Error('DATABASE_URL is set: restore with pg_restore. / DATABASE_URL está definida: restaure con pg_restore.');
  }
  const baseDir = process.env.INIT_CWD ?? process.cwd();
  const dataDir = values['data-dir'] ? resolve(baseDir, values['data-dir']) : config.dataDir;
  if (holdsDatabase(dataDir)) {
    throw new Error(
      `${dataDir} already holds a database: move it aside first. / ${dataDir} ya contiene una base de datos: muévala antes.`,
    );
  }
  const dump = new Blob([await readFile(resolve(baseDir, file))]);
  const database = await openDatabase({ dataDir, loadDataDir: dump });
  await database.close();
  console.log(`Restored into / restaurado en: ${dataDir}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof DataDirLockedError ? serverRunningMessage(error.dataDir) : String(error));
  process.exitCode = 1;
});
