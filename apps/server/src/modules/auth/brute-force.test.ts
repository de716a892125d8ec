import { MSG } from '@atalaya/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import {
  checkedAttemptsFrom,
  checkedAttemptsOf,
  parallelLogins,
  parallelSignatures,
  wrongPassword,
} from '../../test-support/brute-force.js';
import { createUser, login, randomIp } from '../../test-support/factories.js';
import { MAX_FAILURES_PER_ACCOUNT, MAX_FAILURES_PER_ADDRESS } from './login-limits.js';

// Parallel guesses against the failure limits: however many arrive at once, no more passwords
// are checked than the limit allows (on PGlite, and on PostgreSQL with DATABASE_URL).

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const wrong = (n: number) => Array.from({ length: n }, (_, i) => wrongPassword(i));

describe('parallel guesses at the sign-in', () => {
  it('checks at most 5 of 30 simultaneous guesses at one account; the right password afterwards is refused', async () => {
    const user = await createUser(t.database.db, { role: 'RLF' });
    const outcomes = await parallelLogins([t.app], user.email, wrong(30));

    const checked = outcomes.filter((o) => o.status !== 429);
    expect(checked).toHaveLength(MAX_FAILURES_PER_ACCOUNT);
    expect(checked.every((o) => o.status === 400 && o.message === MSG.login.failed)).toBe(true);
    expect(outcomes.filter((o) => o.status === 429).every((o) => o.message === MSG.login.tooManyAttempts)).toBe(true);
    expect(await checkedAttemptsOf(t.database.db, user.email)).toBe(MAX_FAILURES_PER_ACCOUNT);

    const [right] = await parallelLogins([t.app], user.email, [user.password]);
    expect(right).toMatchObject({ status: 429, message: MSG.login.tooManyAttempts });
    expect(await t.database.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id))).toHaveLength(0);
  });

  it('with the right password among 30 simultaneous guesses, still checks at most 5', async () => {
    const user = await createUser(t.database.db, { role: 'RLF' });
    const guesses = wrong(30);
    guesses[17] = user.password;
    const outcomes = await parallelLogins([t.app], user.email, guesses);

    expect(outcomes.filter((o) => o.status !== 429).length).toBeLessThanOrEqual(MAX_FAILURES_PER_ACCOUNT);
    expect(await checkedAttemptsOf(t.database.db, user.email)).toBeLessThanOrEqual(MAX_FAILURES_PER_ACCOUNT);
    const signedIn = outcomes.filter((o) => o.status === 200);
    expect(signedIn.every((o) => o.password === user.password)).toBe(true);
    expect(outcomes.filter((o) => o.status === 429).every((o) => o.message === MSG.login.tooManyAttempts)).toBe(true);
  });

  it('checks at most 20 of 30 simultaneous guesses from one address at different accounts', async () => {
    const ip = randomIp();
    const tag = crypto.randomUUID();
    const emails = Array.from({ length: 30 }, (_, i) => `nadie-${i}-${tag}@test.atalaya`);
    const outcomes = await Promise.all(emails.map((email) => parallelLogins([t.app], email, ['no-es-la-clave'], () => ip)));

    const statuses = outcomes.flat().map((o) => o.status);
    expect(statuses.filter((s) => s !== 429)).toHaveLength(MAX_FAILURES_PER_ADDRESS);
    expect(await checkedAttemptsFrom(t.database.db, ip)).toBe(MAX_FAILURES_PER_ADDRESS);
  });
});

describe('parallel guesses at the electronic signature', () => {
  it('checks at most 5 of 20 simultaneous wrong signatures; the right one afterwards is refused', async () => {
    const user = await createUser(t.database.db, { role: 'QPPV' });
    const session = await login(t.app, user);
    const before = await checkedAttemptsOf(t.database.db, user.email);
    const outcomes = await parallelSignatures([t.app], { accessToken: session.accessToken, email: user.email }, wrong(20));

    const checked = outcomes.filter((o) => o.status !== 429);
    expect(checked).toHaveLength(MAX_FAILURES_PER_ACCOUNT);
    expect(checked.every((o) => o.status === 400 && o.message === MSG.signature.failed)).toBe(true);
    expect(outcomes.filter((o) => o.status === 429).every((o) => o.message === MSG.login.tooManyAttempts)).toBe(true);
    expect((await checkedAttemptsOf(t.database.db, user.email)) - before).toBe(MAX_FAILURES_PER_ACCOUNT);

    const [right] = await parallelSignatures([t.app], { accessToken: session.accessToken, email: user.email }, [user.password]);
    expect(right).toMatchObject({ status: 429, message: MSG.login.tooManyAttempts });
  });
});
