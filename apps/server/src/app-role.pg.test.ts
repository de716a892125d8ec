import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedContentHash, type SignedContent } from './modules/cases/index.js';
import { verifyAuditLog } from './modules/audit/index.js';
import { createTestAppOn, type TestApp } from './test-support/app.js';
import { get, post, sessionOf, type Session } from './test-support/case-edit.js';
import { DEFAULT_TEST_PASSWORD } from './test-support/factories.js';
import { oneRowOfEachHistoryTable } from './test-support/history-rows.js';
import { createProduct } from './test-support/catalog.js';
import { postPublicReport } from './test-support/home-reports.js';
import { patientReport } from './test-support/public-reports.js';
import { APPEND_ONLY_TABLES, type AppendOnlyTable } from './db/append-only.js';
import { openDatabase, type Database } from './db/client.js';
import { openMigratedDatabase, roleOf } from './db/roles.js';
import { electronicSignatures, homeReports } from './db/schema/index.js';
import { seedReferenceData } from './db/seed/index.js';

/**
 * Issue 15 §4 on PostgreSQL: the application runs as a role that does not own the tables.
 * On a scratch database of its own, with an owner role that migrates and an application role
 * that serves: the normal flows work, and the application role can neither change history
 * (UPDATE, DELETE, TRUNCATE) nor switch a trigger off.
 */

const suffix = randomBytes(4).toString('hex');
const names = { database: `atalaya_roles_${suffix}`, owner: `atalaya_owner_${suffix}`, app: `atalaya_app_${suffix}` };

function urlAs(user: string): string {
  const url = new URL(process.env.DATABASE_URL ?? '');
  url.username = user;
  url.password = '';
  url.pathname = `/${names.database}`;
  return url.toString();
}

let admin: Database;
let t: TestApp;
let appDatabase: Database;
let rows: Record<AppendOnlyTable, number>;
let warning: string | null;

beforeAll(async () => {
  admin = await openDatabase({ databaseUrl: process.env.DATABASE_URL ?? '' });
  await admin.db.execute(sql`create role ${sql.identifier(names.owner)} login`);
  await admin.db.execute(sql`create role ${sql.identifier(names.app)} login`);
  await admin.db.execute(sql`create database ${sql.identifier(names.database)} owner ${sql.identifier(names.owner)}`);
  // What the server does at start with DATABASE_MIGRATION_URL: the owner migrates and grants.
  ({ database: appDatabase, warning } = await openMigratedDatabase({ databaseUrl: urlAs(names.app), migrationUrl: urlAs(names.owner), dataDir: '' }));
  await seedReferenceData(appDatabase.db);
  t = await createTestAppOn(appDatabase);
  rows = await oneRowOfEachHistoryTable(appDatabase.db);
}, 120_000);

afterAll(async () => {
  await t?.close();
  await admin.db.execute(sql`drop database if exists ${sql.identifier(names.database)} with (force)`);
  await admin.db.execute(sql`drop role if exists ${sql.identifier(names.app)}`);
  await admin.db.execute(sql`drop role if exists ${sql.identifier(names.owner)}`);
  await admin.close();
  // DROP DATABASE waits for a checkpoint, which on a busy server (the suite's other files writing) took over a minute in CI.
}, 180_000);

// Privileges are checked before any trigger: the database answers 42501 insufficient_privilege.
const denied = { cause: expect.objectContaining({ code: '42501' }) };

describe('the application role on PostgreSQL', () => {
  it('is neither the owner of the tables nor a superuser, and starting as it warns of nothing', async () => {
    expect(await roleOf(appDatabase.db)).toEqual({ name: names.app, superuser: false, ownsTables: false });
    expect(warning).toBeNull();
  });

  it('warns at start when the application connects as the owner or a superuser', async () => {
    for (const user of [names.owner, new URL(process.env.DATABASE_URL ?? '').username]) {
      const opened = await openMigratedDatabase({ databaseUrl: urlAs(user), migrationUrl: undefined, dataDir: '' });
      await opened.database.close();
      expect(opened.warning).toContain('DATABASE_MIGRATION_URL');
    }
  });

  it('runs the normal flows: creates a case and deletes it with an electronic signature', async () => {
    const rlf: Session = await sessionOf(t, 'RLF');
    const created = await post(t, rlf, 'createER', { Country: 'UY', SubGrupoId: 1 });
    expect(created.statusCode, created.body).toBe(200);
    const { MetaData: meta } = created.json<{ MetaData: string }>();
    expect((await get(t, rlf, `getERByMeta/${meta}`)).statusCode).toBe(200);

    const signature = { comment: 'Duplicado', userEmail: rlf.user.email, password: DEFAULT_TEST_PASSWORD };
    const deleted = await post(t, rlf, 'delER', { Event: meta, Signature: signature });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const [signed] = await appDatabase.db.select().from(electronicSignatures).where(eq(electronicSignatures.recordId, meta));
    expect(signed?.contentHash).toBe(signedContentHash(signed?.signedContent as SignedContent));
    expect(await verifyAuditLog(appDatabase.db)).toMatchObject({ ok: true });
  });

  it('stores a public report and gives it its RH number (the numbering function runs with its rights)', async () => {
    const product = await createProduct(appDatabase.db, { countries: ['UY'] });
    const answer = await postPublicReport(t, patientReport(product));
    expect(answer.Reference).toMatch(/^RH-\d{4}-\d{6,}$/);
    const [stored] = await appDatabase.db.select({ reference: homeReports.reference }).from(homeReports).where(eq(homeReports.id, answer.Id));
    expect(stored?.reference).toBe(answer.Reference);
  });

  it.each(APPEND_ONLY_TABLES)('may not UPDATE, DELETE or TRUNCATE %s', async (table) => {
    const id = rows[table];
    await expect(appDatabase.db.execute(sql`update ${sql.identifier(table)} set id = id where id = ${id}`)).rejects.toMatchObject(denied);
    await expect(appDatabase.db.execute(sql`delete from ${sql.identifier(table)} where id = ${id}`)).rejects.toMatchObject(denied);
    await expect(appDatabase.db.execute(sql`truncate ${sql.identifier(table)} cascade`)).rejects.toMatchObject(denied);
    const left = await appDatabase.db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)} where id = ${id}`);
    expect(Number(left.rows[0]?.n)).toBe(1);
  });

  it.each(APPEND_ONLY_TABLES)('may not switch off the triggers of %s', async (table) => {
    await expect(appDatabase.db.execute(sql.raw(`alter table ${table} disable trigger ${table}_append_only`))).rejects.toMatchObject(denied);
    await expect(appDatabase.db.execute(sql.raw(`alter table ${table} disable trigger all`))).rejects.toMatchObject(denied);
  });

  it('may not move the audit chain head nor drop the audit table', async () => {
    await expect(appDatabase.db.execute(sql`update audit_chain_head set last_seq = 0`)).rejects.toMatchObject(denied);
    await expect(appDatabase.db.execute(sql`drop table audit_log cascade`)).rejects.toMatchObject(denied);
    await expect(appDatabase.db.execute(sql`create or replace function atalaya_audit_hash(prev_hash text, a audit_log) returns text language sql as $$ select '' $$`)).rejects.toMatchObject(denied);
  });
});
