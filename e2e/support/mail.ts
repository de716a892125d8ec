import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from '@playwright/test';

/**
 * The e-mails of the 'app' server: with ATALAYA_MAIL_CAPTURE_DIR set (playwright.config.ts)
 * it writes each outgoing message as an .eml file instead of sending it. Its mail sender runs
 * every 5 seconds, so a message appears a few seconds after the call that queued it.
 */
function mailDir(): string {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set (playwright.config.ts sets it)');
  return dir;
}

export interface CapturedMail {
  to: string;
  subject: string;
  /** The plain-text body, decoded. */
  text: string;
}

/** Decodes a quoted-printable body (soft line breaks and =XX bytes, UTF-8). */
function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index++) {
    const hex = joined[index] === '=' ? joined.slice(index + 1, index + 3) : '';
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(joined[index] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Reads a captured single-part text message (what the outbox sends). */
function parseEml(raw: string): CapturedMail {
  const split = raw.indexOf('\n\n');
  const head = raw.slice(0, split).replace(/\n[ \t]+/g, ' ');
  const body = raw.slice(split + 2);
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text = encoding === 'quoted-printable' ? decodeQuotedPrintable(body) : encoding === 'base64' ? Buffer.from(body, 'base64').toString('utf8') : body;
  // A non-ASCII subject is an encoded word (=?UTF-8?Q?…?=); the tests match ASCII subjects.
  return { to: header('To'), subject: header('Subject'), text };
}

async function capturedMails(): Promise<CapturedMail[]> {
  const names = await readdir(mailDir()).catch(() => [] as string[]);
  return Promise.all(names.filter((name) => name.endsWith('.eml')).map(async (name) => parseEml(await readFile(join(mailDir(), name), 'utf8'))));
}

/** Waits for the e-mail to `to` whose subject is `subject`, and answers it. */
export async function mailTo(to: string, subject: string): Promise<CapturedMail> {
  let found: CapturedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await capturedMails()).find((mail) => mail.to.includes(to) && mail.subject === subject);
        return found !== undefined;
      },
      { message: `an e-mail to ${to}: ${subject}`, timeout: 30_000 },
    )
    .toBe(true);
  if (!found) throw new Error('unreachable');
  return found;
}

/** Waits for an e-mail to `to` whose text matches `pattern` (whatever its subject, which may be an encoded word), and answers it. */
export async function mailWith(to: string, pattern: RegExp): Promise<CapturedMail> {
  let found: CapturedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await capturedMails()).find((mail) => mail.to.includes(to) && pattern.test(mail.text));
        return found !== undefined;
      },
      { message: `an e-mail to ${to} with ${String(pattern)}`, timeout: 30_000 },
    )
    .toBe(true);
  if (!found) throw new Error('unreachable');
  return found;
}

/** The absolute link to set a password (`/changepassword?token=…`) in an e-mail. */
export function passwordLinkIn(mail: CapturedMail): string {
  const link = /https?:\/\/\S+\/changepassword\?token=[^\s>]+/i.exec(mail.text)?.[0];
  if (!link) throw new Error(`no password link in: ${mail.text}`);
  return link;
}

/** The absolute link to a case's view in an e-mail. */
export function caseLinkIn(mail: CapturedMail): string {
  const link = /https?:\/\/\S+\/reportableEvent\/\S+\/view\/details/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no case link in: ${mail.text}`);
  return link;
}
