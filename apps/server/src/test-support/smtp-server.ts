import { once } from 'node:events';
import { createServer, type AddressInfo, type Server } from 'node:net';

/** What the test SMTP server heard: each message (headers and body) and each AUTH's user and password. */
export interface SmtpCapture {
  server: Server;
  port: number;
  messages: string[];
  logins: { user: string; password: string }[];
  close(): Promise<void>;
}

/**
 * A minimal SMTP server on 127.0.0.1 standing in for the mail relay: it offers AUTH PLAIN and
 * LOGIN, accepts any credentials and keeps them, and keeps every message.
 */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const messages: string[] = [];
  const logins: { user: string; password: string }[] = [];
  const server = createServer((socket) => {
    let data: string | null = null;
    let login: { step: 'user' | 'password'; user: string } | null = null;
    let buffer = '';
    socket.write('220 prueba ESMTP\r\n');
    socket.on('error', () => undefined);
    socket.on('data', (chunk) => {
      buffer += chunk.toString();
      let newline = buffer.indexOf('\r\n');
      while (newline !== -1) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const decoded = () => Buffer.from(line, 'base64').toString('utf8');
        if (data !== null) {
          if (line === '.') {
            messages.push(data);
            data = null;
            socket.write('250 OK\r\n');
          } else data += `${line}\n`;
        } else if (login?.step === 'user') {
          login = { step: 'password', user: decoded() };
          socket.write(`334 ${Buffer.from('Password:').toString('base64')}\r\n`);
        } else if (login?.step === 'password') {
          logins.push({ user: login.user, password: decoded() });
          login = null;
          socket.write('235 autenticado\r\n');
        } else if (/^EHLO/i.test(line)) socket.write('250-prueba\r\n250 AUTH PLAIN LOGIN\r\n');
        else if (/^HELO/i.test(line)) socket.write('250 prueba\r\n');
        else if (/^AUTH PLAIN /i.test(line)) {
          const [, user = '', password = ''] = Buffer.from(line.slice(11), 'base64').toString('utf8').split('\u0000');
          logins.push({ user, password });
          socket.write('235 autenticado\r\n');
        } else if (/^AUTH LOGIN/i.test(line)) {
          login = { step: 'user', user: '' };
          socket.write(`334 ${Buffer.from('Username:').toString('base64')}\r\n`);
        } else if (/^DATA/i.test(line)) {
          data = '';
          socket.write('354 fin con .\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 chau\r\n');
        else socket.write('250 OK\r\n');
        newline = buffer.indexOf('\r\n');
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    server,
    port: (server.address() as AddressInfo).port,
    messages,
    logins,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port on 127.0.0.1 where nothing listens (a server that refuses connections). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
