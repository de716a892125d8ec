import { ER_STATUS } from '@atalaya/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { countries, eventMedications, eventMetricAlerts, events, metrics } from '../../db/schema/index.js';
import { createCase, laboratoryOfProduct, type TestCase } from '../../test-support/cases.js';
import { createProduct } from '../../test-support/catalog.js';
import { createTestDatabase } from '../../test-support/db.js';
import { createUser, type TestUser } from '../../test-support/factories.js';
import { rowsOf } from '../deadlines/index.js';
import { noKpiCardCounts, noKpiCountsFromAlerts } from './queries.js';
import { noKpiScope } from './service.js';

/**
 * The No-KPI card from the maintained count (migration 0032, docs/kpi.md 'Count table'): it
 * answers what the count from the alerts answers, per role and country, and the count stays
 * equal to a full recount after any write. Limits are mid-month, away from the few hours where
 * the case's country's month and the user's differ.
 */

const NOW = new Date('2026-11-15T15:00:00Z');
let database: Database;
let metricIds: number[];
let labA: number;
let productA: number;
let productB: number;
let productC: number;
let qppv: TestUser;
let rlfCo: TestUser;
let rlfMx: TestUser;
let admin: TestUser;
const cases: TestCase[] = [];

async function fail(testCase: TestCase, dueAt: string, state: 'late' | 'overdue' | 'pending' | 'met' = 'overdue', metric = 0): Promise<void> {
  const metricId = metricIds[metric];
  if (metricId === undefined) throw new Error('no metric');
  const due = new Date(dueAt);
  await database.db
    .insert(eventMetricAlerts)
    .values({ eventId: testCase.id, metricId, startedAt: new Date(due.getTime() - 72 * 3_600_000), limitHours: 72, dueAt: due, state })
    .onConflictDoUpdate({ target: [eventMetricAlerts.eventId, eventMetricAlerts.metricId], set: { dueAt: due, state } });
}

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  metricIds = (await db.select({ id: metrics.metricaId }).from(metrics).orderBy(metrics.metricaId)).map((row) => row.id);
  productA = (await createProduct(db, { countries: ['CO'] })).id;
  productB = (await createProduct(db, { countries: ['MX'] })).id;
  productC = (await createProduct(db, { countries: ['CO'] })).id;
  labA = await laboratoryOfProduct(db, productA);
  qppv = await createUser(db, { role: 'QPPV', country: 'CO', laboratories: [{ laboratoryId: labA }] });
  rlfCo = await createUser(db, { role: 'RLF', country: 'CO' });
  rlfMx = await createUser(db, { role: 'RLF', country: 'MX' });
  admin = await createUser(db, { role: 'ADMIN' });
  const make = async (options: Parameters<typeof createCase>[1]) => {
    const made = await createCase(db, { receivedAt: NOW, createdAt: NOW, sentAt: NOW, ...options });
    // Only the limits this file writes: the engine's rows (due from the real clock) go.
    await db.delete(eventMetricAlerts).where(eq(eventMetricAlerts.eventId, made.id));
    cases.push(made);
    return made;
  };
  // Failures in both months, two in one month (counts once), a case of each reach branch.
  const both = await make({ createdBy: rlfMx.id, country: 'CO', status: ER_STATUS.EN_EVALUACION_QPPV, productIds: [productA] });
  await fail(both, '2026-11-10T12:00:00Z', 'overdue', 0);
  await fail(both, '2026-11-12T12:00:00Z', 'late', 1);
  await fail(both, '2026-10-20T12:00:00Z', 'late', 2);
  await fail(await make({ createdBy: rlfMx.id, country: 'CO', productIds: [productA, productC] }), '2026-10-05T12:00:00Z');
  await fail(await make({ createdBy: rlfMx.id, country: 'MX', productIds: [productB] }), '2026-11-03T12:00:00Z');
  // Deleted: nobody counts it.
  const deleted = await make({ createdBy: rlfMx.id, country: 'CO', productIds: [productA] });
  await fail(deleted, '2026-11-02T12:00:00Z');
  await db.update(events).set({ deletedAt: NOW }).where(eq(events.id, deleted.id));
  // A draft (Pendiente) of the QPPV's laboratory by someone else: the RLF of CO counts it, not the QPPV nor ADMIN.
  await fail(await make({ createdBy: rlfMx.id, country: 'CO', status: ER_STATUS.PENDIENTE, productIds: [productA] }), '2026-11-04T12:00:00Z');
  // Marked duplicate of the first: the card does not leave duplicates out (nor did it before).
  const duplicate = await make({ createdBy: rlfMx.id, country: 'CO', productIds: [productA] });
  await fail(duplicate, '2026-11-06T12:00:00Z');
  await db.update(events).set({ duplicateOfEventId: both.id }).where(eq(events.id, duplicate.id));
  // Creator branches: the RLF of CO's own case in MX; the QPPV's own draft, and a case of another laboratory.
  await fail(await make({ createdBy: rlfCo.id, country: 'MX', productIds: [productB] }), '2026-11-08T12:00:00Z');
  await fail(await make({ createdBy: qppv.id, country: 'CO', status: ER_STATUS.PENDIENTE, productIds: [productA] }), '2026-11-09T12:00:00Z');
  await fail(await make({ createdBy: qppv.id, country: 'MX', productIds: [productB] }), '2026-10-09T12:00:00Z');
  // Not failed, or out of the two months.
  await fail(await make({ createdBy: rlfMx.id, country: 'CO', productIds: [productA] }), '2026-11-11T12:00:00Z', 'pending');
  await fail(await make({ createdBy: rlfMx.id, country: 'CO', productIds: [productA] }), '2026-11-11T12:00:00Z', 'met');
  await fail(await make({ createdBy: rlfMx.id, country: 'CO', productIds: [productA] }), '2026-09-11T12:00:00Z');
}, 60_000);
afterAll(() => database.close());

async function both(user: TestUser, country: string | null): Promise<{ maintained: { current: number; previous: number }; alerts: { current: number; previous: number } }> {
  const scope = await noKpiScope(database.db, user, country);
  const reader = { id: user.id, role: user.role, countryCode: user.countryCode, laboratoryIds: scope.laboratoryIds };
  return {
    maintained: await noKpiCardCounts(database.db, reader, scope.countryId, NOW),
    alerts: await noKpiCountsFromAlerts(database.db, scope.reach, scope.country, NOW, scope.timeZone),
  };
}

async function everyCard(): Promise<void> {
  for (const user of [qppv, rlfCo, rlfMx, admin]) {
    for (const country of [null, 'CO', 'MX']) {
      const { maintained, alerts } = await both(user, country);
      expect(maintained, `${user.role} ${user.countryCode} ${country}`).toEqual(alerts);
    }
  }
}

/** The maintained rows (per key, and per creator and key) against a recount of every case from the alerts (zero rows left out). */
async function expectCountTrue(): Promise<void> {
  const read = async (query: ReturnType<typeof sql>) => rowsOf<Record<string, unknown>>(await database.db.execute(query));
  const cells = sql`
    select distinct e.id, e.created_by::text as creator, date_trunc('month', a.due_at at time zone c.time_zone)::date::text as month, e.country_id,
      e.status = 1 as draft, e.laboratory_ids::text as labs
    from ${events} e join ${countries} c on c.id = e.country_id join ${eventMetricAlerts} a on a.event_id = e.id
    where a.state in ('late', 'overdue') and e.deleted_at is null`;
  expect(await read(sql`select month::text, country_id, draft, laboratory_ids::text as labs, cases from nokpi_counts where cases <> 0 order by 1, 2, 3, 4`)).toEqual(
    await read(sql`select month, country_id, draft, labs, count(*)::int as cases from (${cells}) x group by 1, 2, 3, 4 order by 1, 2, 3, 4`),
  );
  expect(
    await read(sql`select created_by::text as creator, month::text, country_id, draft, laboratory_ids::text as labs, cases from nokpi_creator_counts where cases <> 0 order by 1, 2, 3, 4, 5`),
  ).toEqual(await read(sql`select creator, month, country_id, draft, labs, count(*)::int as cases from (${cells}) x group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`));
}

describe('the No-KPI card from the maintained count', () => {
  it('answers what the alerts answer for QPPV, RLF and ADMIN, with and without a country', async () => {
    await everyCard();
    // And the figures themselves: the QPPV counts the sent cases of its laboratory and its own.
    expect((await both(qppv, null)).maintained).toEqual({ current: 3, previous: 3 });
    // The RLF of CO: its country's cases, the draft, and its own case in MX.
    expect((await both(rlfCo, null)).maintained).toEqual({ current: 5, previous: 2 });
    expect((await both(rlfCo, 'MX')).maintained).toEqual({ current: 1, previous: 0 });
    // ADMIN: every sent case, not deleted.
    expect((await both(admin, null)).maintained).toEqual({ current: 4, previous: 3 });
    expect((await both(admin, 'CO')).maintained).toEqual({ current: 2, previous: 2 });
  });

  it('stays equal to a full recount after random writes to alerts and cases', async () => {
    await expectCountTrue();
    const ids = cases.map((row) => row.id);
    const write = fc.oneof(
      fc.record({ kind: fc.constant('state' as const), at: fc.nat(), state: fc.constantFrom('pending', 'met', 'late', 'overdue') }),
      fc.record({ kind: fc.constant('due' as const), at: fc.nat(), day: fc.integer({ min: -50, max: 30 }) }),
      fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), metric: fc.nat(), day: fc.integer({ min: -50, max: 30 }) }),
      fc.record({ kind: fc.constant('deleteAlerts' as const), at: fc.nat() }),
      fc.record({ kind: fc.constant('country' as const), at: fc.nat(), code: fc.constantFrom('CO', 'MX', 'UY') }),
      fc.record({ kind: fc.constant('status' as const), at: fc.nat(), status: fc.constantFrom(ER_STATUS.PENDIENTE, ER_STATUS.EN_REVISION_RLF, ER_STATUS.EN_EVALUACION_QPPV) }),
      fc.record({ kind: fc.constant('deleted' as const), at: fc.nat(), deleted: fc.boolean() }),
      fc.record({ kind: fc.constant('medication' as const), at: fc.nat(), add: fc.boolean(), product: fc.nat() }),
      fc.record({ kind: fc.constant('creator' as const), at: fc.nat(), who: fc.nat() }),
      fc.record({ kind: fc.constant('sweep' as const) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 6 }), async (writes) => {
        const db = database.db;
        await db.transaction(async (tx) => {
          for (const w of writes) {
            const id = 'at' in w ? (ids[w.at % ids.length] as string) : '';
            const day = (offset: number) => new Date(NOW.getTime() + offset * 86_400_000);
            switch (w.kind) {
              case 'state':
                await tx.update(eventMetricAlerts).set({ state: w.state }).where(eq(eventMetricAlerts.eventId, id));
                break;
              case 'due':
                await tx.update(eventMetricAlerts).set({ dueAt: day(w.day) }).where(eq(eventMetricAlerts.eventId, id));
                break;
              case 'insert': {
                const metricId = metricIds[w.metric % metricIds.length] as number;
                await tx
                  .insert(eventMetricAlerts)
                  .values({ eventId: id, metricId, startedAt: day(w.day - 3), limitHours: 72, dueAt: day(w.day), state: 'overdue' })
                  .onConflictDoUpdate({ target: [eventMetricAlerts.eventId, eventMetricAlerts.metricId], set: { dueAt: day(w.day), state: 'late' } });
                break;
              }
              case 'deleteAlerts':
                await tx.delete(eventMetricAlerts).where(eq(eventMetricAlerts.eventId, id));
                break;
              case 'country':
                await tx.update(events).set({ countryId: sql`(select id from ${countries} where code = ${w.code})` }).where(eq(events.id, id));
                break;
              case 'status':
                await tx.update(events).set({ status: w.status }).where(eq(events.id, id));
                break;
              case 'deleted':
                await tx.update(events).set({ deletedAt: w.deleted ? NOW : null }).where(eq(events.id, id));
                break;
              case 'medication': {
                if (w.add) {
                  const productId = [productA, productB, productC][w.product % 3] as number;
                  await tx.insert(eventMedications).values({ eventId: id, productId, laboratoryId: await laboratoryOfProduct(tx, productId), createdBy: admin.id });
                } else {
                  await tx.delete(eventMedications).where(eq(eventMedications.eventId, id));
                }
                break;
              }
              case 'creator':
                await tx.update(events).set({ createdBy: ([qppv, rlfCo, rlfMx][w.who % 3] as TestUser).id }).where(eq(events.id, id));
                break;
              case 'sweep':
                // One statement over many cases, as the deadline sweep writes.
                await tx.update(eventMetricAlerts).set({ state: 'overdue' }).where(inArray(eventMetricAlerts.eventId, ids.slice(0, 5)));
                break;
            }
          }
        });
        await expectCountTrue();
        await everyCard();
      }),
      { numRuns: 40, seed: 20261130 },
    );
  }, 120_000);

  it("files a limit under the month of its case's country: a QPPV in Uruguay sees a Colombian limit of 23:00 on 31 October under October", async () => {
    const db = database.db;
    const product = (await createProduct(db, { countries: ['CO'] })).id;
    const qppvUy = await createUser(db, { role: 'QPPV', country: 'UY', laboratories: [{ laboratoryId: await laboratoryOfProduct(db, product) }] });
    const before = (await both(rlfCo, null)).maintained;
    const edge = await createCase(db, { createdBy: rlfMx.id, country: 'CO', productIds: [product], receivedAt: NOW, createdAt: NOW, sentAt: NOW });
    await db.delete(eventMetricAlerts).where(eq(eventMetricAlerts.eventId, edge.id));
    // 04:00 UTC on 1 November: 23:00 on 31 October in Bogotá, 01:00 on 1 November in Montevideo.
    await fail(edge, '2026-11-01T04:00:00Z');
    const { maintained, alerts } = await both(qppvUy, null);
    expect(maintained).toEqual({ current: 0, previous: 1 });
    // Counted in the QPPV's own time zone it was November.
    expect(alerts).toEqual({ current: 1, previous: 0 });
    // The RLF of Colombia, whose time zone is the case's, counts it in October either way.
    const after = await both(rlfCo, null);
    expect(after.maintained).toEqual({ current: before.current, previous: before.previous + 1 });
    expect(after.maintained).toEqual(after.alerts);
  });
});
