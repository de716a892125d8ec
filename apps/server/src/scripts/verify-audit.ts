/**
 * `npm run verify-audit`: walks the audit hash chain (docs/adr/0006-tamper-evident-record.md)
 * and prints OK with the number of rows and the last hash (keep it elsewhere: it anchors the
 * chain), or the first break (row id, position and why); exit code 1 on a break. With the
 * embedded database, run it with the server stopped.
 */
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { DataDirLockedError } from '../db/data-dir-lock.js';
import { verifyAuditLog } from '../modules/audit/index.js';
import { serverRunningMessage } from './embedded-data-dir.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir });
  try {
    const report = await verifyAuditLog(database.db);
    if (report.ok) {
      console.log(`OK: ${report.count} ${report.count === 1 ? 'fila de auditoría encadenada' : 'filas de auditoría encadenadas'}; último hash ${report.lastHash}`);
      return;
    }
    const where = report.break.id === null ? `después de la última fila (posición ${report.break.position})` : `fila ${report.break.id} (posición ${report.break.position})`;
    console.error(`ROTA: la cadena de auditoría se rompe en la ${where}: ${report.break.reason}. ${report.count} filas verificadas antes.`);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof DataDirLockedError ? serverRunningMessage(error.dataDir) : String(error));
  process.exitCode = 2;
});
