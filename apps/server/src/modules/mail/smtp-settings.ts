import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { settings } from '../../db/schema/index.js';
import { decryptSmtpPassword } from './smtp-password.js';

/** The 'Envío de correo' settings (group SMTP of the Settings screen). */
export interface SmtpSettings {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  password: string;
  fromAddress: string;
  fromName: string;
}

/**
 * Reads the SMTP group, at the time of use (every round of the sender, every test mail), with
 * the password decrypted; a missing or blank host means sending is off.
 */
export async function readSmtpSettings(db: DbOrTx): Promise<SmtpSettings> {
  const rows = await db.select({ name: settings.name, value: settings.value }).from(settings).where(eq(settings.groupSetting, 'SMTP'));
  const value = (name: string) => rows.find((row) => row.name === `smtp.${name}`)?.value.trim() ?? '';
  const port = Number.parseInt(value('port'), 10);
  return {
    host: value('host'),
    port: Number.isInteger(port) && port > 0 ? port : 25,
    secure: value('secure') === 'true',
    user: value('user'),
    password: await decryptSmtpPassword(db, rows.find((row) => row.name === 'smtp.password')?.value ?? ''),
    fromAddress: value('fromAddress'),
    fromName: value('fromName'),
  };
}
