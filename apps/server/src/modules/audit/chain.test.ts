import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, inArray, sql } from 'drizzle-orm';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase, type Database } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';
import { createTestDatabase } from '../../test-support/db.js';
import { disableAppendOnly, inRolledBackTransaction } from '../../test-support/tamper.js';
import { GENESIS_HASH, verifyAuditChain, verifyAuditLog, writeAudit } from './index.js';

/**
 * Issue 15 §4: each audit row's hash chains to the previous one, so an edited or deleted row
 * is found by `npm run verify-audit` at the right row, whatever the writers' concurrency.
 */

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

async function writeRows(count: number): Promise<number[]> {
  const marker = `cadena ${crypto.randomUUID()}`;
  for (let n = 0; n < count; n++) {
    await writeAudit(database.db, { kind: 'user.created', actor: null, description: `${marker} ${n}`, newValues: { n, nested: { b: 1, a: [1, 'dos'] } } });
  }
  const rows = await database.db.select({ id: auditLog.id }).from(auditLog).where(sql`${auditLog.description} like ${`${marker}%`}`).orderBy(auditLog.chainSeq);
  return rows.map((row) => row.id);
}

async function chainOf(ids: number[]) {
  return database.db.select({ id: auditLog.id, chainSeq: auditLog.chainSeq, prevHash: auditLog.prevHash, hash: auditLog.hash }).from(auditLog).where(inArray(auditLog.id, ids)).orderBy(auditLog.chainSeq);
}

describe('the audit hash chain', () => {
  it('chains every new row to the previous one, and an intact chain verifies', async () => {
    const ids = await writeRows(3);
    const rows = await chainOf(ids);
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[1]?.prevHash).toBe(rows[0]?.hash);
    expect(rows[2]?.prevHash).toBe(rows[1]?.hash);
    expect(rows[1]?.chainSeq).toBe((rows[0]?.chainSeq ?? 0) + 1);

    const report = await verifyAuditLog(database.db);
    expect(report).toMatchObject({ ok: true });
    expect(report.count).toBeGreaterThanOrEqual(3);
  });

  it('ignores chain values a writer tries to set itself', async () => {
    const [row] = await database.db
      .insert(auditLog)
      .values({ operationType: 'I', instance: 'Usuarios', description: 'intento de fijar la cadena', chainSeq: 1, prevHash: GENESIS_HASH, hash: 'f'.repeat(64) })
      .returning({ id: auditLog.id, chainSeq: auditLog.chainSeq, hash: auditLog.hash });
    expect(row?.hash).not.toBe('f'.repeat(64));
    expect(row?.chainSeq).not.toBe(1);
    expect(await verifyAuditLog(database.db)).toMatchObject({ ok: true });
  });

  it('reports a row edited by the owner (trigger disabled) at that row', async () => {
    const [, edited] = await writeRows(3);
    const report = await inRolledBackTransaction(database.db, async (tx) => {
      await disableAppendOnly(tx, 'audit_log');
      await tx.update(auditLog).set({ description: 'cambiado por el atacante' }).where(eq(auditLog.id, edited ?? 0));
      return verifyAuditChain(tx);
    });
    expect(report).toMatchObject({ ok: false, break: { id: edited, reason: expect.stringContaining('modificada') } });
  });

  it('reports an edited row whose hash was recomputed at the next row', async () => {
    const [first, second] = await writeRows(3);
    const report = await inRolledBackTransaction(database.db, async (tx) => {
      await disableAppendOnly(tx, 'audit_log');
      await tx.update(auditLog).set({ description: 'cambiado' }).where(eq(auditLog.id, first ?? 0));
      await tx.execute(sql`update audit_log set hash = atalaya_audit_hash(prev_hash, audit_log) where id = ${first}`);
      return verifyAuditChain(tx);
    });
    expect(report).toMatchObject({ ok: false, break: { id: second, reason: expect.stringContaining('hash anterior') } });
  });

  it('reports a row deleted by the owner at the row after it, naming the missing position', async () => {
    const ids = await writeRows(3);
    const [, deleted, next] = await chainOf(ids);
    const report = await inRolledBackTransaction(database.db, async (tx) => {
      await disableAppendOnly(tx, 'audit_log');
      await tx.delete(auditLog).where(eq(auditLog.id, deleted?.id ?? 0));
      return verifyAuditChain(tx);
    });
    expect(report).toMatchObject({ ok: false, break: { id: next?.id, position: deleted?.chainSeq, reason: expect.stringContaining('borrada') } });
  });

  it('reports the newest row deleted by the owner (the chain head is ahead)', async () => {
    const ids = await writeRows(2);
    const [, newest] = await chainOf(ids);
    const report = await inRolledBackTransaction(database.db, async (tx) => {
      await disableAppendOnly(tx, 'audit_log');
      // The newest row of the whole table: another file's writer may not have written after ours.
      const [last] = await tx.select({ id: auditLog.id, chainSeq: auditLog.chainSeq }).from(auditLog).orderBy(sql`${auditLog.chainSeq} desc`).limit(1);
      await tx.delete(auditLog).where(eq(auditLog.id, last?.id ?? 0));
      return { report: await verifyAuditChain(tx), position: last?.chainSeq };
    });
    expect(newest?.chainSeq).toBeLessThanOrEqual(report.position ?? 0);
    expect(report.report).toMatchObject({ ok: false, break: { id: null, position: report.position, reason: expect.stringContaining('más recientes') } });
  });

  it('keeps a valid chain under concurrent writers', async () => {
    const marker = `concurrente ${crypto.randomUUID()}`;
    await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        database.db.transaction(async (tx) => {
          await writeAudit(tx, { kind: 'user.created', actor: null, description: `${marker} ${n}` });
          await writeAudit(tx, { kind: 'user.created', actor: null, description: `${marker} ${n} bis` });
        }),
      ),
    );
    const rows = await database.db.select({ chainSeq: auditLog.chainSeq }).from(auditLog).where(sql`${auditLog.description} like ${`${marker}%`}`);
    expect(rows).toHaveLength(60);
    expect(new Set(rows.map((row) => row.chainSeq)).size).toBe(60);
    expect(await verifyAuditLog(database.db)).toMatchObject({ ok: true });
  });
});

describe('the chain of rows written before it existed', () => {
  it('is built by migration 0005 in order of id', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'atalaya-chain-'));
    const embedded = await openDatabase({ dataDir: 'memory://' });
    try {
      // The migrations up to 0004, as an installation of the previous version had them.
      const migrations = fileURLToPath(new URL('../../../drizzle/', import.meta.url));
      await cp(migrations, folder, { recursive: true });
      const journalPath = join(folder, 'meta', '_journal.json');
      const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
      journal.entries = journal.entries.filter((entry) => entry.tag < '0005');
      await writeFile(journalPath, JSON.stringify(journal));
      // The test opens PGlite itself (openDatabase with a data directory), so its Db is a PgliteDatabase.
      await migratePglite(embedded.db as unknown as PgliteDatabase, { migrationsFolder: folder });
      await embedded.db.execute(sql`insert into audit_log (operation_type, instance, description, new_values) values
        ('I', 'Usuarios', 'antes de la cadena 1', '{"a": 1}'), ('U', 'ER', 'antes de la cadena 2', null), ('D', 'ER', 'antes de la cadena 3', '{"b": [2]}')`);

      await migrate(embedded);
      const rows = await embedded.db.select({ id: auditLog.id, chainSeq: auditLog.chainSeq, prevHash: auditLog.prevHash }).from(auditLog).orderBy(auditLog.id);
      expect(rows.map((row) => row.chainSeq)).toEqual([1, 2, 3]);
      expect(rows[0]?.prevHash).toBe(GENESIS_HASH);
      await writeAudit(embedded.db, { kind: 'user.created', actor: null, description: 'después de la cadena' });
      expect(await verifyAuditLog(embedded.db)).toEqual({ ok: true, count: 4, lastHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    } finally {
      await embedded.close();
      await rm(folder, { recursive: true, force: true });
    }
  });
});
