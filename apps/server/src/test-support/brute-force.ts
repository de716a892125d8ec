import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../db/client.js';
import { loginAttempts } from '../db/schema/index.js';
import { CAPTCHA_HEADER } from '../modules/auth/index.js';
import { bearer, randomIp, solveCaptcha } from './factories.js';

/** One guess: the password tried and the status it got. */
export interface GuessOutcome {
  password: string;
  status: number;
  message: string | undefined;
}

function messageOf(body: string): string | undefined {
  try {
    return (JSON.parse(body) as { Message?: string }).Message;
  } catch {
    return undefined;
  }
}

/**
 * Fires every guess at `POST /api/login` at once, spread over `apps` in turn (several
 * instances on one database stand for several server processes). Captchas are solved first,
 * so the requests really arrive together.
 */
export async function parallelLogins(
  apps: readonly FastifyInstance[],
  email: string,
  passwords: readonly string[],
  ip: () => string = randomIp,
): Promise<GuessOutcome[]> {
  const captchas = await Promise.all(passwords.map((_, i) => solveCaptcha(apps[i % apps.length] as FastifyInstance)));
  return Promise.all(
    passwords.map(async (password, i) => {
      const response = await (apps[i % apps.length] as FastifyInstance).inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: ip(),
        headers: { [CAPTCHA_HEADER]: captchas[i] as string, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ grant_type: 'password', username: email, password }).toString(),
      });
      return { password, status: response.statusCode, message: messageOf(response.body) };
    }),
  );
}

/** Fires every guess at the electronic signature (`POST /api/logedUserSignature`) at once. */
export async function parallelSignatures(
  apps: readonly FastifyInstance[],
  session: { accessToken: string; email: string },
  passwords: readonly string[],
): Promise<GuessOutcome[]> {
  return Promise.all(
    passwords.map(async (password, i) => {
      const response = await (apps[i % apps.length] as FastifyInstance).inject({
        method: 'POST',
        url: '/api/logedUserSignature',
        remoteAddress: randomIp(),
        headers: bearer(session.accessToken),
        payload: { userEmail: session.email, password },
      });
      return { password, status: response.statusCode, message: messageOf(response.body) };
    }),
  );
}

/** Password checks recorded for an account (each allowed check is recorded before it runs). */
export async function checkedAttemptsOf(db: DbOrTx, email: string): Promise<number> {
  return (await db.select({ id: loginAttempts.id }).from(loginAttempts).where(eq(loginAttempts.email, email))).length;
}

/** Password checks recorded for an address. */
export async function checkedAttemptsFrom(db: DbOrTx, ip: string): Promise<number> {
  return (await db.select({ id: loginAttempts.id }).from(loginAttempts).where(and(eq(loginAttempts.ip, ip)))).length;
}

/** A wrong password for guess number i. */
export function wrongPassword(i: number): string {
  return `no-es-la-clave-${i}`;
}
