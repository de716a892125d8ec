import { ER_STATUS, SEEDED_METRICS, TIME_OPTIONS } from '@atalaya/domain';
import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventMetricAlerts, events, mailOutbox, metrics } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { addCaseComment, createCase, laboratoryOfProduct, type TestCase } from '../../test-support/cases.js';
import { createProduct } from '../../test-support/catalog.js';
import { post, sessionOf, validPatient } from '../../test-support/case-edit.js';
import { bearer, createUser, login, type TestUser } from '../../test-support/factories.js';
import { refreshCaseDeadlines, sweepOverdueDeadlines } from './index.js';

/**
 * The deadline engine (docs/kpi.md) on a clock the test controls: every instant is passed to
 * `refreshCaseDeadlines` / `sweepOverdueDeadlines`. The clock runs in 2020, so that a sweep
 * never marks the live cases of other test files sharing a PostgreSQL database (their
 * deadlines are due after it).
 */

const HOUR = 3_600_000;
const T0 = new Date('2020-03-02T12:00:00.000Z');
const at = (hours: number) => new Date(T0.getTime() + hours * HOUR);
const metricId = (name: string): number => {
  const metric = SEEDED_METRICS.find((candidate) => candidate.Nombre === name);
  if (!metric) throw new Error(name);
  return metric.MetricaId;
};
const REVIEW = metricId('Revisión RLF');
const INTAKE = metricId('Ingreso del reporte');
const SERIOUS = metricId('Notificación a la autoridad sanitaria (grave)');
const NOT_SERIOUS = metricId('Notificación a la autoridad sanitaria (no grave)');
const PROVIDER = metricId('Notificación al titular / proveedor');
const EVALUATION = metricId('Evaluación QPPV');

let t: TestApp;
let rlf: TestUser;
let qppv: TestUser;
let productId: number;

beforeAll(async () => {
  t = await createTestApp();
  // A country of its own, so that the mails of this file go to its users only.
  rlf = await createUser(t.database.db, { role: 'RLF', country: 'UY' });
  const product = await createProduct(t.database.db, { countries: ['UY'] });
  productId = product.id;
  qppv = await createUser(t.database.db, { role: 'QPPV', laboratories: [{ laboratoryId: await laboratoryOfProduct(t.database.db, product.id) }] });
}, 60_000);

afterAll(async () => {
  await t.close();
});

/** A case sent to review at T0 (received and created then), in `status`. */
function sentCase(status: number = ER_STATUS.EN_REVISION_RLF, rams: Parameters<typeof createCase>[1]['rams'] = [{}]): Promise<TestCase> {
  return createCase(t.database.db, { status, createdBy: rlf.id, productIds: [productId], receivedAt: T0, createdAt: T0, sentAt: T0, rams });
}

async function stateOf(testCase: TestCase): Promise<Record<number, { state: string; dueAt: string; metAt: string | null; limitHours: number }>> {
  const rows = await t.database.db.select().from(eventMetricAlerts).where(eq(eventMetricAlerts.eventId, testCase.id));
  return Object.fromEntries(
    rows.map((row) => [row.metricId, { state: row.state, dueAt: row.dueAt.toISOString(), metAt: row.metAt?.toISOString() ?? null, limitHours: row.limitHours }]),
  );
}

async function refreshAt(testCase: TestCase, hours: number) {
  return refreshCaseDeadlines(t.database.db, { eventIds: [testCase.id] }, at(hours));
}

async function mailsAbout(testCase: TestCase) {
  return t.database.db.select().from(mailOutbox).where(like(mailOutbox.subject, `%${testCase.referenceNumber}%`));
}

describe('the stored state of each metric of a case', () => {
  it('is pending while the limit runs, met when the milestone comes in time; no row for metrics whose start has not happened', async () => {
    const testCase = await sentCase();
    await refreshAt(testCase, 10);
    const state = await stateOf(testCase);
    expect(state[INTAKE]).toMatchObject({ state: 'met', metAt: T0.toISOString() });
    expect(state[REVIEW]).toEqual({ state: 'pending', dueAt: at(72).toISOString(), metAt: null, limitHours: 72 });
    // Not serious: the 90-day authority clock applies, not the 15-day one; the provider's runs 15 days.
    expect(state[NOT_SERIOUS]).toMatchObject({ state: 'pending', dueAt: at(90 * 24).toISOString() });
    expect(state[SERIOUS]).toBeUndefined();
    expect(state[PROVIDER]).toMatchObject({ state: 'pending', dueAt: at(15 * 24).toISOString() });
    // Not yet in evaluation (status 3 never reached).
    expect(state[EVALUATION]).toBeUndefined();

    await addCaseComment(t.database.db, testCase.id, { userId: rlf.id, action: 'AprobarRLF', fromStatus: 2, toStatus: 3, createdAt: at(20) });
    await refreshAt(testCase, 21);
    const after = await stateOf(testCase);
    expect(after[REVIEW]).toMatchObject({ state: 'met', metAt: at(20).toISOString() });
    // Entering status 3 starts the QPPV evaluation's 15 days.
    expect(after[EVALUATION]).toMatchObject({ state: 'pending', dueAt: at(20 + 15 * 24).toISOString() });
  });

  it('turns overdue when the sweep passes the due date (not before), tells the RLF who acts next by mail, then late when the milestone comes', async () => {
    const testCase = await sentCase();
    await refreshAt(testCase, 1);
    const before = await sweepOverdueDeadlines(t.database.db, at(71));
    expect(before.missed.filter((row) => row.eventId === testCase.id)).toEqual([]);
    expect((await stateOf(testCase))[REVIEW]?.state).toBe('pending');

    const swept = await sweepOverdueDeadlines(t.database.db, at(73));
    expect(swept.swept).toBe(true);
    expect(swept.missed.filter((row) => row.eventId === testCase.id)).toEqual([{ eventId: testCase.id, metricId: REVIEW, state: 'overdue' }]);
    expect((await stateOf(testCase))[REVIEW]?.state).toBe('overdue');
    // Status 2 waits on the RLF of the case's country: told by mail (and on the hub, `told`).
    expect(swept.told.filter((row) => row.eventId === testCase.id).map((row) => row.userId)).toContain(rlf.id);
    const mails = await mailsAbout(testCase);
    expect(mails.map((mail) => mail.to)).toContain(rlf.email);
    expect(mails.find((mail) => mail.to === rlf.email)?.text).toContain('Revisión RLF (plazo vencido)');
    // The QPPV does not act on a case in status 2.
    expect(mails.map((mail) => mail.to)).not.toContain(qppv.email);

    // A second sweep finds nothing new: nobody is told twice.
    const again = await sweepOverdueDeadlines(t.database.db, at(74));
    expect(again.missed.filter((row) => row.eventId === testCase.id)).toEqual([]);
    expect((await mailsAbout(testCase)).length).toBe(mails.length);

    await addCaseComment(t.database.db, testCase.id, { userId: rlf.id, action: 'AprobarRLF', fromStatus: 2, toStatus: 3, createdAt: at(80) });
    const missed = await refreshAt(testCase, 81);
    expect((await stateOf(testCase))[REVIEW]).toMatchObject({ state: 'late', metAt: at(80).toISOString(), dueAt: at(72).toISOString() });
    // overdue → late is no new failure: no second mail.
    expect(missed).toEqual([]);
  });

  it('marks a metric overdue at once when a write finds its due date passed, and tells the QPPV who acts next on a case in evaluation', async () => {
    const testCase = await sentCase(ER_STATUS.EN_EVALUACION_QPPV);
    await addCaseComment(t.database.db, testCase.id, { userId: rlf.id, action: 'AprobarRLF', fromStatus: 2, toStatus: 3, createdAt: at(1) });
    await refreshAt(testCase, 2);
    const missed = await refreshAt(testCase, 16 * 24);
    expect(missed.map((row) => row.metricId).sort()).toEqual([EVALUATION, PROVIDER].sort());
    const state = await stateOf(testCase);
    expect(state[EVALUATION]?.state).toBe('overdue');
    expect(state[PROVIDER]?.state).toBe('overdue');
    expect(state[NOT_SERIOUS]?.state).toBe('pending');
    expect((await mailsAbout(testCase)).map((mail) => mail.to)).toContain(qppv.email);
  });

  it('follows the notification dates and the seriousness: 15 days for a serious reaction, met by the local date in time', async () => {
    const testCase = await sentCase(ER_STATUS.EN_EVALUACION_QPPV, [{ serious: true, localNotification: '2020-03-16' }]);
    await refreshAt(testCase, 1);
    const state = await stateOf(testCase);
    expect(state[NOT_SERIOUS]).toBeUndefined();
    // Received 2 March 12:00 UTC; notified 16 March (00:00 UTC): within 15 days.
    expect(state[SERIOUS]).toMatchObject({ state: 'met', dueAt: at(15 * 24).toISOString(), metAt: '2020-03-16T00:00:00.000Z' });

    const late = await sentCase(ER_STATUS.EN_EVALUACION_QPPV, [{ serious: true, providerNotification: '2020-03-20' }]);
    await refreshAt(late, 19 * 24);
    expect((await stateOf(late))[PROVIDER]).toMatchObject({ state: 'late', metAt: '2020-03-20T00:00:00.000Z' });
    expect((await stateOf(late))[SERIOUS]?.state).toBe('overdue');
  });

  it('every metric on time, late and overdue', async () => {
    // On time: intake at once, the review in 20 h, the evaluation in 10 days, both notifications within their limits.
    const onTime = await createCase(t.database.db, {
      status: ER_STATUS.CERRADO_IMPUTABLE,
      createdBy: rlf.id,
      productIds: [productId],
      receivedAt: T0,
      createdAt: at(1),
      sentAt: at(2),
      rams: [{ localNotification: '2020-05-01', providerNotification: '2020-03-10' }],
    });
    await addCaseComment(t.database.db, onTime.id, { userId: rlf.id, action: 'AprobarRLF', fromStatus: 2, toStatus: 3, createdAt: at(22) });
    await addCaseComment(t.database.db, onTime.id, { userId: qppv.id, action: 'Imputable', fromStatus: 3, toStatus: 6, createdAt: at(22 + 10 * 24) });
    await refreshAt(onTime, 100 * 24);
    const met = await stateOf(onTime);
    for (const metric of [INTAKE, REVIEW, EVALUATION, NOT_SERIOUS, PROVIDER]) expect(met[metric]?.state, String(metric)).toBe('met');

    // Late: created 50 h after receipt, approved after 4 days, concluded after 16, notified after 91 and 16 days.
    const late = await createCase(t.database.db, {
      status: ER_STATUS.CERRADO_IMPUTABLE,
      createdBy: rlf.id,
      productIds: [productId],
      receivedAt: T0,
      createdAt: at(50),
      sentAt: at(50),
      rams: [{ localNotification: '2020-06-02', providerNotification: '2020-03-19' }],
    });
    await addCaseComment(t.database.db, late.id, { userId: rlf.id, action: 'AprobarRLF', fromStatus: 2, toStatus: 3, createdAt: at(50 + 96) });
    await addCaseComment(t.database.db, late.id, { userId: qppv.id, action: 'Imputable', fromStatus: 3, toStatus: 6, createdAt: at(50 + 96 + 16 * 24) });
    await refreshAt(late, 100 * 24);
    const missed = await stateOf(late);
    for (const metric of [INTAKE, REVIEW, EVALUATION, NOT_SERIOUS, PROVIDER]) expect(missed[metric]?.state, String(metric)).toBe('late');

    // Overdue: in evaluation for 16 days, nothing notified after 91 days.
    const overdue = await sentCase(ER_STATUS.EN_EVALUACION_QPPV);
    await addCaseComment(t.database.db, overdue.id, { userId: rlf.id, action: 'AprobarRLF', fromStatus: 2, toStatus: 3, createdAt: at(24) });
    await refreshAt(overdue, 91 * 24);
    const running = await stateOf(overdue);
    for (const metric of [EVALUATION, NOT_SERIOUS, PROVIDER]) expect(running[metric]?.state, String(metric)).toBe('overdue');
  });

  it('has no deadline left once the case is annulled or deleted', async () => {
    const annulled = await sentCase();
    const deleted = await sentCase();
    await refreshAt(annulled, 100);
    await refreshAt(deleted, 100);
    expect((await stateOf(annulled))[REVIEW]?.state).toBe('overdue');
    await t.database.db.update(events).set({ status: ER_STATUS.ANULADO }).where(eq(events.id, annulled.id));
    await t.database.db.update(events).set({ deletedAt: at(101) }).where(eq(events.id, deleted.id));
    await refreshCaseDeadlines(t.database.db, { eventIds: [annulled.id, deleted.id] }, at(101));
    expect(await stateOf(annulled)).toEqual({});
    expect(await stateOf(deleted)).toEqual({});
  });
});

describe('metric changes through the API recompute every case', () => {
  const hours = (name: string) => TIME_OPTIONS.find((option) => option.Nombre === name);

  it('a time limit changed moves the due dates; a metric switched off has no rows, switched on has them again', async () => {
    const admin = await createUser(t.database.db, { role: 'ADMIN' });
    const token = (await login(t.app, admin)).accessToken;
    const call = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/${url}`, headers: bearer(token), payload });
    const testCase = await sentCase();
    await refreshAt(testCase, 1);
    const seven = hours('7 días');
    const three = hours('72 h');
    if (!seven || !three) throw new Error('time options');
    try {
      expect((await call('updateMetricTime', { id: REVIEW, tiempo: seven.Id })).statusCode).toBe(200);
      expect((await stateOf(testCase))[REVIEW]).toMatchObject({ limitHours: 7 * 24, dueAt: at(7 * 24).toISOString() });
      expect((await call('activeMetric', { MetricaId: REVIEW, Activo: false })).statusCode).toBe(200);
      expect((await stateOf(testCase))[REVIEW]).toBeUndefined();
      const anyReviewRow = await t.database.db.select().from(eventMetricAlerts).where(eq(eventMetricAlerts.metricId, REVIEW)).limit(1);
      expect(anyReviewRow).toEqual([]);
      expect((await call('activeMetric', { MetricaId: REVIEW, Activo: true })).statusCode).toBe(200);
      expect((await stateOf(testCase))[REVIEW]).toMatchObject({ limitHours: 7 * 24 });
    } finally {
      await t.database.db.update(metrics).set({ tiempoId: three.Id, activo: true }).where(eq(metrics.metricaId, REVIEW));
      await refreshCaseDeadlines(t.database.db, { metricId: REVIEW });
    }
    expect((await stateOf(testCase))[REVIEW]).toMatchObject({ limitHours: 72 });
  });
});

describe('workflow actions through the API keep the state in the same transaction', () => {
  it('AprobarRLF on an overdue review makes it late at once and starts the QPPV evaluation', async () => {
    const testCase = await sentCase();
    await refreshAt(testCase, 100);
    expect((await stateOf(testCase))[REVIEW]?.state).toBe('overdue');
    const token = (await login(t.app, rlf)).accessToken;
    const send = (action: string) =>
      t.app.inject({ method: 'POST', url: '/api/sendAccion', headers: bearer(token), payload: { Event: { Accion: action, Event: testCase.meta, Comments: 'Revisado' } } });
    const approved = await send('AprobarRLF');
    expect(approved.statusCode, approved.body).toBe(200);
    const state = await stateOf(testCase);
    expect(state[REVIEW]?.state).toBe('late');
    expect(state[EVALUATION]?.state).toBe('pending');
    const rows = await t.database.db
      .select()
      .from(eventMetricAlerts)
      .where(and(eq(eventMetricAlerts.eventId, testCase.id), inArray(eventMetricAlerts.state, ['late', 'overdue'])));
    expect(rows.length).toBeGreaterThan(0);
  });
});

describe('sending a draft through the API', () => {
  it('insertER starts the RLF review clock in its own transaction', async () => {
    const creator = await sessionOf(t, 'RLF');
    const draft = await createCase(t.database.db, { status: ER_STATUS.PENDIENTE, createdBy: creator.user.id, productIds: [productId], rams: [{}] });
    expect((await stateOf(draft))[REVIEW]).toBeUndefined();
    expect((await post(t, creator, 'setPaciente', { IdER: draft.meta, ...validPatient() })).statusCode).toBe(200);
    const origin = { Have: false, NotHave: 'El reportante no lo conserva', OrigenId: 1, TipoId: 1 };
    expect((await post(t, creator, 'insertOriginReport', { IdER: draft.meta, ...origin })).statusCode).toBe(200);
    const sent = await post(t, creator, 'insertER', { Event: { Meta: draft.meta } });
    expect(sent.statusCode, sent.body).toBe(200);
    const [row] = await t.database.db.select({ sentAt: events.sentAt }).from(events).where(eq(events.id, draft.id));
    const review = (await stateOf(draft))[REVIEW];
    expect(review).toMatchObject({ state: 'pending', limitHours: 72 });
    expect(review?.dueAt).toBe(new Date((row?.sentAt?.getTime() ?? 0) + 72 * HOUR).toISOString());
  });
});

describe('one sweep at a time across processes', () => {
  it('a sweep that finds the advisory lock taken does nothing', async () => {
    if (t.database.driver !== 'pg') return expect(t.database.driver).toBe('pglite');
    const { Pool } = (await import('pg')).default;
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('DATABASE_URL');
    const other = new Pool({ connectionString: url, max: 1 });
    const client = await other.connect();
    try {
      const { SWEEP_LOCK_KEY } = await import('./index.js');
      await client.query('begin');
      await client.query('select pg_advisory_xact_lock($1)', [SWEEP_LOCK_KEY]);
      const outcome = await sweepOverdueDeadlines(t.database.db, at(1000));
      expect(outcome).toEqual({ swept: false, missed: [], told: [] });
      await client.query('rollback');
    } finally {
      client.release();
      await other.end();
    }
  });
});
