import { randomInt } from 'node:crypto';
import { HOME_REPORT_PREFIX, type PublicReport, publicReportSchema } from '@atalaya/domain';
import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { captchaSolutions, countries, homeReportIntake, homeReports, homeReportStatusHistory, referenceSequences } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createProduct, type TestProduct } from '../../test-support/catalog.js';
import { createUser, solveCaptcha } from '../../test-support/factories.js';
import { patientReport } from '../../test-support/public-reports.js';
import { createHomeReportEvents, type HomeReportCreated, onHomeReportCreated } from './events.js';
import { loadAuthKeys } from '../auth/index.js';
import { insertWaitingReport, numberAndAnnounce, numberLeftoverReports, type WaitingReport } from './numbering.js';
import { type HomeReportDeps, submitPublicReport, submitUserReport } from './service.js';

// Runs on PGlite and, with DATABASE_URL, on the PostgreSQL server. Each test numbers reports of
// a year of its own (a clock in a year no other test uses), so the year's numbers are its alone
// even when other test files write reports into the same database at the same time.

let t: TestApp;
let product: TestProduct;
let report: PublicReport;
let uruguay: number;
const usedYears = new Set<number>();

beforeAll(async () => {
  t = await createTestApp();
  product = await createProduct(t.database.db, { countries: ['UY'] });
  report = publicReportSchema.parse(patientReport(product));
  const [country] = await t.database.db.select({ id: countries.id }).from(countries).where(eq(countries.code, 'UY'));
  uruguay = country!.id;
});
afterAll(() => t.close());

/** A year of the past no other test writes (the test helpers use 1998), and its sequence so far. */
async function freshYear(): Promise<{ year: number; before: number; clock: () => Date }> {
  let year = randomInt(1100, 1990);
  while (usedYears.has(year)) year = randomInt(1100, 1990);
  usedYears.add(year);
  const [row] = await t.database.db
    .select({ last: referenceSequences.lastValue })
    .from(referenceSequences)
    .where(and(eq(referenceSequences.prefix, HOME_REPORT_PREFIX), eq(referenceSequences.year, year)));
  return { year, before: row?.last ?? 0, clock: () => new Date(Date.UTC(year, 5, 1, 12)) };
}

const numberOf = (reference: string) => Number(reference.split('-')[2]);
const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

function depsOf(clock: () => Date, events = createHomeReportEvents()): HomeReportDeps {
  return { db: t.database.db, events, log: t.app.log, now: clock };
}

async function reporter() {
  const user = await createUser(t.database.db, { role: 'CL' });
  return { id: user.id, role: 'CL' as const, countryCode: 'UY', email: user.email };
}

/** The year's stored numbers, sorted. */
async function storedNumbers(year: number): Promise<number[]> {
  const rows = await t.database.db
    .select({ reference: homeReports.reference })
    .from(homeReports)
    .where(like(homeReports.reference, `${HOME_REPORT_PREFIX}-${year}-%`));
  return rows.map((row) => numberOf(row.reference)).sort((a, b) => a - b);
}

describe('RH numbers of incoming reports', () => {
  it('gives N reports sent at once exactly the next N numbers, each stored, in its history and announced once', async () => {
    const { year, before, clock } = await freshYear();
    const events = createHomeReportEvents();
    const heard: HomeReportCreated[] = [];
    onHomeReportCreated(events, (created) => heard.push(created));
    const deps = depsOf(clock, events);
    const users = await Promise.all(range(0, 5).map(() => reporter()));
    const N = 40;
    const answers = await Promise.all(range(0, N).map((i) => submitUserReport(deps, report, users[i % users.length]!)));

    const numbers = answers.map((answer) => numberOf(answer.Reference)).sort((a, b) => a - b);
    expect(numbers).toEqual(range(before + 1, N));
    expect(answers.every((answer) => answer.Reference === `RH-${year}-${String(numberOf(answer.Reference)).padStart(6, '0')}`)).toBe(true);
    expect(await storedNumbers(year)).toEqual(range(before + 1, N));

    const ids = answers.map((answer) => answer.Id);
    const stored = await t.database.db.select({ id: homeReports.id, reference: homeReports.reference, status: homeReports.status }).from(homeReports).where(inArray(homeReports.id, ids));
    expect(new Map(stored.map((row) => [row.id, row.reference]))).toEqual(new Map(answers.map((answer) => [answer.Id, answer.Reference])));
    expect(stored.every((row) => row.status === 1)).toBe(true);
    const history = await t.database.db
      .select({ id: homeReportStatusHistory.homeReportId, toStatus: homeReportStatusHistory.toStatus })
      .from(homeReportStatusHistory)
      .where(inArray(homeReportStatusHistory.homeReportId, ids));
    expect(history).toHaveLength(N);
    expect(new Set(history.map((row) => row.id)).size).toBe(N);

    expect(heard.map((created) => created.reference).sort()).toEqual(answers.map((answer) => answer.Reference).sort());
    expect(heard.find((created) => created.id === answers[0]!.Id)).toMatchObject({ countryCode: 'UY', isMedic: false, subGroupId: 0 });
    const waiting = await t.database.db.select({ id: homeReportIntake.id }).from(homeReportIntake).where(eq(homeReportIntake.year, year));
    expect(waiting).toEqual([]);
  });

  it('leaves no gap after refused reports: an unknown product, a replayed captcha', async () => {
    const { year, before, clock } = await freshYear();
    const deps = { ...depsOf(clock), captchaHmacKey: await captchaKey() };
    const first = await submitPublicReport(deps, report, await solveCaptcha(t.app));

    const unknownProduct = publicReportSchema.parse(patientReport({ id: 2_000_000_000, commercialName: 'No existe' }));
    await expect(submitPublicReport(deps, unknownProduct, await solveCaptcha(t.app))).rejects.toMatchObject({ statusCode: 400 });
    // A replayed captcha fails inside the report's transaction, after the references were checked: rolled back.
    const captcha = await solveCaptcha(t.app);
    const second = await submitPublicReport(deps, report, captcha);
    await expect(submitPublicReport(deps, report, captcha)).rejects.toMatchObject({ statusCode: 400 });
    const third = await submitPublicReport(deps, report, await solveCaptcha(t.app));

    expect([first, second, third].map((answer) => numberOf(answer.Reference))).toEqual(range(before + 1, 3));
    expect(await storedNumbers(year)).toEqual(range(before + 1, 3));
  });

  it('spends the captcha and stores the report in one statement: both or neither', async () => {
    const { year } = await freshYear();
    const now = new Date();
    const waiting = (countryId: number): WaitingReport => ({
      year,
      isMedic: false,
      countryId,
      subGroupId: 0,
      data: { Tipo: { Pais: 'UY' } },
      patientSex: 'F',
      isSerious: false,
      acceptsContact: true,
      reporterUserId: null,
      createdAt: now,
    });
    const spent = async (signature: string) =>
      (await t.database.db.select({ signature: captchaSolutions.signature }).from(captchaSolutions).where(eq(captchaSolutions.signature, signature))).length;
    const stored = async () => (await t.database.db.select({ id: homeReportIntake.id }).from(homeReportIntake).where(eq(homeReportIntake.year, year))).length;

    // The report cannot be written (a country that does not exist): the captcha is not spent either.
    const failing = { signature: `prueba-${crypto.randomUUID()}`, expiresAt: new Date(now.getTime() + 60_000) };
    await expect(insertWaitingReport(t.database.db, waiting(2_000_000_000), { solution: failing, now })).rejects.toThrow();
    expect(await spent(failing.signature)).toBe(0);
    expect(await stored()).toBe(0);

    // The captcha was spent before: nothing is written.
    const solution = { signature: `prueba-${crypto.randomUUID()}`, expiresAt: new Date(now.getTime() + 60_000) };
    expect(await insertWaitingReport(t.database.db, waiting(uruguay), { solution, now })).toEqual({ id: expect.any(String) });
    expect(await insertWaitingReport(t.database.db, waiting(uruguay), { solution, now })).toBeNull();
    expect(await spent(solution.signature)).toBe(1);
    expect(await stored()).toBe(1);
    // Numbered, as the next submission of the year would.
    expect(await numberAndAnnounce({ db: t.database.db, events: createHomeReportEvents(), log: t.app.log }, year)).toHaveLength(1);
  });

  it('takes no number when the numbering fails, and numbers the report with the next submission', async () => {
    const { year, before, clock } = await freshYear();
    const deps = depsOf(clock);
    const user = await reporter();
    // A report already holding the next number makes the numbering fail (a unique violation).
    const [squatter] = await t.database.db
      .insert(homeReports)
      .values({ reference: `RH-${year}-${String(before + 1).padStart(6, '0')}`, isMedic: false, countryId: uruguay, subGroupId: 0, data: {} })
      .returning({ id: homeReports.id });
    await expect(submitUserReport(deps, report, user)).rejects.toThrow();
    const [sequence] = await t.database.db
      .select({ last: referenceSequences.lastValue })
      .from(referenceSequences)
      .where(and(eq(referenceSequences.prefix, HOME_REPORT_PREFIX), eq(referenceSequences.year, year)));
    expect(sequence?.last ?? 0).toBe(before);
    const waiting = await t.database.db.select({ id: homeReportIntake.id }).from(homeReportIntake).where(eq(homeReportIntake.year, year));
    expect(waiting).toHaveLength(1);

    await t.database.db.delete(homeReports).where(eq(homeReports.id, squatter!.id));
    const next = await submitUserReport(deps, report, user);
    expect(numberOf(next.Reference)).toBe(before + 2);
    const [left] = await t.database.db.select({ reference: homeReports.reference }).from(homeReports).where(eq(homeReports.id, waiting[0]!.id));
    expect(left?.reference).toBe(`RH-${year}-${String(before + 1).padStart(6, '0')}`);
    expect(await storedNumbers(year)).toEqual(range(before + 1, 2));
  });

  it('numbers and announces at start a report a crash left without a number', async () => {
    const { year, before } = await freshYear();
    // What the report's transaction commits before the numbering (a crash right after it).
    const [left] = await t.database.db
      .insert(homeReportIntake)
      .values({ year, isMedic: false, countryId: uruguay, subGroupId: 0, data: { left: true }, createdAt: new Date(Date.UTC(year, 2, 3)) })
      .returning({ id: homeReportIntake.id });

    // A second application instance over the same database starting up.
    const events = createHomeReportEvents();
    const heard: HomeReportCreated[] = [];
    onHomeReportCreated(events, (created) => heard.push(created));
    expect(await numberLeftoverReports({ db: t.database.db, events, log: t.app.log })).toBeGreaterThanOrEqual(1);
    const [stored] = await t.database.db.select({ reference: homeReports.reference, data: homeReports.data }).from(homeReports).where(eq(homeReports.id, left!.id));
    expect(stored).toEqual({ reference: `RH-${year}-${String(before + 1).padStart(6, '0')}`, data: { left: true } });
    expect(heard.map((created) => created.id)).toContain(left!.id);
    expect(await storedNumbers(year)).toEqual([before + 1]);
  });

  it('numbers leftovers when the application becomes ready', async () => {
    const { year, before } = await freshYear();
    const [left] = await t.database.db
      .insert(homeReportIntake)
      .values({ year, isMedic: true, countryId: uruguay, subGroupId: 1, data: {}, createdAt: new Date(Date.UTC(year, 0, 1)) })
      .returning({ id: homeReportIntake.id });
    const second = await buildApp({ database: t.database, config: t.config });
    try {
      await second.ready();
      const [stored] = await t.database.db.select({ reference: homeReports.reference }).from(homeReports).where(eq(homeReports.id, left!.id));
      expect(stored?.reference).toBe(`RH-${year}-${String(before + 1).padStart(6, '0')}`);
    } finally {
      await second.close();
    }
  });
});

/** The application's captcha key, as the public route passes it. */
async function captchaKey(): Promise<string> {
  return (await loadAuthKeys(t.database.db, t.config)).captchaHmacKey;
}
