import { duplicateScore, normaliseEmail, normaliseInitials, normalisePhone } from '@atalaya/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { duplicatePairs, eventPatients, eventRams, events, meddraLlt, meddraPt } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createProduct } from '../../test-support/catalog.js';
import { createCase } from '../../test-support/cases.js';
import { createUser } from '../../test-support/factories.js';
import { scanFrequencies } from './batch.js';
import { candidateIds, valueFrequencies } from './queries.js';
import { PAIRED_CASES } from './recorder.js';
import { loadCaseRecords } from './records.js';
import { columnsOf, fastScorer, recordOf, scanRegistry } from './registry.js';
import { duplicateThreshold } from './service.js';

/**
 * The in-memory whole-database scan (registry.ts) against the reference: each case's candidates
 * found one by one by `candidateIds` (the SQL keys), each pair scored by the domain's
 * `duplicateScore` as the case of the higher id finds it (its own frequencies, `valueFrequencies`).
 * The set is generated with planted duplicates (initials one edit apart or missing, the age ± 1,
 * the onset shifted, a second reaction) among patients that share few initials, so that the
 * keys' caps are reached when they are small.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

/** A deterministic generator (mulberry32). */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
  return { next, int: (low: number, high: number) => low + Math.floor(next() * (high - low + 1)), pick: <T>(values: readonly T[]) => values[Math.floor(next() * values.length)]! };
}

const DAY = 86_400_000;
const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

interface Planted {
  original: string;
  duplicate: string;
}

/** Cases of a few initials, sexes and ages, two products and three terms; a share of them a corrupted second report of an earlier one. */
async function generate(count: number): Promise<Planted[]> {
  const db = t.database.db;
  const user = await createUser(db, { role: 'RLF', country: 'UY' });
  const products = [(await createProduct(db, { countries: ['UY'] })).id, (await createProduct(db, { countries: ['UY'] })).id];
  // Two PTs, the first with two LLTs (a PT shared through different LLTs).
  await db.insert(meddraPt).values([
    { code: 99_000_001, name: 'PT uno' },
    { code: 99_000_002, name: 'PT dos' },
  ]);
  await db.insert(meddraLlt).values([
    { code: 99_100_001, name: 'LLT uno a', ptCode: 99_000_001 },
    { code: 99_100_002, name: 'LLT uno b', ptCode: 99_000_001 },
    { code: 99_100_003, name: 'LLT dos', ptCode: 99_000_002 },
  ]);
  const llts = [99_100_001, 99_100_002, 99_100_003];
  const rnd = random(31);
  const initialsPool = ['ABC', 'ABD', 'ACB', 'XY', 'XYZ', 'MN'];
  const made: { id: string; initials: string; sex: string; age: number; onset: number; llt: number; product: number }[] = [];
  const planted: Planted[] = [];
  const base = Date.UTC(2025, 0, 1);
  for (let index = 0; index < count; index++) {
    const twin = made.length > 0 && rnd.next() < 0.3 ? rnd.pick(made) : null;
    let initials = twin ? twin.initials : rnd.pick(initialsPool);
    if (twin && rnd.next() < 0.3) initials = `${initials.slice(0, -1)}${rnd.pick(['Q', 'R'])}`;
    if (twin && rnd.next() < 0.15) initials = '';
    const sex = twin ? twin.sex : rnd.pick(['M', 'F']);
    const age = twin ? twin.age + (rnd.next() < 0.3 ? rnd.pick([-1, 1]) : 0) : rnd.int(30, 33);
    const onset = twin ? twin.onset + (rnd.next() < 0.5 ? rnd.int(-4, 4) : 0) : rnd.int(0, 40);
    const llt = twin ? twin.llt : rnd.pick(llts);
    const product = twin ? twin.product : rnd.pick(products);
    const created = new Date(base + 100 * DAY + index * 60_000 + rnd.int(0, 999));
    const made1 = await createCase(db, { createdBy: user.id, productIds: [product], rams: [{}, ...(rnd.next() < 0.2 ? [{}] : [])], createdAt: created });
    await db.insert(eventPatients).values({ eventId: made1.id, initials, gender: sex, age: rnd.next() < 0.1 && twin ? null : age, ageUnit: 'Años' });
    const day = (offset: number) => new Date(base + offset * DAY).toISOString().slice(0, 10);
    for (const [position, ramId] of made1.ramIds.entries()) {
      await db.update(eventRams).set({ lltCode: position === 0 ? llt : rnd.pick(llts), dateStart: day(onset + position * rnd.int(0, 3)) }).where(eq(eventRams.id, ramId));
    }
    made.push({ id: made1.id, initials, sex, age, onset, llt, product });
    if (twin) planted.push({ original: twin.id, duplicate: made1.id });
  }
  return planted;
}

/** The reference: every paired case's candidates by `candidateIds`, each pair scored once as the case of the higher id scores it. */
async function oneByOne(limit: number, threshold: number): Promise<Map<string, number>> {
  const db = t.database.db;
  const ids = (await db.select({ id: events.id }).from(events).where(PAIRED_CASES)).map((row) => row.id);
  const records = new Map((await loadCaseRecords(db, ids)).map((record) => [record.eventId!, record]));
  const found = new Set<string>();
  for (const [id, subject] of records) {
    for (const other of await candidateIds(db, subject.record, { reach: PAIRED_CASES, eventId: id, homeReportId: null, limit })) found.add(pairKey(id, other));
  }
  const expected = new Map<string, number>();
  for (const key of found) {
    const [low, high] = key.split('|') as [string, string];
    const [lower, higher] = [records.get(low)!, records.get(high)!];
    const result = duplicateScore(higher.record, lower.record, await valueFrequencies(db, higher.record));
    if (result.score >= threshold) expected.set(key, result.score);
  }
  return expected;
}

async function scanned(limit: number, threshold: number, block: number): Promise<Map<string, number>> {
  const db = t.database.db;
  await db.delete(duplicatePairs);
  await scanRegistry(db, { threshold, frequencies: await scanFrequencies(db), limit, block });
  const rows = await db.select().from(duplicatePairs);
  expect(rows.every((row) => row.eventId < row.otherEventId)).toBe(true);
  return new Map(rows.map((row) => [pairKey(row.eventId, row.otherEventId), Number(row.score)]));
}

function expectSame(actual: Map<string, number>, expected: Map<string, number>) {
  expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort());
  for (const [key, score] of expected) expect(actual.get(key), key).toBeCloseTo(score, 9);
}

describe('the in-memory scan finds what scoring each case’s candidates one by one finds', () => {
  let planted: Planted[] = [];
  let threshold = 0;
  let uncapped = 0;

  beforeAll(async () => {
    planted = await generate(110);
    threshold = await duplicateThreshold(t.database.db);
  }, 120_000);

  it('with the keys’ cap (50 a key): the same pairs with the same scores, the planted duplicates among them', async () => {
    const expected = await oneByOne(50, threshold);
    uncapped = expected.size;
    expect(planted.length).toBeGreaterThan(20);
    expect(expected.size).toBeGreaterThan(planted.length);
    expectSame(await scanned(50, threshold, 5_000), expected);
    // Pairs across blocks of 7 cases: each stored once, the same.
    expectSame(await scanned(50, threshold, 7), expected);
    const found = planted.filter((pair) => expected.has(pairKey(pair.original, pair.duplicate)));
    expect(found.length / planted.length).toBeGreaterThanOrEqual(0.8);
  }, 300_000);

  it('with a cap that is reached (3 a key): the same nearest candidates, so the same pairs', async () => {
    const expected = await oneByOne(3, threshold);
    expect(expected.size).toBeGreaterThan(0);
    expect(expected.size).toBeLessThan(uncapped);
    expectSame(await scanned(3, threshold, 7), expected);
  }, 300_000);

  it('filters by a fast score equal to the domain’s, and each pair scores the same from either side', async () => {
    const db = t.database.db;
    const frequencies = await scanFrequencies(db);
    const scorer = fastScorer(frequencies);
    const ids = (await db.select({ id: events.id }).from(events).where(PAIRED_CASES)).map((row) => row.id).slice(0, 40);
    // As the scan holds them: the values normalised.
    const records = (await loadCaseRecords(db, ids)).map((one) => ({
      ...one,
      record: {
        ...one.record,
        initials: normaliseInitials(one.record.initials),
        caseNumbers: one.record.caseNumbers.map((value) => value.trim().toUpperCase()),
        emails: one.record.emails.map(normaliseEmail).filter((value): value is string => value !== null),
        phones: one.record.phones.map(normalisePhone).filter((value): value is string => value !== null),
      },
    }));
    // The scan's columns; the records rebuilt from them are the records themselves.
    const columns = columnsOf(records.map((one) => one.record));
    let compared = 0;
    for (const [l, left] of records.entries()) {
      expect(recordOf(columns, l)).toEqual(left.record);
      for (const [r, right] of records.entries()) {
        if (left === right) continue;
        const exact = duplicateScore(left.record, right.record, frequencies.forRecord(left.record)).score;
        // The domain rounds to hundredths.
        expect(Math.abs(scorer.score(columns, l, r) - exact)).toBeLessThanOrEqual(0.0051);
        expect(duplicateScore(right.record, left.record, frequencies.forRecord(right.record)).score).toBe(exact);
        compared++;
      }
    }
    expect(compared).toBe(records.length * (records.length - 1));
  }, 120_000);
});
