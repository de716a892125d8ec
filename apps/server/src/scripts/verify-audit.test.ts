import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../db/client.js';
import { auditLog } from '../db/schema/index.js';
import { writeAudit } from '../modules/audit/index.js';

/**
 * Issue 15 §4: `npm run verify-audit` prints OK with the count, or the first break (row id
 * and why) with a non-zero exit code. Run as an operator would, on an embedded data directory.
 */

const serverRoot = fileURLToPath(new URL('../../', import.meta.url));
let dataDir: string;

function verifyAudit(env: Record<string, string>) {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  return spawnSync('npx', ['tsx', '--conditions=source', 'src/scripts/verify-audit.ts'], {
    cwd: serverRoot,
    env: { ...inherited, ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'atalaya-verify-audit-'));
  const database = await openDatabase({ dataDir });
  try {
    await migrate(database);
    for (const n of [1, 2, 3]) await writeAudit(database.db, { kind: 'user.created', actor: null, description: `fila ${n}` });
  } finally {
    await database.close();
  }
}, 120_000);
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('npm run verify-audit', () => {
  it('prints OK with the number of rows of an intact chain, exit code 0', () => {
    const run = verifyAudit({ ATALAYA_DATA_DIR: dataDir });
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/^OK: 3 filas de auditoría encadenadas; último hash [0-9a-f]{64}\n$/);
    expect(run.status).toBe(0);
  });

  it('reports the first break with the row id, exit code 1, after a row was deleted as the owner', async () => {
    const database = await openDatabase({ dataDir });
    let next: number | undefined;
    try {
      const rows = await database.db.select({ id: auditLog.id }).from(auditLog).orderBy(auditLog.chainSeq);
      next = rows[2]?.id;
      await database.db.execute(sql`alter table audit_log disable trigger audit_log_append_only`);
      await database.db.delete(auditLog).where(eq(auditLog.id, rows[1]?.id ?? 0));
      await database.db.execute(sql`alter table audit_log enable trigger audit_log_append_only`);
    } finally {
      await database.close();
    }
    const run = verifyAudit({ ATALAYA_DATA_DIR: dataDir });
    expect(run.stderr).toContain(`la cadena de auditoría se rompe en la fila ${next} (posición 2): falta la fila de la posición 2 (borrada)`);
    expect(run.status).toBe(1);
  });
});
