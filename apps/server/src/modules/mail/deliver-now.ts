import { MSG } from '@atalaya/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { mailOutbox } from '../../db/schema/index.js';
import { LEASE_MS, retryDelayMs, senderOf, smtpTransport } from './mail-sender.js';
import { readSmtpSettings } from './smtp-settings.js';

/** How long a test send waits for the SMTP server before it gives up (the mail stays queued). */
const TEST_TIMEOUT_MS = 10_000;

export type DeliveryOutcome = { sent: true; message: string } | { sent: false; message: string };

/** A Spanish reason for a failed delivery, from nodemailer's error code, with the code for the log reader. */
export function deliveryFailureReason(error: unknown): string {
  let code = typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : '';
  // A socket error names the system's reason in its text ('connect ECONNREFUSED 127.0.0.1:25').
  const system = error instanceof Error ? /\b(ECONNREFUSED|ETIMEDOUT|ENOTFOUND|EHOSTUNREACH|ECONNRESET)\b/.exec(error.message)?.[1] : undefined;
  if (system && (code === 'ESOCKET' || code === 'ECONNECTION' || code === '')) code = system;
  const reasons: Record<string, string> = {
    ECONNREFUSED: 'el servidor rechazó la conexión',
    ECONNECTION: 'no se pudo conectar con el servidor',
    ETIMEDOUT: 'el servidor no respondió a tiempo',
    EDNS: 'no se encontró el servidor',
    ENOTFOUND: 'no se encontró el servidor',
    EAUTH: 'el servidor rechazó el usuario o la contraseña',
    ETLS: 'falló la conexión segura (TLS)',
    ESOCKET: 'se cortó la conexión con el servidor',
    ECONNRESET: 'se cortó la conexión con el servidor',
    EHOSTUNREACH: 'no se pudo llegar al servidor',
    EENVELOPE: 'el servidor rechazó el remitente o el destinatario',
    EMESSAGE: 'el servidor rechazó el mensaje',
    EPROTOCOL: 'el servidor respondió de forma inesperada',
  };
  const reason = reasons[code] ?? 'el servidor de correo devolvió un error';
  return code ? `${reason} (${code})` : reason;
}

/**
 * Tries to send one queued message now, with the SMTP settings of this moment (the 'Probar
 * envío' button). The message is claimed like the sender claims it, so the two never send it
 * twice; on failure it stays queued with its error and its next try, like any other.
 * `captureDir` set (tests only): the sender writes it, nothing is sent here.
 */
export async function deliverNow(db: Db, id: string, to: string, options: { captureDir?: string } = {}): Promise<DeliveryOutcome> {
  const m = MSG.settings;
  if (options.captureDir) return { sent: false, message: m.testMailCaptured(to) };
  const smtp = await readSmtpSettings(db);
  if (!smtp.host) return { sent: false, message: m.testMailNoHost };
  const now = new Date();
  const [message] = await db
    .update(mailOutbox)
    .set({ sendAfter: new Date(now.getTime() + LEASE_MS), attempts: sql`${mailOutbox.attempts} + 1` })
    .where(and(eq(mailOutbox.id, id), isNull(mailOutbox.sentAt)))
    .returning();
  // Already taken and sent by the sender between the queueing and now.
  if (!message) return { sent: true, message: m.testMailSent(to) };
  const transporter = smtpTransport(smtp, { connectionTimeout: TEST_TIMEOUT_MS, greetingTimeout: TEST_TIMEOUT_MS, socketTimeout: TEST_TIMEOUT_MS });
  try {
    await transporter.sendMail({ from: senderOf(smtp), to: message.to, subject: message.subject, text: message.text, html: message.html ?? undefined });
    await db.update(mailOutbox).set({ sentAt: new Date(), lastError: null }).where(eq(mailOutbox.id, id));
    return { sent: true, message: m.testMailSent(to) };
  } catch (error) {
    const reason = deliveryFailureReason(error);
    await db
      .update(mailOutbox)
      .set({ lastError: error instanceof Error ? error.message : String(error), sendAfter: new Date(Date.now() + retryDelayMs(message.attempts)) })
      .where(eq(mailOutbox.id, id));
    return { sent: false, message: m.testMailFailed(reason) };
  } finally {
    transporter.close();
  }
}
