import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, events, operationHistory, operationHistoryLines } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { countryId } from '../../test-support/catalog.js';
import { createUser, type TestUser } from '../../test-support/factories.js';
import { CASE_CREATED_DESCRIPTION, createCase, newCaseMeta } from './create-case.js';

let t: TestApp;
let user: TestUser;
const year = new Date().getUTCFullYear();

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t.database.db, { role: 'RLF', country: 'EC' });
});
afterAll(() => t.close());

describe('newCaseMeta', () => {
  it('is 22 URL-safe characters, different every time', () => {
    const metas = new Set(Array.from({ length: 1000 }, newCaseMeta));
    expect(metas.size).toBe(1000);
    for (const meta of metas) expect(meta).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});

describe('createCase', () => {
  it('stores a Pendiente case with its country’s next reference, a creation entry and an audit row', async () => {
    const ec = await countryId(t.database.db, 'EC');
    const create = (groupId: number, subGroupId: number) =>
      t.database.db.transaction((tx) => createCase(tx, { countryId: ec, countryCode: 'ec', groupId, subGroupId, createdBy: user.id }));
    const first = await create(1, 1);
    const second = await create(2, 10);

    expect(first).toEqual({ id: expect.any(String), meta: expect.any(String), referenceNumber: expect.stringMatching(new RegExp(`^EC-${year}-\\d{6}$`)), countryCode: 'EC', homeReportId: null, createdAt: expect.any(Date) });
    expect(Number(second.referenceNumber.slice(-6))).toBe(Number(first.referenceNumber.slice(-6)) + 1);

    const [row] = await t.database.db.select().from(events).where(eq(events.id, first.id));
    expect(row).toMatchObject({ meta: first.meta, status: 1, groupId: 1, subGroupId: 1, countryId: ec, isRam: true, homeReportId: null, createdBy: user.id });
    const [other] = await t.database.db.select({ isRam: events.isRam }).from(events).where(eq(events.id, second.id));
    expect(other?.isRam).toBe(false);

    const entries = await t.database.db.select().from(operationHistory).where(eq(operationHistory.eventId, first.id));
    expect(entries).toEqual([expect.objectContaining({ operationType: 'I', description: CASE_CREATED_DESCRIPTION, userId: user.id, comment: null })]);
    expect(await t.database.db.select().from(operationHistoryLines).where(eq(operationHistoryLines.entryId, entries[0]?.id ?? 0))).toEqual([]);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.pkId, first.id));
    expect(audit).toEqual([
      expect.objectContaining({ operationType: 'I', instance: 'ER', referenceNumber: first.referenceNumber, metadata: first.meta, description: CASE_CREATED_DESCRIPTION }),
    ]);
  });

  it('gives its number back when the transaction rolls back', async () => {
    const ec = await countryId(t.database.db, 'EC');
    const create = () => t.database.db.transaction((tx) => createCase(tx, { countryId: ec, countryCode: 'EC', groupId: 1, subGroupId: 1, createdBy: user.id }));
    const before = await create();
    let rolledBack = '';
    await expect(
      t.database.db.transaction(async (tx) => {
        rolledBack = (await createCase(tx, { countryId: ec, countryCode: 'EC', groupId: 1, subGroupId: 1, createdBy: user.id })).meta;
        throw new Error('later step failed');
      }),
    ).rejects.toThrow('later step failed');
    expect(await t.database.db.select().from(events).where(eq(events.meta, rolledBack))).toEqual([]);
    const after = await create();
    expect(Number(after.referenceNumber.slice(-6))).toBe(Number(before.referenceNumber.slice(-6)) + 1);
  });
});
