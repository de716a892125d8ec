/**
 * Parallel brute force against the failure limits (issue 15):
 *
 *   npm run brute-force -w bench -- [--guesses 30] [--signatures 20] [--instances 1]
 *   DATABASE_URL=postgres://… npm run brute-force -w bench -- --instances 2
 *
 * Starts `--instances` copies of the application from the server's source, each listening on
 * its own loopback port with its own database connection (PGlite in memory by default — one
 * instance only — or the PostgreSQL of DATABASE_URL, where several instances stand for
 * several server processes). Creates a user, then fires at once, over real HTTP and spread
 * over the instances:
 *
 * - `--guesses` sign-ins (`POST /api/login`) for that user, every one with its own solved
 *   captcha and the right password in the middle of wrong ones;
 * - `--signatures` electronic signatures (`POST /api/logedUserSignature`) of another user
 *   with wrong passwords, from different addresses (the per-account limit is what is tested).
 *
 * Prints, for each, how many answers there were of each status and how many passwords were
 * checked (the answers that were not 429, and the attempts the database recorded). The limit
 * is 5 per account: anything above it means parallel requests outran the check. Only loopback
 * is used; the run is bounded by the counts given and stops by itself.
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp, createUser, type Database, loadConfig, loginAttempts, MAX_FAILURES_PER_ACCOUNT, migrate, openDatabase, seedReferenceData, solveCaptcha } from '../apps/server/src/faces/bench.js';

function positiveInt(value: string | undefined, name: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer`);
  return n;
}

interface Round {
  name: string;
  sent: number;
  statuses: Map<number, number>;
  checked: number;
  recorded: number;
  signedIn: number;
  ms: number;
}

async function countRecorded(database: Database, email: string): Promise<number> {
  const rows = await database.db.select({ id: loginAttempts.id }).from(loginAttempts).where(eq(loginAttempts.email, email));
  return rows.length;
}

function tally(statuses: number[]): Map<number, number> {
  const map = new Map<number, number>();
  for (const status of statuses) map.set(status, (map.get(status) ?? 0) + 1);
  return map;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      guesses: { type: 'string', default: '30' },
      signatures: { type: 'string', default: '20' },
      instances: { type: 'string', default: '1' },
    },
  });
  const guesses = positiveInt(values.guesses, 'guesses');
  const signatures = positiveInt(values.signatures, 'signatures');
  const databaseUrl = process.env.DATABASE_URL;
  const instances = positiveInt(values.instances, 'instances');
  if (!databaseUrl && instances > 1) throw new Error('--instances above 1 needs DATABASE_URL (PGlite is one process)');

  const databases: Database[] = [];
  const apps: FastifyInstance[] = [];
  const baseUrls: string[] = [];
  try {
    for (let i = 0; i < instances; i += 1) {
      const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: 'memory://' });
      databases.push(database);
      if (i === 0) {
        await migrate(database);
        await seedReferenceData(database.db);
      }
      const config = {
        ...loadConfig({ LOG_LEVEL: 'silent', APP_URL: 'http://127.0.0.1' }),
        // The captchas are really solved; an easier proof of work keeps the run short.
        captchaMaxNumber: 1000,
      };
      const app = await buildApp({ database, config });
      apps.push(app);
      baseUrls.push(await app.listen({ host: '127.0.0.1', port: 0 }));
    }
    const first = databases[0] as Database;
    const firstApp = apps[0] as FastifyInstance;
    const at = (i: number) => baseUrls[i % baseUrls.length] as string;
    const rounds: Round[] = [];

    // Sign-in: every guess with its own captcha, all sent at once.
    const target = await createUser(first.db, { role: 'RLF' });
    const passwords = Array.from({ length: guesses }, (_, i) => (i === Math.floor(guesses / 2) ? target.password : `no-es-${i}-${randomUUID()}`));
    const captchas = await Promise.all(passwords.map(() => solveCaptcha(firstApp)));
    let started = performance.now();
    const loginStatuses = await Promise.all(
      passwords.map(async (password, i) => {
        const response = await fetch(`${at(i)}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'recaptcha-token': captchas[i] as string },
          body: new URLSearchParams({ grant_type: 'password', username: target.email, password }),
        });
        await response.arrayBuffer();
        return response.status;
      }),
    );
    rounds.push({
      name: 'sign-in (POST /api/login)',
      sent: guesses,
      statuses: tally(loginStatuses),
      checked: loginStatuses.filter((s) => s !== 429).length,
      recorded: await countRecorded(first, target.email),
      signedIn: loginStatuses.filter((s) => s === 200).length,
      ms: performance.now() - started,
    });

    // Electronic signature: a signed-in user re-enters wrong passwords, all at once.
    const signer = await createUser(first.db, { role: 'QPPV' });
    const signIn = await fetch(`${at(0)}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'recaptcha-token': await solveCaptcha(firstApp) },
      body: new URLSearchParams({ grant_type: 'password', username: signer.email, password: signer.password }),
    });
    const { access_token: token } = (await signIn.json()) as { access_token: string };
    const before = await countRecorded(first, signer.email);
    started = performance.now();
    const signatureStatuses = await Promise.all(
      Array.from({ length: signatures }, async (_, i) => {
        const response = await fetch(`${at(i)}/api/logedUserSignature`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ userEmail: signer.email, password: `no-es-${i}` }),
        });
        await response.arrayBuffer();
        return response.status;
      }),
    );
    rounds.push({
      name: 'signature (POST /api/logedUserSignature)',
      sent: signatures,
      statuses: tally(signatureStatuses),
      checked: signatureStatuses.filter((s) => s !== 429).length,
      recorded: (await countRecorded(first, signer.email)) - before,
      signedIn: 0,
      ms: performance.now() - started,
    });

    const version = await first.db.execute<{ v: string }>(sql`select version() as v`);
    console.log(`database: ${databaseUrl ? 'PostgreSQL' : 'PGlite'} (${(version.rows[0]?.v ?? '').split(' ').slice(0, 2).join(' ')}), instances: ${instances}, limit per account: ${MAX_FAILURES_PER_ACCOUNT}`);
    for (const round of rounds) {
      const statuses = [...round.statuses.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(' ');
      const verdict = round.checked <= MAX_FAILURES_PER_ACCOUNT ? 'held' : 'OUTRUN';
      console.log(
        `${round.name}: sent ${round.sent} at once, answers ${statuses}, passwords checked ${round.checked} (recorded ${round.recorded})` +
          `${round.name.startsWith('sign-in') ? `, signed in ${round.signedIn}` : ''}, ${Math.round(round.ms)} ms — limit ${verdict}`,
      );
    }
  } finally {
    await Promise.all(apps.map((app) => app.close()));
    await Promise.all(databases.map((database) => database.close()));
  }
}

await main();
