import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, asc, eq, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/client.js';
import { mailOutbox } from '../../db/schema/index.js';
import { startPeriodicJob } from '../../shared/periodic.js';
import { readSmtpSettings, type SmtpSettings } from './smtp-settings.js';

const POLL_INTERVAL_MS = 5_000;
const BATCH_SIZE = 20;
/** After this many failed tries a message stays in the outbox with its last error. */
export const MAX_ATTEMPTS = 10;
/** A claimed message is not picked up by another process for this long. */
export const LEASE_MS = 5 * 60_000;
const MAX_BACKOFF_MS = 60 * 60_000;

/** Wait before try number `attempts + 1`: 1, 2, 4… minutes, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
}

export interface MailSender {
  stop(): Promise<void>;
}

export interface MailSenderOptions {
  /**
   * Tests only (ATALAYA_MAIL_CAPTURE_DIR): write each message as `<outbox id>.eml` in this
   * directory instead of sending it; the SMTP settings are not used.
   */
  captureDir?: string;
}

/** The transport of captured messages: the raw RFC 822 message, built but not sent. */
const CAPTURE_TRANSPORT = { streamTransport: true, buffer: true, newline: 'unix' } as const;
const CAPTURE_FROM = 'atalaya@localhost';

/** Takes due messages for this process: pushes their next try past the lease so no other process sends them. */
async function claimDueMessages(db: Db, now: Date) {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), lte(mailOutbox.sendAfter, now), lt(mailOutbox.attempts, MAX_ATTEMPTS)))
    .orderBy(asc(mailOutbox.sendAfter))
    .limit(BATCH_SIZE)
    .for('update', { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({ sendAfter: new Date(now.getTime() + LEASE_MS), attempts: sql`${mailOutbox.attempts} + 1` })
    .where(inArray(mailOutbox.id, due))
    .returning();
}

/** The nodemailer transport of the SMTP settings. */
export function smtpTransport(smtp: SmtpSettings, timeouts: { connectionTimeout?: number; greetingTimeout?: number; socketTimeout?: number } = {}): Transporter {
  const auth = smtp.user ? { user: smtp.user, pass: smtp.password } : undefined;
  return nodemailer.createTransport({ host: smtp.host, port: smtp.port, secure: smtp.secure, auth, ...timeouts });
}

/** The From of the settings: the name and address of the sender. */
export function senderOf(smtp: SmtpSettings): string | { name: string; address: string } {
  return smtp.fromName ? { name: smtp.fromName, address: smtp.fromAddress } : smtp.fromAddress;
}

function transportKey(smtp: SmtpSettings): string {
  return JSON.stringify([smtp.host, smtp.port, smtp.secure, smtp.user, smtp.password]);
}

/**
 * Sends the outbox every few seconds with the SMTP settings of the database (read on each
 * round, so a change on the Settings screen applies without a restart). Failed messages are
 * retried with exponential backoff. With no SMTP host, messages stay queued. With a capture
 * directory (tests only) messages are written there as .eml files instead.
 */
export function startMailSender(
  db: Db,
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>,
  intervalMs = POLL_INTERVAL_MS,
  options: MailSenderOptions = {},
): MailSender {
  const captureDir = options.captureDir;
  let transport: { key: string; transporter: Transporter } | null = null;
  let reportedOff = false;

  function transporterFor(smtp: SmtpSettings): Transporter {
    const key = transportKey(smtp);
    if (transport?.key !== key) {
      transport?.transporter.close();
      transport = { key, transporter: smtpTransport(smtp) };
    }
    return transport.transporter;
  }

  /** Writes the due messages as .eml files (ATALAYA_MAIL_CAPTURE_DIR) and marks them sent. */
  async function captureRound(dir: string): Promise<void> {
    const messages = await claimDueMessages(db, new Date());
    if (messages.length === 0) return;
    await mkdir(dir, { recursive: true });
    const capture = nodemailer.createTransport(CAPTURE_TRANSPORT);
    for (const message of messages) {
      const built = await capture.sendMail({ from: CAPTURE_FROM, to: message.to, subject: message.subject, text: message.text, html: message.html ?? undefined });
      await writeFile(join(dir, `${message.id}.eml`), built.message);
      await db.update(mailOutbox).set({ sentAt: new Date(), lastError: null }).where(eq(mailOutbox.id, message.id));
    }
  }

  async function sendRound(): Promise<void> {
    if (captureDir) return captureRound(captureDir);
    const smtp = await readSmtpSettings(db);
    if (!smtp.host) {
      if (!reportedOff) log.info('SMTP host is empty: e-mails stay in the outbox until one is configured');
      reportedOff = true;
      return;
    }
    reportedOff = false;
    const messages = await claimDueMessages(db, new Date());
    if (messages.length === 0) return;
    const transporter = transporterFor(smtp);
    const from = senderOf(smtp);
    for (const message of messages) {
      try {
        await transporter.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html ?? undefined });
        await db.update(mailOutbox).set({ sentAt: new Date(), lastError: null }).where(eq(mailOutbox.id, message.id));
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        log.warn({ mailId: message.id, attempts: message.attempts, reason }, 'e-mail not sent; will retry');
        await db
          .update(mailOutbox)
          .set({ lastError: reason, sendAfter: new Date(Date.now() + retryDelayMs(message.attempts)) })
          .where(eq(mailOutbox.id, message.id));
      }
    }
  }

  const job = startPeriodicJob({ intervalMs, round: sendRound, log, failureMessage: 'mail sender round failed' });
  return {
    async stop() {
      await job.stop();
      transport?.transporter.close();
    },
  };
}
