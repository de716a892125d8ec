import type { DbOrTx } from '../../db/client.js';
import { mailOutbox } from '../../db/schema/index.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Queues an e-mail in the caller's transaction: it is sent only if the change that caused
 * it commits, and it waits in the outbox while SMTP is down or not configured. Answers its id.
 */
export async function enqueueMail(tx: DbOrTx, mail: OutgoingMail): Promise<string> {
  const [row] = await tx.insert(mailOutbox).values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null }).returning({ id: mailOutbox.id });
  if (!row) throw new Error('E-mail not queued');
  return row.id;
}
