import { randomInt } from 'node:crypto';
import { DUPLICATE_PAIRS_PAGE, type DuplicatePairs, type DuplicateScan, ER_STATUS, MSG, type PublicReportInput } from '@atalaya/domain';
import { eq, inArray, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { duplicatePairs, eventRams, events } from '../../db/schema/index.js';
import { createImportEvents, type ImportRunner, startImportRunner } from '../imports/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createProduct, type TestProduct } from '../../test-support/catalog.js';
import { laboratoryOfProduct } from '../../test-support/cases.js';
import { bearer, createUser, login } from '../../test-support/factories.js';
import { postPublicReport, type SignedIn, signIn, triageOk } from '../../test-support/home-reports.js';
import { patientReport } from '../../test-support/public-reports.js';
import { scanFrequencies } from './batch.js';
import { candidateIds } from './queries.js';
import { PAIRED_CASES } from './recorder.js';
import { loadCaseRecords } from './records.js';
import { scanRegistry } from './registry.js';
import { duplicateScanHandler } from './scan.js';
import { duplicateThreshold, scoredPairs } from './service.js';

let t: TestApp;
let rlf: SignedIn;
let runner: ImportRunner;

/** The runner main.ts starts, with the scan's handler only; it polls the queue often. */
function startRunner(): ImportRunner {
  return startImportRunner(t.database.db, t.app.log, createImportEvents(), { duplicates: duplicateScanHandler }, { pollMs: 100, heartbeatMs: 1_000, progressIntervalMs: 0 });
}

beforeAll(async () => {
  t = await createTestApp();
  rlf = await signIn(t, 'RLF', 'UY');
  runner = startRunner();
});

afterAll(async () => {
  await runner.stop();
  await t.close();
});

function patient() {
  const letters = 'BCDFGHKLMNPRSTVWXZ';
  const initials = Array.from({ length: 3 }, () => letters[randomInt(letters.length)]).join('');
  const day = (offset: number) => new Date(Date.UTC(2025, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);
  const base = randomInt(300);
  return { initials, birth: day(-10_000 - randomInt(10_000)), onset: day(base), end: day(base + 2) };
}

function fromPatient(product: TestProduct, who: ReturnType<typeof patient>): PublicReportInput {
  const report = patientReport(product, 'UY');
  return {
    ...report,
    Paciente: { ...report.Paciente, Iniciales: who.initials, FechaNacimiento: who.birth, Embarazo: 'NO', Gestacion: null },
    RAM: report.RAM.map((ram) => ({ ...ram, FechaIniReaccion: who.onset, FechaFinReaccion: who.end })),
    Medicamento: report.Medicamento.map((drug) => ({ ...drug, FechaIni: who.onset, FechaFin: who.end })),
  };
}

/** A sent case (En revisión RLF) of the patient's report; its Meta and id. */
async function sentCase(report: PublicReportInput): Promise<{ meta: string; id: string }> {
  const { Id } = await postPublicReport(t, report);
  const result = await triageOk(t, 'createerfromerhome', rlf, { homeERId: Id, subGroup: 1, comentario: 'Se ingresa' });
  const meta = result.MetaData ?? '';
  // The draft's creation queued it for the pairs (skipped): let that pass before it is sent behind the app's back.
  await t.app.duplicatePairs.settled();
  const [row] = await t.database.db.update(events).set({ status: ER_STATUS.EN_REVISION_RLF }).where(eq(events.meta, meta)).returning({ id: events.id });
  return { meta, id: row!.id };
}

async function qppvOf(...products: TestProduct[]): Promise<Record<string, string>> {
  const laboratories = await Promise.all(products.map(async (product) => ({ laboratoryId: await laboratoryOfProduct(t.database.db, product.id) })));
  const user = await createUser(t.database.db, { role: 'QPPV', laboratories });
  return bearer((await login(t.app, user)).accessToken);
}

async function pairsPage(headers: Record<string, string>, after?: string): Promise<DuplicatePairs> {
  const response = await t.app.inject({ method: 'GET', url: `/api/getDuplicatePairs${after ? `?desde=${encodeURIComponent(after)}` : ''}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Starts a scan and waits until it ends. */
async function scanAll(headers: Record<string, string>): Promise<DuplicateScan> {
  const started = await t.app.inject({ method: 'POST', url: '/api/startDuplicateScan', headers });
  expect(started.statusCode, started.body).toBe(200);
  const code = (started.json() as DuplicateScan).Busqueda?.code_import;
  expect(code).toMatch(/^DUP-\d{4}-\d{4,}$/);
  for (let tries = 0; tries < 600; tries++) {
    const scan: DuplicateScan = (await t.app.inject({ method: 'GET', url: '/api/getDuplicateScan', headers })).json();
    if (scan.Busqueda?.code_import === code && scan.Busqueda?.date_end) return scan;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the scan did not end');
}

const pairKey = (a: string, b: string) => [a, b].sort().join('|');

describe('the whole-database scan', () => {
  it('walks every case, stores the pairs above the threshold with their score and contributions, and reports its progress', async () => {
    const product = await createProduct(t.database.db, { countries: ['UY'] });
    const who = patient();
    const first = await sentCase(fromPatient(product, who));
    const second = await sentCase(fromPatient(product, who));
    const stored = () =>
      t.database.db
        .select()
        .from(duplicatePairs)
        .where(or(inArray(duplicatePairs.eventId, [first.id, second.id]), inArray(duplicatePairs.otherEventId, [first.id, second.id])));
    expect(await stored()).toEqual([]);
    const headers = await qppvOf(product);

    const scan = await scanAll(headers);
    expect(scan.Busqueda).toMatchObject({ status: 'S', percentage: 100 });
    const cases = (await t.database.db.select({ id: events.id }).from(events)).length;
    expect(scan.Busqueda?.Tables).toEqual([expect.objectContaining({ table: MSG.duplicates.scanCases, status: 'S', insterted: expect.any(Number) })]);
    expect(scan.Busqueda?.Tables[0]?.insterted).toBeGreaterThanOrEqual(2);
    expect(scan.Busqueda?.Tables[0]?.insterted).toBeLessThanOrEqual(cases);
    const rows = await stored();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ eventId: [first.id, second.id].sort()[0], otherEventId: [first.id, second.id].sort()[1] });
    expect(rows[0]!.score).toBeGreaterThan(15);
    expect(rows[0]!.contributions).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'initials', outcome: 'agree' })]));
  });

  it('refuses a second scan while one is pending or running (409), and the scan to an RLF (403)', async () => {
    const headers = await qppvOf();
    // No runner while the two are asked: the first stays pending (a runner can end a scan of this
    // small registry between the two requests, and the second is then rightly accepted).
    await runner.stop();
    const [one, two] = await Promise.all([
      t.app.inject({ method: 'POST', url: '/api/startDuplicateScan', headers }),
      t.app.inject({ method: 'POST', url: '/api/startDuplicateScan', headers }),
    ]);
    runner = startRunner();
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    expect((one.statusCode === 409 ? one : two).json()).toMatchObject({ Message: MSG.imports.alreadyRunning(MSG.imports.kindLabel.duplicates) });
    expect((await t.app.inject({ method: 'POST', url: '/api/startDuplicateScan', headers: rlf.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/getDuplicateScan', headers: rlf.headers })).statusCode).toBe(403);
    // Let it end before the next test.
    for (let tries = 0; tries < 600; tries++) {
      const scan: DuplicateScan = (await t.app.inject({ method: 'GET', url: '/api/getDuplicateScan', headers })).json();
      if (scan.Busqueda?.date_end) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
});

describe('the in-memory scan finds what the per-case candidates find', () => {
  /** The pairs the per-case path stores (`candidateIds` then `scoredPairs`, case by case in id order), each pair's score the same from both sides. */
  async function perCasePairs(): Promise<Map<string, number>> {
    const db = t.database.db;
    const threshold = await duplicateThreshold(db);
    const ids = (await db.select({ id: events.id }).from(events).where(PAIRED_CASES)).map((row) => row.id).sort();
    const expected = new Map<string, number>();
    for (const subject of (await loadCaseRecords(db, ids)).sort((a, b) => (a.eventId! < b.eventId! ? -1 : 1))) {
      const candidates = await candidateIds(db, subject.record, { reach: PAIRED_CASES, eventId: subject.eventId, homeReportId: null });
      for (const pair of await scoredPairs(db, subject, candidates, threshold)) {
        const key = pairKey(subject.eventId!, pair.other.eventId!);
        // A pair found from both sides has one score (whichever case is the subject).
        if (expected.has(key)) expect(pair.result.score, key).toBe(expected.get(key));
        expected.set(key, pair.result.score);
      }
    }
    return expected;
  }

  async function storedPairs(): Promise<Map<string, number>> {
    const rows = await t.database.db.select().from(duplicatePairs);
    return new Map(rows.map((row) => [pairKey(row.eventId, row.otherEventId), Number(row.score)]));
  }

  function expectSame(actual: Map<string, number>, expected: Map<string, number>) {
    expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [key, score] of expected) expect(actual.get(key), key).toBeCloseTo(score, 9);
  }

  it('on a generated set (patients reported several times, initials one edit apart, a commoner one among them, onsets and ages shifted): the same pairs with the same scores, in one block or many', async () => {
    const db = t.database.db;
    const products = [await createProduct(db, { countries: ['UY'] }), await createProduct(db, { countries: ['UY'] })];
    const letters = 'BCDFGHKLMNPRSTVWXZ';
    for (let index = 0; index < 10; index++) {
      const who = patient();
      const product = products[index % 2]!;
      await sentCase(fromPatient(product, who));
      // A second report: the initials one edit apart (every third), the onset a few days later (every other).
      const typo = index % 3 === 0 ? `${who.initials.slice(0, 2)}${letters[(letters.indexOf(who.initials[2]!) + 1) % letters.length]}` : who.initials;
      const shifted = index % 2 === 0 ? new Date(Date.parse(who.onset) + 3 * 86_400_000).toISOString().slice(0, 10) : who.onset;
      const end = new Date(Date.parse(shifted) + 2 * 86_400_000).toISOString().slice(0, 10);
      await sentCase(fromPatient(product, { ...who, initials: typo, onset: shifted, end }));
      // An unrelated patient on the same product.
      await sentCase(fromPatient(product, patient()));
    }
    // Initials one edit apart of which one is commoner (vowels: never drawn by `patient()`): counted
    // frequencies that a side's own values alone would weigh differently from each side.
    const twice = { ...patient(), initials: 'AEI' };
    await sentCase(fromPatient(products[0]!, twice));
    await sentCase(fromPatient(products[0]!, twice));
    await sentCase(fromPatient(products[0]!, { ...twice, initials: 'AEO' }));
    const expected = await perCasePairs();
    expect(expected.size).toBeGreaterThanOrEqual(10);

    // The scan, as the QPPV's button starts it (one block).
    await db.delete(duplicatePairs);
    await scanAll(await qppvOf(...products));
    expectSame(await storedPairs(), expected);

    // Blocks of 7 cases, so that pairs cross blocks.
    await db.delete(duplicatePairs);
    await scanRegistry(db, { threshold: await duplicateThreshold(db), frequencies: await scanFrequencies(db), block: 7 });
    expectSame(await storedPairs(), expected);
  });
});

describe("the 'Duplicados' list of stored pairs", () => {
  it('pages the pairs in reach, the newest case first, 50 at a time, none twice; another QPPV sees none of them', async () => {
    const product = await createProduct(t.database.db, { countries: ['UY'] });
    const who = patient();
    // Twelve reports of one patient's reaction: 66 pairs.
    const cases: { meta: string; id: string }[] = [];
    for (let index = 0; index < 12; index++) cases.push(await sentCase(fromPatient(product, who)));
    const headers = await qppvOf(product);
    await scanAll(headers);

    const first = await pairsPage(headers);
    expect(first.Pares).toHaveLength(DUPLICATE_PAIRS_PAGE);
    expect(first.Siguiente).not.toBeNull();
    const second = await pairsPage(headers, first.Siguiente!);
    expect(second.Siguiente).toBeNull();
    const all = [...first.Pares, ...second.Pares];
    const keys = all.map((pair) => pairKey(pair.A.Meta, pair.B.Meta));
    expect(new Set(keys).size).toBe(66);
    expect(keys).toHaveLength(66);
    // The newer case first in each pair, and the pairs by their newer case, newest first.
    for (const pair of all) expect(pair.A.FechaCreacion >= pair.B.FechaCreacion).toBe(true);
    const newest = all.map((pair) => pair.A.FechaCreacion);
    expect(newest).toEqual([...newest].sort().reverse());
    expect(all.every((pair) => pair.Puntaje >= first.Umbral && pair.Razones.length > 0)).toBe(true);

    const stranger = await qppvOf(await createProduct(t.database.db, { countries: ['UY'] }));
    const theirs = await pairsPage(stranger);
    expect(theirs.Pares.flatMap((pair) => [pair.A.Meta, pair.B.Meta]).filter((meta) => cases.some((one) => one.meta === meta))).toEqual([]);
  });

  it('leaves out a decided pair and the pairs of a case marked duplicate', async () => {
    const product = await createProduct(t.database.db, { countries: ['UY'] });
    const who = patient();
    const [a, b, c] = [await sentCase(fromPatient(product, who)), await sentCase(fromPatient(product, who)), await sentCase(fromPatient(product, who))];
    const headers = await qppvOf(product);
    await scanAll(headers);
    const listed = async () => (await pairsPage(headers)).Pares.map((pair) => pairKey(pair.A.Meta, pair.B.Meta));
    expect(await listed()).toEqual(expect.arrayContaining([pairKey(a!.meta, b!.meta), pairKey(a!.meta, c!.meta), pairKey(b!.meta, c!.meta)]));

    const notDuplicate = await t.app.inject({ method: 'POST', url: '/api/setDuplicateDecision', headers, payload: { Meta: a!.meta, OtroMeta: b!.meta, Decision: 'not-duplicate', Comentario: 'Gemelos' } });
    expect(notDuplicate.statusCode, notDuplicate.body).toBe(200);
    expect(await listed()).not.toContain(pairKey(a!.meta, b!.meta));
    expect(await listed()).toContain(pairKey(a!.meta, c!.meta));

    const duplicate = await t.app.inject({ method: 'POST', url: '/api/setDuplicateDecision', headers, payload: { Meta: c!.meta, OtroMeta: a!.meta, Decision: 'duplicate', MaestroMeta: a!.meta, Comentario: 'El mismo' } });
    expect(duplicate.statusCode, duplicate.body).toBe(200);
    const after = await listed();
    expect(after).not.toContain(pairKey(a!.meta, c!.meta));
    expect(after).not.toContain(pairKey(b!.meta, c!.meta));
  });

  it("adds a new case's pairs as it arrives, without a new scan", async () => {
    const product = await createProduct(t.database.db, { countries: ['UY'] });
    const who = patient();
    const old = await sentCase(fromPatient(product, who));
    const headers = await qppvOf(product);
    await scanAll(headers);
    // Entered from a report and sent as the RLF does ('Enviar' at the wizard's finish): its pairs are stored after the commit.
    const { Id } = await postPublicReport(t, fromPatient(product, who));
    const arriving = (await triageOk(t, 'createerfromerhome', rlf, { homeERId: Id, subGroup: 1, comentario: 'Se ingresa' })).MetaData ?? '';
    // What the RLF completes in the wizard: a reaction copied from a report lacks its MedDRA term and 'expected' (10019211 Headache, the seeded term).
    const [row] = await t.database.db.select({ id: events.id }).from(events).where(eq(events.meta, arriving));
    await t.database.db.update(eventRams).set({ isExpected: false, lltCode: sql`coalesce(${eventRams.lltCode}, 10019211)` }).where(eq(eventRams.eventId, row!.id));
    const sent = await t.app.inject({ method: 'POST', url: '/api/insertER', headers: rlf.headers, payload: { Event: { Meta: arriving } } });
    expect(sent.statusCode, sent.body).toBe(200);
    const listed = async () => (await pairsPage(headers)).Pares.map((pair) => pairKey(pair.A.Meta, pair.B.Meta));
    for (let tries = 0; tries < 100 && !(await listed()).includes(pairKey(old.meta, arriving)); tries++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await listed()).toContain(pairKey(old.meta, arriving));
  });

  it('refuses a malformed page cursor with 400', async () => {
    const headers = await qppvOf();
    const response = await t.app.inject({ method: 'GET', url: '/api/getDuplicatePairs?desde=ayer', headers });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Message: MSG.duplicates.invalidCursor });
  });
});
