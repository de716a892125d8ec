// Runs only against the PostgreSQL server (DATABASE_URL): vitest.config.ts leaves *.pg.test.ts out on PGlite.
import { MSG } from '@atalaya/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { checkedAttemptsOf, parallelLogins, parallelSignatures, wrongPassword } from '../../test-support/brute-force.js';
import { createUser, login } from '../../test-support/factories.js';
import { MAX_FAILURES_PER_ACCOUNT } from './login-limits.js';

// Two application instances, each with its own connection pool, on one PostgreSQL database:
// what two server processes are. The failure limits must hold across them, so they cannot
// rest on anything kept in a process.
describe('the failure limits across two server instances', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp();
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
  });

  const wrong = (n: number) => Array.from({ length: n }, (_, i) => wrongPassword(i));

  it('checks at most 5 of 30 simultaneous sign-in guesses split over both instances', async () => {
    const user = await createUser(a.database.db, { role: 'RLF' });
    const outcomes = await parallelLogins([a.app, b.app], user.email, wrong(30));

    expect(outcomes.filter((o) => o.status !== 429)).toHaveLength(MAX_FAILURES_PER_ACCOUNT);
    expect(outcomes.filter((o) => o.status === 429).every((o) => o.message === MSG.login.tooManyAttempts)).toBe(true);
    expect(await checkedAttemptsOf(a.database.db, user.email)).toBe(MAX_FAILURES_PER_ACCOUNT);
    for (const app of [a.app, b.app]) {
      const [right] = await parallelLogins([app], user.email, [user.password]);
      expect(right).toMatchObject({ status: 429, message: MSG.login.tooManyAttempts });
    }
  });

  it('checks at most 5 of 20 simultaneous signature guesses split over both instances', async () => {
    const user = await createUser(a.database.db, { role: 'QPPV' });
    const session = await login(a.app, user);
    const before = await checkedAttemptsOf(a.database.db, user.email);
    const outcomes = await parallelSignatures([a.app, b.app], { accessToken: session.accessToken, email: user.email }, wrong(20));

    expect(outcomes.filter((o) => o.status !== 429)).toHaveLength(MAX_FAILURES_PER_ACCOUNT);
    expect((await checkedAttemptsOf(b.database.db, user.email)) - before).toBe(MAX_FAILURES_PER_ACCOUNT);
    const [right] = await parallelSignatures([b.app], { accessToken: session.accessToken, email: user.email }, [user.password]);
    expect(right).toMatchObject({ status: 429, message: MSG.login.tooManyAttempts });
  });
});
