// Runs only against the PostgreSQL server (DATABASE_URL): vitest.config.ts leaves *.pg.test.ts out on PGlite.
import { randomInt } from 'node:crypto';
import { HOME_REPORT_PREFIX, publicReportSchema } from '@atalaya/domain';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeReports, referenceSequences } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createProduct } from '../../test-support/catalog.js';
import { createUser } from '../../test-support/factories.js';
import { patientReport } from '../../test-support/public-reports.js';
import { createHomeReportEvents } from './events.js';
import { submitUserReport } from './service.js';

// Two server instances (two connection pools) over one database, as behind a load balancer:
// their submissions number each other's reports, and the year's numbers stay 1..N.
describe('RH numbers across server instances', () => {
  let one: TestApp;
  let two: TestApp;

  beforeAll(async () => {
    [one, two] = await Promise.all([createTestApp(), createTestApp()]);
  });
  afterAll(async () => {
    await Promise.all([one.close(), two.close()]);
  });

  it('gives the reports sent at once to both instances the next numbers, none twice, none missing', async () => {
    // A year of its own (see numbering.test.ts).
    const year = randomInt(1000, 1100);
    const [row] = await one.database.db
      .select({ last: referenceSequences.lastValue })
      .from(referenceSequences)
      .where(and(eq(referenceSequences.prefix, HOME_REPORT_PREFIX), eq(referenceSequences.year, year)));
    const before = row?.last ?? 0;
    const product = await createProduct(one.database.db, { countries: ['UY'] });
    const report = publicReportSchema.parse(patientReport(product));
    const user = await createUser(one.database.db, { role: 'CL' });
    const sender = { id: user.id, role: 'CL' as const, countryCode: 'UY', email: user.email };
    const clock = () => new Date(Date.UTC(year, 6, 1));
    const deps = [one, two].map((t) => ({ db: t.database.db, events: createHomeReportEvents(), log: t.app.log, now: clock }));

    const N = 60;
    const answers = await Promise.all(Array.from({ length: N }, (_, i) => submitUserReport(deps[i % 2]!, report, sender)));
    const expected = Array.from({ length: N }, (_, i) => before + 1 + i);
    expect(answers.map((answer) => Number(answer.Reference.split('-')[2])).sort((a, b) => a - b)).toEqual(expected);
    const stored = await one.database.db
      .select({ id: homeReports.id, reference: homeReports.reference })
      .from(homeReports)
      .where(like(homeReports.reference, `RH-${year}-%`));
    expect(stored.map((r) => Number(r.reference.split('-')[2])).sort((a, b) => a - b)).toEqual(expected);
    expect(new Map(stored.map((r) => [r.id, r.reference]))).toEqual(new Map(answers.map((answer) => [answer.Id, answer.Reference])));
  });
});
