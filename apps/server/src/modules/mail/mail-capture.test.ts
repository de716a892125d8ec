import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { mailOutbox } from '../../db/schema/index.js';
import { privateTestDatabase } from '../../test-support/private-db.js';
import { enqueueMail, startMailSender } from './index.js';

let database: Database;
/** Drops the file's own database (PostgreSQL): the shared one's outbox holds every other file's mail. */
let drop: () => Promise<void>;
let dir: string;
const log = { info: () => undefined, warn: () => undefined, error: () => undefined };

beforeAll(async () => {
  ({ database, drop } = await privateTestDatabase());
  dir = await mkdtemp(join(tmpdir(), 'atalaya-mail-'));
});
afterAll(async () => {
  await drop();
  await rm(dir, { recursive: true, force: true });
});

describe('mail capture (ATALAYA_MAIL_CAPTURE_DIR, tests only)', () => {
  it('writes a queued e-mail as <id>.eml with its recipient, subject and text, and marks it sent without SMTP', async () => {
    const to = `captura-${randomUUID()}@test.atalaya`;
    await enqueueMail(database.db, { to, subject: 'Nuevo evento reportable UY-2026-000001', text: 'Puede verlo en http://atalaya.test/reportableEvent/abc/view/details' });
    const [queued] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
    const sender = startMailSender(database.db, log, 20, { captureDir: dir });
    try {
      await expect.poll(async () => (await readdir(dir)).includes(`${queued?.id}.eml`), { timeout: 10_000 }).toBe(true);
    } finally {
      await sender.stop();
    }
    const raw = await readFile(join(dir, `${queued?.id}.eml`), 'utf8');
    expect(raw).toContain(`To: ${to}`);
    expect(raw).toContain('Subject: Nuevo evento reportable UY-2026-000001');
    expect(raw).toContain('http://atalaya.test/reportableEvent/abc/view/details');
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
    expect(row?.sentAt).toBeInstanceOf(Date);
  });
});
