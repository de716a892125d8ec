import { once } from 'node:events';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { mailOutbox, settings } from '../../db/schema/index.js';
import { privateTestDatabase } from '../../test-support/private-db.js';
import { enqueueMail, startMailSender } from './index.js';

/** A minimal SMTP server standing in for the mail relay: it accepts everything and keeps each message. */
function startSmtpServer(): { server: Server; received: string[] } {
  const received: string[] = [];
  const server = createServer((socket) => {
    let data: string | null = null;
    let buffer = '';
    socket.write('220 prueba ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString();
      let newline = buffer.indexOf('\r\n');
      while (newline !== -1) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        if (data !== null) {
          if (line === '.') {
            received.push(data);
            data = null;
            socket.write('250 OK\r\n');
          } else {
            data += `${line}\n`;
          }
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 prueba\r\n');
        else if (/^DATA/i.test(line)) {
          data = '';
          socket.write('354 fin con .\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 chau\r\n');
        else socket.write('250 OK\r\n');
        newline = buffer.indexOf('\r\n');
      }
    });
  });
  server.listen(0, '127.0.0.1');
  return { server, received };
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let database: Database;
/** Drops the file's own database (PostgreSQL): the shared one's outbox holds every other file's mail. */
let drop: () => Promise<void>;
let original: { name: string; value: string }[];
const log = { info: () => undefined, warn: () => undefined, error: () => undefined };

async function setSmtp(host: string, port: number) {
  await database.db.update(settings).set({ value: host }).where(eq(settings.name, 'smtp.host'));
  await database.db.update(settings).set({ value: String(port) }).where(eq(settings.name, 'smtp.port'));
}

function outboxRow(to: string) {
  return database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
}

beforeAll(async () => {
  ({ database, drop } = await privateTestDatabase());
  original = await database.db
    .select({ name: settings.name, value: settings.value })
    .from(settings)
    .where(inArray(settings.name, ['smtp.host', 'smtp.port']));
});

afterAll(async () => {
  for (const row of original) await database.db.update(settings).set({ value: row.value }).where(eq(settings.name, row.name));
  await drop();
});

describe('mail sender', () => {
  it('delivers a queued e-mail through the SMTP server of the settings', async () => {
    const { server, received } = startSmtpServer();
    await once(server, 'listening');
    await setSmtp('127.0.0.1', (server.address() as AddressInfo).port);
    const to = `destino-${randomUUID()}@test.atalaya`;
    await enqueueMail(database.db, { to, subject: 'Asunto de prueba', text: 'Hola desde Atalaya' });

    const sender = startMailSender(database.db, log, 20);
    try {
      const [row] = await waitFor(() => outboxRow(to), ([r]) => r?.sentAt != null);
      expect(row?.sentAt).toBeInstanceOf(Date);
      expect(received.some((message) => message.includes(to) && message.includes('Asunto de prueba'))).toBe(true);
    } finally {
      await sender.stop();
      server.close();
    }
  });

  it('keeps an e-mail queued with its error and a later retry when SMTP refuses the connection', async () => {
    const closed = createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const port = (closed.address() as AddressInfo).port;
    closed.close();
    await setSmtp('127.0.0.1', port);
    const to = `reintento-${randomUUID()}@test.atalaya`;
    await enqueueMail(database.db, { to, subject: 'Reintento', text: 'Texto' });

    const sender = startMailSender(database.db, log, 20);
    try {
      const [row] = await waitFor(() => outboxRow(to), ([r]) => r?.lastError != null);
      expect(row?.sentAt).toBeNull();
      expect(row?.attempts).toBe(1);
      expect(row?.lastError).toBeTruthy();
      expect(row?.sendAfter.getTime()).toBeGreaterThan(Date.now() + 30_000);
    } finally {
      await sender.stop();
    }
  });

  it('leaves e-mails queued while no SMTP host is configured', async () => {
    await setSmtp('', 25);
    const to = `sin-smtp-${randomUUID()}@test.atalaya`;
    await enqueueMail(database.db, { to, subject: 'En espera', text: 'Texto' });
    // The sentinel: the sender says the host is empty once a round has read it and sent nothing.
    const saidHostEmpty: string[] = [];
    const sender = startMailSender(database.db, { ...log, info: (message: string) => void saidHostEmpty.push(message) }, 20);
    await expect.poll(() => saidHostEmpty).toEqual([expect.stringContaining('SMTP host is empty')]);
    await sender.stop();
    const [row] = await outboxRow(to);
    expect(row).toMatchObject({ sentAt: null, attempts: 0, lastError: null });
  });
});
