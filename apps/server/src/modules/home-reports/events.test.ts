import { publicReportSchema } from '@atalaya/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeReports } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createProduct, type TestProduct } from '../../test-support/catalog.js';
import { createUser } from '../../test-support/factories.js';
import { patientReport } from '../../test-support/public-reports.js';
import { createHomeReportEvents, type HomeReportCreated, onHomeReportCreated } from './events.js';
import { submitUserReport } from './service.js';

let t: TestApp;
let product: TestProduct;

beforeAll(async () => {
  t = await createTestApp();
  product = await createProduct(t.database.db, { countries: ['UY'] });
});
afterAll(() => t.close());

async function submit(events = createHomeReportEvents()) {
  const reporter = await createUser(t.database.db, { role: 'CL' });
  return submitUserReport(
    { db: t.database.db, events, log: t.app.log },
    publicReportSchema.parse(patientReport(product)),
    { id: reporter.id, role: 'CL', countryCode: 'UY', email: reporter.email },
  );
}

describe('onHomeReportCreated', () => {
  it('tells each listener about a stored report, once it is committed', async () => {
    const events = createHomeReportEvents();
    const heard: { report: HomeReportCreated; stored: boolean }[] = [];
    onHomeReportCreated(events, (report) => {
      // Listeners run after the commit, so the row is already visible to anyone.
      void t.database.db
        .select({ id: homeReports.id })
        .from(homeReports)
        .where(eq(homeReports.id, report.id))
        .then((rows) => heard.push({ report, stored: rows.length === 1 }));
    });
    const created = await submit(events);
    await expect.poll(() => heard.length).toBe(1);
    expect(heard[0]).toEqual({
      report: { id: created.Id, reference: created.Reference, isMedic: false, countryCode: 'UY', subGroupId: 0, createdAt: expect.any(Date) },
      stored: true,
    });
  });

  it('stops telling a listener that unsubscribed', async () => {
    const events = createHomeReportEvents();
    let calls = 0;
    const unsubscribe = onHomeReportCreated(events, () => {
      calls += 1;
    });
    await submit(events);
    unsubscribe();
    await submit(events);
    expect(calls).toBe(1);
  });

  it('keeps the report when a listener fails', async () => {
    const events = createHomeReportEvents();
    onHomeReportCreated(events, () => {
      throw new Error('hub down');
    });
    const created = await submit(events);
    const rows = await t.database.db.select({ id: homeReports.id }).from(homeReports).where(eq(homeReports.id, created.Id));
    expect(rows).toHaveLength(1);
  });
});
