import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.js';

/** Signing keys and other secrets shared by every server process. */
export const serverSecrets = pgTable('server_secrets', {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: timestamptz().notNull().defaultNow(),
});

/** Outgoing mail, kept until SMTP accepts it. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    createdAt: timestamptz().notNull().defaultNow(),
    sendAfter: timestamptz().notNull().defaultNow(),
    sentAt: timestamptz(),
    attempts: integer().notNull().default(0),
    lastError: text(),
  },
  (t) => [index('mail_outbox_pending_idx').on(t.sendAfter).where(sql`${t.sentAt} is null`)],
);

/** Settings screen rows (Name_setting, Description_setting, Value_setting, Type_value, Group_setting). */
export const settings = pgTable('settings', {
  name: text().primaryKey(),
  description: text().notNull(),
  value: text().notNull(),
  typeValue: text().notNull(),
  groupSetting: text().notNull(),
  updatedAt: timestamptz().notNull().defaultNow(),
  updatedBy: uuid(),
});
