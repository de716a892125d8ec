import {
  ageInYears,
  agreementWeight,
  DEFAULT_DUPLICATE_MODEL,
  type DuplicateFrequencies,
  type DuplicateRecord,
  type DuplicateScore,
  differenceWeight,
  disagreementWeight,
  duplicateScore,
  ER_STATUS,
  normaliseEmail,
  normaliseInitials,
  normalisePhone,
} from '@atalaya/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { events, medicalContacts, eventPatients } from '../../db/schema/index.js';
import type { ScanFrequencies } from './batch.js';
import { BLOCK_LIMIT, initialsWithinOneEdit } from './queries.js';
import { PAIRED_CASES } from './recorder.js';

/**
 * The whole-database scan in memory (docs/duplicates.md 'The whole-database scan'). The registry's
 * compared fields are read once, a few grouped statements per chunk of cases by id (no statement
 * per case nor per candidate); the patient and reaction keys are answered from in-memory indexes
 * with the same conditions, order and cap per key as `candidateIds` (queries.ts); the case-number
 * key by one statement for the whole registry and the e-mail key (trigram, PostgreSQL's) per block
 * of cases that have one. Each pair is filtered by a numeric score computed without allocation
 * (`fastScore`, equal to `duplicateScore`'s score where PostgreSQL has statistics and never below
 * it otherwise), and a pair that passes is scored by the domain's `duplicateScore` as the per-case
 * path scores it (the frequencies of the case of the higher id), so what is stored is exactly what
 * the domain gives. The pairs at or above the threshold are written by multi-row upserts, each pair
 * once, while the next block is scored.
 */

/** Cases read per statement of the loading. */
const LOAD_CHUNK = 20_000;
/** Cases scored between two progress reports (and cancellation checks). */
export const SCAN_BLOCK = 5_000;
/** Pairs per upsert. */
const WRITE_BATCH = 2_000;
/** Below the threshold by at most this, a pair's fast score sends it to the exact score (rounding). */
const MARGIN = 0.02;
const NO_DAY = -2_147_483_648;
const EMPTY: readonly never[] = Object.freeze([]);

/** The registry as the scan holds it; a case is its index, in id order. */
interface Registry {
  ids: string[];
  /** The compared record, its values already normalised (so `duplicateScore` reads it unchanged). */
  records: DuplicateRecord[];
  /** created_at in microseconds since the epoch. */
  created: Float64Array;
  /** coalesce(parent_event_id, id), numbered. */
  family: Int32Array;
  /** The onset as a day number, NO_DAY when unknown. */
  onsetDay: Int32Array;
  /** The patient key's side of a candidate: upper(initials) when only letters, else undefined. */
  patientInitials: (string | undefined)[];
  patientAge: Float64Array;
  /** 1 when the age is in years ('Años'). */
  ageInYears: Uint8Array;
  /** upper(initials) → gender → cases. */
  patients: Map<string, Map<string, PatientBucket>>;
  /** PT (of the reaction's LLT) → its reactions with a start date, sorted by day. */
  reactions: Map<number, { days: Int32Array; cases: Int32Array }>;
  /** Pairs decided ('Es duplicado' or 'No es duplicado'): case → cases. */
  decided: Map<number, Set<number>>;
  /** The number key's candidates, per case (most cases have none). */
  numbered: Map<number, number[]>;
  /** For `candidatesOf`: the subject (+ 1) a case was last taken for. */
  taken: Int32Array;
  /** Each case's reactions with a start date and a PT: rows rowStart[c] … rowStart[c + 1] − 1 of rowPt / rowDay. */
  rowStart: Int32Array;
  rowPt: Int32Array;
  rowDay: Int32Array;
  /** Where a case's patient / reaction key was capped: the last row taken and its key (−1: not capped, every row taken). */
  patientLast: Int32Array;
  patientLastKey: Float64Array;
  reactionLast: Int32Array;
  reactionLastKey: Float64Array;
}

/** The patients of one upper(initials) and gender: every one, and those with an age in years by its whole years. */
interface PatientBucket {
  all: number[];
  byAge: (number[] | undefined)[];
}

/** Timings of a scan's phases (ms), for the bench and the log. */
export interface ScanProfile {
  cases: number;
  pairs: number;
  loadMs: number;
  candidatesMs: number;
  scoreMs: number;
  writeWaitMs: number;
  candidatePairs: number;
  /** Pairs found from both sides, scored from the first only. */
  scoredOnce: number;
  exactScores: number;
}

export interface RegistryScanOptions {
  threshold: number;
  frequencies: ScanFrequencies;
  signal?: AbortSignal;
  /** Cases between progress reports (SCAN_BLOCK). */
  block?: number;
  /** Cases per key (BLOCK_LIMIT, as `candidateIds`). */
  limit?: number;
  /** After each block: cases done of the total (the loading counts as the first tenth). */
  onProgress?: (done: number, total: number, percentage: number) => Promise<void>;
}

interface BaseRow extends Record<string, unknown> {
  id: string;
  family: string;
  created_us: string;
  reference_number: string;
  home_reference_number: string | null;
  country_id: number;
  initials: string | null;
  gender: string | null;
  age: number | null;
  age_unit: string | null;
  email: string | null;
  phone: string | null;
  doctor_email: string | null;
  doctor_phone: string | null;
}

const unique = <T>(values: T[]): readonly T[] => (values.length === 0 ? EMPTY : values.length === 1 ? values : [...new Set(values)]);

function dayNumber(day: string | null): number {
  if (!day) return NO_DAY;
  const time = Date.parse(`${day.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(time) ? NO_DAY : Math.round(time / 86_400_000);
}

const LETTERS_ONLY = /^[A-Za-z]+$/;

/** Reads the paired cases' compared fields, a chunk of cases by id at a time. */
async function loadRegistry(db: DbOrTx, signal: AbortSignal | undefined, limit: number): Promise<Registry> {
  const ids: string[] = [];
  const records: DuplicateRecord[] = [];
  const created: number[] = [];
  const familyOf: number[] = [];
  const families = new Map<string, number>();
  const patientInitials: (string | undefined)[] = [];
  const patientAge: number[] = [];
  const years: number[] = [];
  const onsets: number[] = [];
  const patients = new Map<string, Map<string, PatientBucket>>();
  const reactionRows = new Map<number, number[]>();
  const rowStart: number[] = [0];
  const rowPt: number[] = [];
  const rowDay: number[] = [];
  const interned = new Map<string, string>();
  const intern = (value: string) => {
    const found = interned.get(value);
    if (found !== undefined) return found;
    interned.set(value, value);
    return value;
  };
  let after: string | null = null;
  for (;;) {
    signal?.throwIfAborted();
    const base: BaseRow[] = (
      await db.execute<BaseRow>(sql`
        select ${events.id}::text as id, coalesce(${events.parentEventId}, ${events.id})::text as family,
          (extract(epoch from ${events.createdAt}) * 1000000)::bigint::text as created_us,
          ${events.referenceNumber} as reference_number, ${events.homeReferenceNumber} as home_reference_number, ${events.countryId} as country_id,
          p.initials, p.gender, p.age::float8 as age, p.age_unit, p.email, p.phone, mc.doctor_email, mc.doctor_phone
        from ${events}
        left join ${eventPatients} p on p.event_id = ${events.id}
        left join ${medicalContacts} mc on mc.event_id = ${events.id}
        where ${PAIRED_CASES} ${after ? sql`and ${events.id} > ${after}::uuid` : sql``}
        order by ${events.id} limit ${LOAD_CHUNK}`)
    ).rows;
    if (base.length === 0) break;
    const first = base[0]!.id;
    const last = base.at(-1)!.id;
    after = last;
    const range = sql`between ${first}::uuid and ${last}::uuid`;
    const [rams, meds, others] = await Promise.all([
      db.execute<{ id: string; llt_code: number | null; day: string | null; pt_code: number | null; has_pt: boolean }>(sql`
        select r.event_id::text as id, r.llt_code, r.date_start::text as day, l.pt_code, pt.code is not null as has_pt
        from event_rams r left join meddra_llt l on l.code = r.llt_code left join meddra_pt pt on pt.code = l.pt_code
        where r.event_id ${range}`),
      db.execute<{ id: string; product_id: number | null; ingredient_id: number | null }>(sql`
        select m.event_id::text as id, m.product_id, i.active_ingredient_id as ingredient_id
        from event_medications m left join event_medication_ingredients i on i.event_medication_id = m.id
        where m.event_id ${range}`),
      db.execute<{ id: string; value: string | null }>(sql`
        select x.event_id::text as id, x.worldwide_case_id as value from e2b_import_reports x where x.event_id ${range}
        union select s.event_id::text, s.worldwide_case_id from e2b_submissions s where s.event_id ${range}`),
    ]);
    const offset = ids.length;
    const index = new Map<string, number>();
    base.forEach((row, position) => index.set(row.id, offset + position));
    const onset = new Map<number, string>();
    const caseRows = new Map<number, number[]>();
    const llts = new Map<number, number[]>();
    const pts = new Map<number, number[]>();
    const push = (map: Map<number, number[]>, key: number, value: number) => {
      const list = map.get(key);
      if (list) list.push(value);
      else map.set(key, [value]);
    };
    for (const row of rams.rows) {
      const at = index.get(row.id);
      if (at === undefined) continue;
      if (row.day !== null) {
        const current = onset.get(at);
        if (current === undefined || row.day < current) onset.set(at, row.day);
      }
      if (row.llt_code !== null) push(llts, at, Number(row.llt_code));
      if (row.has_pt && row.pt_code !== null) push(pts, at, Number(row.pt_code));
      if (row.day !== null && row.pt_code !== null) {
        const list = reactionRows.get(Number(row.pt_code)) ?? [];
        list.push(dayNumber(row.day), at);
        reactionRows.set(Number(row.pt_code), list);
        push(caseRows, at, Number(row.pt_code));
        push(caseRows, at, dayNumber(row.day));
      }
    }
    const drugs = new Map<number, number[]>();
    const ingredients = new Map<number, number[]>();
    for (const row of meds.rows) {
      const at = index.get(row.id);
      if (at === undefined) continue;
      if (row.product_id !== null) push(drugs, at, Number(row.product_id));
      if (row.ingredient_id !== null) push(ingredients, at, Number(row.ingredient_id));
    }
    const numbers = new Map<number, string[]>();
    for (const row of others.rows) {
      const at = index.get(row.id);
      if (at === undefined || !row.value?.trim()) continue;
      const list = numbers.get(at) ?? [];
      list.push(row.value);
      numbers.set(at, list);
    }
    for (const [position, row] of base.entries()) {
      const at = offset + position;
      ids.push(row.id);
      created.push(Number(row.created_us));
      let family = families.get(row.family);
      if (family === undefined) {
        family = families.size;
        families.set(row.family, family);
      }
      familyOf.push(family);
      const caseNumbers = [row.reference_number, row.home_reference_number, ...(numbers.get(at) ?? [])]
        .filter((value): value is string => Boolean(value?.trim()))
        .map((value) => value.trim().toUpperCase())
        .filter(Boolean);
      const initials = normaliseInitials(row.initials);
      const emails = [row.email, row.doctor_email].filter((value): value is string => Boolean(value?.trim())).map(normaliseEmail).filter((value): value is string => value !== null);
      const phones = [row.phone, row.doctor_phone].filter((value): value is string => Boolean(value?.trim())).map(normalisePhone).filter((value): value is string => value !== null);
      const day = onset.get(at) ?? null;
      records.push({
        caseNumbers: unique(caseNumbers),
        initials: initials === null ? null : intern(initials),
        sex: row.gender === null ? null : intern(row.gender),
        ageYears: ageInYears(row.age === null ? null : Number(row.age), row.age_unit),
        countryId: row.country_id,
        onset: day === null ? null : intern(day),
        drugIds: unique(drugs.get(at) ?? []),
        ingredientIds: unique(ingredients.get(at) ?? []),
        lltCodes: unique(llts.get(at) ?? []),
        ptCodes: unique(pts.get(at) ?? []),
        emails: unique(emails),
        phones: unique(phones),
      });
      onsets.push(dayNumber(day));
      const own = caseRows.get(at) ?? [];
      for (let index = 0; index < own.length; index += 2) {
        rowPt.push(own[index]!);
        rowDay.push(own[index + 1]!);
      }
      rowStart.push(rowPt.length);
      // The patient key's candidate side: upper(initials) equal to one of the subject's variants (letters A–Z only).
      const upper = row.initials !== null && LETTERS_ONLY.test(row.initials) ? intern(row.initials.toUpperCase()) : undefined;
      patientInitials.push(upper);
      patientAge.push(row.age === null ? Number.NaN : Number(row.age));
      years.push(row.age_unit === 'Años' ? 1 : 0);
      if (upper !== undefined && row.gender !== null) {
        let bySex = patients.get(upper);
        if (!bySex) patients.set(upper, (bySex = new Map()));
        let bucket = bySex.get(row.gender);
        if (!bucket) bySex.set(intern(row.gender), (bucket = { all: [], byAge: [] }));
        bucket.all.push(at);
        if (row.age_unit === 'Años' && row.age !== null && Number(row.age) >= 0 && Number(row.age) < 1000) {
          const whole = Math.floor(Number(row.age));
          const list = bucket.byAge[whole];
          if (list) list.push(at);
          else bucket.byAge[whole] = [at];
        }
      }
    }
    if (base.length < LOAD_CHUNK) break;
  }
  const reactions = new Map<number, { days: Int32Array; cases: Int32Array }>();
  for (const [pt, flat] of reactionRows) {
    const count = flat.length / 2;
    const order = Array.from({ length: count }, (_, position) => position).sort((a, b) => flat[2 * a]! - flat[2 * b]!);
    const days = new Int32Array(count);
    const cases = new Int32Array(count);
    order.forEach((from, to) => {
      days[to] = flat[2 * from]!;
      cases[to] = flat[2 * from + 1]!;
    });
    reactions.set(pt, { days, cases });
  }
  const position = { get: (id: string) => indexOf(ids, id) };
  const decided = new Map<number, Set<number>>();
  const decisions = await db.execute<{ a: string; b: string }>(sql`select event_id::text as a, other_event_id::text as b from duplicate_decisions where other_event_id is not null`);
  for (const row of decisions.rows) {
    const [a, b] = [position.get(row.a), position.get(row.b)];
    if (a === undefined || b === undefined) continue;
    for (const [x, y] of [
      [a, b],
      [b, a],
    ] as const) {
      const set = decided.get(x) ?? new Set<number>();
      set.add(y);
      decided.set(x, set);
    }
  }
  const registry: Registry = {
    ids,
    records,
    created: Float64Array.from(created),
    family: Int32Array.from(familyOf),
    onsetDay: Int32Array.from(onsets),
    patientInitials,
    patientAge: Float64Array.from(patientAge),
    ageInYears: Uint8Array.from(years),
    patients,
    reactions,
    decided,
    numbered: new Map(),
    taken: new Int32Array(ids.length),
    rowStart: Int32Array.from(rowStart),
    rowPt: Int32Array.from(rowPt),
    rowDay: Int32Array.from(rowDay),
    patientLast: new Int32Array(ids.length).fill(-1),
    patientLastKey: new Float64Array(ids.length),
    reactionLast: new Int32Array(ids.length).fill(-1),
    reactionLastKey: new Float64Array(ids.length),
  };
  registry.numbered = await numberCandidates(db, registry, position, limit);
  return registry;
}

/**
 * The case-number key for every case at once: a case whose number or incoming report's number is
 * one of the subject's numbers (its own, its report's, its E2B ids). One statement; the cases
 * sharing a number are few, and a case's own number matching itself is left out in SQL.
 */
async function numberCandidates(db: DbOrTx, registry: Registry, position: { get(id: string): number | undefined }, limit: number): Promise<Map<number, number[]>> {
  const paired = sql`e.deleted_at is null and e.status <> ${ER_STATUS.PENDIENTE} and e.duplicate_of_event_id is null`;
  const rows = await db.execute<{ subject: string; id: string; number: string }>(sql`
    with numbers as (
      select id, upper(btrim(n)) as n from (
        select e.id, unnest(array[e.reference_number, e.home_reference_number]) as n from events e where ${paired}
        union all select x.event_id, x.worldwide_case_id from e2b_import_reports x join events e on e.id = x.event_id where ${paired}
        union all select s.event_id, s.worldwide_case_id from e2b_submissions s join events e on e.id = s.event_id where ${paired}) a
      where n is not null and btrim(n) <> '')
    select numbers.id::text as subject, e.id::text as id, numbers.n as number from numbers join events e on e.reference_number = numbers.n
      where e.id <> numbers.id and ${paired}
    union
    select numbers.id::text, e.id::text, numbers.n from numbers join events e on e.home_reference_number = numbers.n
      where e.id <> numbers.id and ${paired}`);
  const found = new Map<number, number[]>();
  for (const row of rows.rows) {
    const [subject, other] = [position.get(row.subject), position.get(row.id)];
    if (subject === undefined || other === undefined || !excludedOk(registry, subject, other)) continue;
    // The subject's numbers as `candidateIds` compares them (trimmed, upper case).
    if (!registry.records[subject]!.caseNumbers.includes(row.number)) continue;
    const list = found.get(subject) ?? [];
    if (!list.includes(other) && list.length < limit) list.push(other);
    found.set(subject, list);
  }
  return found;
}

/** What every key excludes: the subject, its follow-up family, a decided pair. */
function excludedOk(registry: Registry, subject: number, other: number): boolean {
  return other !== subject && registry.family[other] !== registry.family[subject] && !registry.decided.get(subject)?.has(other);
}

/** Levenshtein distance (fuzzystrmatch's) of two initials within one edit (OSA) of each other. */
function nearDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length !== b.length) return 1;
  let mismatches = 0;
  for (let index = 0; index < a.length; index++) if (a[index] !== b[index]) mismatches++;
  return mismatches === 1 ? 1 : 2;
}

/** The order of `candidateIds`' ties: the newest first, then by id. */
function newestFirst(registry: Registry, a: number, b: number): number {
  const byTime = registry.created[b]! - registry.created[a]!;
  if (byTime !== 0) return byTime;
  const [x, y] = [registry.ids[a]!, registry.ids[b]!];
  return x < y ? -1 : x > y ? 1 : 0;
}

const variantsCache = new Map<string, string[]>();
function variantsOf(initials: string): string[] {
  let found = variantsCache.get(initials);
  if (!found) {
    if (variantsCache.size > 50_000) variantsCache.clear();
    found = initialsWithinOneEdit(initials);
    variantsCache.set(initials, found);
  }
  return found;
}

/** Work space of `candidatesOf` (reused: no allocation per case). */
const work = { ids: [] as number[], keys: [] as number[], order: [] as number[], histogram: new Int32Array(31) };

/** Keeps the `limit` first of the rows in `work` by (key, the newest, id), as `candidateIds`' order and limit. */
function takeNearest(registry: Registry, limit: number, take: (other: number) => void, trimmed = false): number {
  const { ids, keys, order } = work;
  const count = ids.length;
  if (count <= limit && !trimmed) {
    for (let index = 0; index < count; index++) take(ids[index]!);
    return -1;
  }
  order.length = count;
  for (let index = 0; index < count; index++) order[index] = index;
  order.sort((a, b) => keys[a]! - keys[b]! || newestFirst(registry, ids[a]!, ids[b]!));
  const taken = Math.min(limit, count);
  for (let index = 0; index < taken; index++) take(ids[order[index]!]!);
  // The last row taken: a row before it in this order is taken, one after it (or left out before) is not.
  return order[taken - 1]!;
}

/**
 * The candidates of one case by the patient and reaction keys, as `candidateIds` finds them
 * (the same conditions, the same order, at most `limit` rows per key), and by the number key.
 */
function candidatesOf(registry: Registry, subject: number, limit: number, into: number[]): void {
  const record = registry.records[subject]!;
  const mark = subject + 1;
  const take = (other: number) => {
    if (registry.taken[other] === mark) return;
    registry.taken[other] = mark;
    into.push(other);
  };
  const { ids, keys } = work;
  // The patient: initials within one edit, the same sex, the age ± 1 year (without an age: the same initials and sex).
  if (record.initials && record.sex) {
    const age = record.ageYears === null ? null : Math.round(record.ageYears);
    ids.length = 0;
    keys.length = 0;
    for (const variant of age === null ? [record.initials] : variantsOf(record.initials)) {
      const bucket = registry.patients.get(variant)?.get(record.sex);
      if (!bucket) continue;
      const distance = nearDistance(variant, record.initials);
      if (age === null) {
        for (const other of bucket.all) {
          if (!excludedOk(registry, subject, other)) continue;
          ids.push(other);
          keys.push(distance);
        }
        continue;
      }
      for (let whole = Math.max(0, age - 1); whole <= age + 1; whole++) {
        const list = bucket.byAge[whole];
        if (!list) continue;
        for (const other of list) {
          const theirs = registry.patientAge[other]!;
          if (!(theirs >= age - 1 && theirs <= age + 1) || !excludedOk(registry, subject, other)) continue;
          ids.push(other);
          // The closest initials, then the closest age (at most a year apart).
          keys.push(distance * 4 + Math.abs(theirs - age));
        }
      }
    }
    const last = takeNearest(registry, limit, take);
    registry.patientLast[subject] = last === -1 ? -1 : ids[last]!;
    registry.patientLastKey[subject] = last === -1 ? 0 : keys[last]!;
  }
  // The reaction: a shared PT (its LLTs) with a start within 30 days of the onset, the closest first.
  const onset = registry.onsetDay[subject]!;
  if (onset !== NO_DAY && record.ptCodes.length > 0) {
    ids.length = 0;
    keys.length = 0;
    for (const pt of record.ptCodes) {
      const list = registry.reactions.get(pt);
      if (!list) continue;
      const { days, cases } = list;
      const from = lowerBound(days, onset - 30);
      for (let at = from; at < days.length && days[at]! <= onset + 30; at++) {
        const other = cases[at]!;
        if (!excludedOk(registry, subject, other)) continue;
        ids.push(other);
        keys.push(Math.abs(days[at]! - onset));
      }
    }
    const trimmed = ids.length > limit;
    if (trimmed) {
      // Only the rows up to the gap of the limit-th closest matter.
      const histogram = work.histogram.fill(0);
      for (const gap of keys) histogram[gap]!++;
      let cut = 0;
      for (let seen = histogram[0]!; seen < limit; seen += histogram[cut]!) cut++;
      let kept = 0;
      for (let index = 0; index < ids.length; index++) {
        if (keys[index]! > cut) continue;
        ids[kept] = ids[index]!;
        keys[kept] = keys[index]!;
        kept++;
      }
      ids.length = kept;
      keys.length = kept;
    }
    const last = takeNearest(registry, limit, take, trimmed);
    registry.reactionLast[subject] = last === -1 ? -1 : ids[last]!;
    registry.reactionLastKey[subject] = last === -1 ? 0 : keys[last]!;
  }
  for (const other of registry.numbered.get(subject) ?? EMPTY) take(other);
}

/** Whether a row of key `key` of case `other` comes before (or is) the last row taken `last` of key `lastKey`. */
function within(registry: Registry, last: number, lastKey: number, key: number, other: number): boolean {
  return last === -1 || key < lastKey || (key === lastKey && newestFirst(registry, other, last) <= 0);
}

/**
 * Whether `candidatesOf(subject)` (already run) took `other` by the patient or the reaction key:
 * the pair was scored then, from the subject's side. False when it may have come by the number
 * or e-mail key only (the pair is then scored again; its write is kept once by the scan).
 */
function tookByKeys(registry: Registry, subject: number, other: number): boolean {
  if (!excludedOk(registry, subject, other)) return false;
  const record = registry.records[subject]!;
  const theirs = registry.patientInitials[other];
  if (record.initials && record.sex && theirs !== undefined && registry.records[other]!.sex === record.sex) {
    const age = record.ageYears === null ? null : Math.round(record.ageYears);
    if (age === null) {
      if (theirs === record.initials && within(registry, registry.patientLast[subject]!, registry.patientLastKey[subject]!, 0, other)) return true;
    } else if (theirs === record.initials || oneEdit(theirs, record.initials)) {
      const years = registry.patientAge[other]!;
      if (registry.ageInYears[other] === 1 && years >= age - 1 && years <= age + 1) {
        const key = nearDistance(theirs, record.initials) * 4 + Math.abs(years - age);
        if (within(registry, registry.patientLast[subject]!, registry.patientLastKey[subject]!, key, other)) return true;
      }
    }
  }
  const onset = registry.onsetDay[subject]!;
  if (onset !== NO_DAY && record.ptCodes.length > 0) {
    let best = 31;
    for (let row = registry.rowStart[other]!; row < registry.rowStart[other + 1]!; row++) {
      const gap = Math.abs(registry.rowDay[row]! - onset);
      if (gap < best && record.ptCodes.includes(registry.rowPt[row]!)) best = gap;
    }
    if (best <= 30 && within(registry, registry.reactionLast[subject]!, registry.reactionLastKey[subject]!, best, other)) return true;
  }
  return false;
}

/** The index of an id among the ids in PostgreSQL's uuid order (that of their lower-case text). */
function indexOf(ids: readonly string[], id: string): number | undefined {
  let [low, high] = [0, ids.length];
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (ids[middle]! < id) low = middle + 1;
    else high = middle;
  }
  return ids[low] === id ? low : undefined;
}

function lowerBound(values: Int32Array, target: number): number {
  let [low, high] = [0, values.length];
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (values[middle]! < target) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The e-mail key (a trigram match, PostgreSQL's `%`) of the cases of a block that have an
 * e-mail, as `candidateIds` asks it: at most `limit` cases per e-mail and table.
 */
async function emailCandidates(db: DbOrTx, registry: Registry, subjects: readonly number[], limit: number): Promise<Map<number, number[]>> {
  const keys = subjects
    .filter((subject) => registry.records[subject]!.emails.length > 0)
    .map((subject) => ({ id: registry.ids[subject], emails: registry.records[subject]!.emails }));
  // The subject's family and decided pairs are left out before each key's cap, as in `candidateIds`.
  const found = new Map<number, number[]>();
  if (keys.length === 0) return found;
  const position = new Map(subjects.map((subject) => [registry.ids[subject]!, subject]));
  const where = sql`${PAIRED_CASES} and ${events.id} <> s.id and coalesce(${events.parentEventId}, ${events.id}) <> s.family
    and not exists (select 1 from duplicate_decisions d where (d.event_id = ${events.id} and d.other_event_id = s.id) or (d.event_id = s.id and d.other_event_id = ${events.id}))`;
  const rows = await db.execute<{ subject: string; id: string }>(sql`
    with s as (select k.*, coalesce(se.parent_event_id, se.id) as family from jsonb_to_recordset(${JSON.stringify(keys)}::jsonb) as k(id uuid, emails text[]) join events se on se.id = k.id)
    select s.id::text as subject, x.id::text as id from s cross join unnest(s.emails) as em(value) cross join lateral (
      (select ${events.id} as id from ${eventPatients} join ${events} on ${events.id} = ${eventPatients.eventId}
        where lower(${eventPatients.email}) % em.value and ${where} limit ${limit})
      union
      (select ${events.id} as id from ${medicalContacts} join ${events} on ${events.id} = ${medicalContacts.eventId}
        where lower(${medicalContacts.doctorEmail}) % em.value and ${where} limit ${limit})) x`);
  for (const row of rows.rows) {
    const subject = position.get(row.subject);
    const other = indexOf(registry.ids, row.id);
    if (subject === undefined || other === undefined || !excludedOk(registry, subject, other)) continue;
    const list = found.get(subject) ?? [];
    if (!list.includes(other)) list.push(other);
    found.set(subject, list);
  }
  return found;
}

// ---------------------------------------------------------------------------------------
// The fast filter

/** A field's background frequency as `forRecord` gives it, read for a value of either side. */
interface FieldFrequency {
  /** stats: the same for every record; counted: restricted to the left record's own values. */
  kind: 'stats' | 'counted' | 'none';
  p(value: string | number): number;
}

const clamp = (p: number) => Math.min(1, Math.max(p, 1e-9));

function fieldFrequency(frequencies: ScanFrequencies, field: keyof DuplicateFrequencies, unseenOneIn: number): FieldFrequency {
  const stats = frequencies.stats[field];
  if (stats) {
    const known = new Map<string | number, number>();
    for (const [key, value] of stats.known) {
      known.set(key, value);
      if (/^-?\d+$/.test(key)) known.set(Number(key), value);
    }
    return { kind: 'stats', p: (value) => clamp(known.get(value) ?? stats.otherwise) };
  }
  const counts = frequencies.counted.get(field);
  if (counts) {
    const otherwise = 1 / (frequencies.cases + 1);
    const known = new Map<string | number, number>();
    for (const [key, n] of counts) {
      const p = (n + 1) / (frequencies.cases + 1);
      known.set(key, p);
      if (/^-?\d+$/.test(key)) known.set(Number(key), p);
    }
    return { kind: 'counted', p: (value) => clamp(known.get(value) ?? otherwise) };
  }
  return { kind: 'none', p: () => clamp(1 / unseenOneIn) };
}

export interface FastScorer {
  /** The score's value for the pair, equal to `duplicateScore`'s (before rounding) where every field has statistics, else never below it. */
  score(left: DuplicateRecord, leftDay: number, right: DuplicateRecord, rightDay: number): number;
}

/** A field's agreement weight by value, computed once per value (the weight depends only on its frequency). */
class Weights {
  private readonly cache = new Map<string | number, number>();
  constructor(
    private readonly frequency: FieldFrequency,
    private readonly rate: number,
  ) {}
  of(value: string | number): number {
    let weight = this.cache.get(value);
    if (weight === undefined) {
      weight = agreementWeight(this.frequency.p(value), this.rate);
      this.cache.set(value, weight);
    }
    return weight;
  }
}

/** A set field's weight: each shared value's agreement weight, else the disagreement, 0 when either side is empty. */
function setWeight(left: readonly (string | number)[], right: readonly (string | number)[], weights: Weights, disagreement: number): number {
  if (left.length === 0 || right.length === 0) return 0;
  let weight = 0;
  let shared = false;
  for (let index = 0; index < left.length; index++) {
    const value = left[index]!;
    let found = false;
    for (let other = 0; other < right.length; other++) {
      if (right[other] === value) {
        found = true;
        break;
      }
    }
    if (!found) continue;
    shared = true;
    weight += weights.of(value);
  }
  return shared ? weight : disagreement;
}

/** The numeric score of a pair without its contributions nor any allocation, for the scan's filter. */
export function fastScorer(frequencies: ScanFrequencies): FastScorer {
  const model = DEFAULT_DUPLICATE_MODEL;
  const rate = model.missRate;
  const initials = fieldFrequency(frequencies, 'initials', model.unseenOneIn.initials);
  const initialsWeights = new Weights(initials, rate.initials);
  const sex = new Weights(fieldFrequency(frequencies, 'sex', 2), rate.sex);
  const country = new Weights(fieldFrequency(frequencies, 'country', 20), rate.country);
  const drug = new Weights(fieldFrequency(frequencies, 'drug', 10_000), rate.drug);
  const ingredient = new Weights(fieldFrequency(frequencies, 'ingredient', 5000), rate.ingredient);
  const llt = new Weights(fieldFrequency(frequencies, 'llt', 80_000), rate.llt);
  const email = new Weights(fieldFrequency(frequencies, 'email', model.unseenOneIn.email), rate.email);
  const caseNumber = new Weights({ kind: 'none', p: () => clamp(1 / model.unseenOneIn.caseNumber) }, rate.caseNumber);
  const phone = new Weights({ kind: 'none', p: () => clamp(1 / model.unseenOneIn.phone) }, rate.phone);
  const otherwise = 1 / (frequencies.cases + 1);
  const lltStats = frequencies.stats.llt;
  const lltCounts = frequencies.counted.get('llt');
  /** A PT's frequency, the sum of its LLTs', the same for every record where the LLTs have statistics. */
  const pt = new Weights(
    {
      kind: lltStats ? 'stats' : 'none',
      p: (code) => {
        const codes = frequencies.lltsOfPt.get(Number(code)) ?? [];
        if (!lltStats) return clamp(1 / 25_000);
        let sum = codes.length === 0 ? lltStats.otherwise : 0;
        for (const one of codes) sum += lltStats.known.get(String(one)) ?? lltStats.otherwise;
        return clamp(sum);
      },
    },
    rate.pt,
  );
  /** Counted LLTs: the left record's own LLTs counted, the others `otherwise`; here those of both sides (a lower frequency, a higher weight). */
  const countedPt = (code: number, left: DuplicateRecord, right: DuplicateRecord): number => {
    const codes = frequencies.lltsOfPt.get(code) ?? [];
    if (codes.length === 0) return agreementWeight(clamp(otherwise), rate.pt);
    let sum = 0;
    for (const one of codes) {
      const n = left.lltCodes.includes(one) && right.lltCodes.includes(one) ? lltCounts?.get(String(one)) : undefined;
      sum += n === undefined ? otherwise : (n + 1) / (frequencies.cases + 1);
    }
    return agreementWeight(clamp(sum), rate.pt);
  };
  const disagree = {
    caseNumber: disagreementWeight(rate.caseNumber),
    initials: disagreementWeight(rate.initials),
    sex: disagreementWeight(rate.sex),
    country: disagreementWeight(rate.country),
    drug: disagreementWeight(rate.drug),
    ingredient: disagreementWeight(rate.ingredient),
    llt: disagreementWeight(rate.llt),
    pt: disagreementWeight(rate.pt),
    email: disagreementWeight(rate.email),
    phone: disagreementWeight(rate.phone),
  };
  const typo = Math.log2(model.initialsTypoRate);
  return {
    score(left, leftDay, right, rightDay) {
      let score = setWeight(left.caseNumbers, right.caseNumbers, caseNumber, disagree.caseNumber);
      const [a, b] = [left.initials, right.initials];
      if (a !== null && b !== null) {
        if (a === b) score += initialsWeights.of(a);
        else if (oneEdit(a, b)) {
          const [pa, pb] = [initials.p(a), initials.p(b)];
          // Counted: the left's own value against `otherwise`; the lower of the two whichever side is left.
          const p = initials.kind === 'counted' ? Math.max(Math.min(pa, pb), clamp(otherwise)) : Math.max(pa, pb);
          score += agreementWeight(p, rate.initials) + typo;
        } else score += disagree.initials;
      }
      if (left.sex !== null && right.sex !== null) score += left.sex === right.sex ? sex.of(left.sex) : disagree.sex;
      if (left.ageYears !== null && right.ageYears !== null) score += differenceWeight(left.ageYears - right.ageYears, model.age.scaleYears, model.age.spanYears, rate.age);
      if (left.countryId !== null && right.countryId !== null) score += left.countryId === right.countryId ? country.of(left.countryId) : disagree.country;
      if (leftDay !== NO_DAY && rightDay !== NO_DAY) score += differenceWeight(leftDay - rightDay, model.onset.scaleDays, model.onset.spanDays, rate.onset);
      score += setWeight(left.drugIds, right.drugIds, drug, disagree.drug);
      score += setWeight(left.ingredientIds, right.ingredientIds, ingredient, disagree.ingredient);
      score += setWeight(left.lltCodes, right.lltCodes, llt, disagree.llt);
      if (lltStats || !lltCounts) score += setWeight(left.ptCodes, right.ptCodes, pt, disagree.pt);
      else if (left.ptCodes.length > 0 && right.ptCodes.length > 0) {
        let weight = 0;
        let shared = false;
        for (const code of left.ptCodes) {
          if (!right.ptCodes.includes(code)) continue;
          shared = true;
          weight += countedPt(code, left, right);
        }
        score += shared ? weight : disagree.pt;
      }
      score += setWeight(left.emails, right.emails, email, disagree.email);
      score += setWeight(left.phones, right.phones, phone, disagree.phone);
      return score;
    },
  };
}

/** Whether two different strings are one edit apart (optimal string alignment: a change, a drop, an addition, two neighbours swapped). */
function oneEdit(a: string, b: string): boolean {
  const [la, lb] = [a.length, b.length];
  if (la - lb > 1 || lb - la > 1) return false;
  let index = 0;
  while (index < la && index < lb && a.charCodeAt(index) === b.charCodeAt(index)) index++;
  const rest = (i: number, j: number) => {
    while (i < la && j < lb) if (a.charCodeAt(i++) !== b.charCodeAt(j++)) return false;
    return i === la && j === lb;
  };
  if (la === lb) return rest(index + 1, index + 1) || (a.charCodeAt(index) === b.charCodeAt(index + 1) && a.charCodeAt(index + 1) === b.charCodeAt(index) && rest(index + 2, index + 2));
  return la > lb ? rest(index + 1, index) : rest(index, index + 1);
}

// ---------------------------------------------------------------------------------------
// The scan

interface PairRow {
  event_id: string;
  other_event_id: string;
  score: number;
  contributions: DuplicateScore['contributions'];
  newest_at: string;
}

function isoOfMicros(micros: number): string {
  const millis = Math.floor(micros / 1000);
  return `${new Date(millis).toISOString().slice(0, 23)}${String(micros - millis * 1000).padStart(3, '0')}Z`;
}

async function writePairs(db: DbOrTx, rows: readonly PairRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    insert into duplicate_pairs (event_id, other_event_id, score, contributions, newest_at)
    select x.event_id, x.other_event_id, x.score, x.contributions, x.newest_at
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(event_id uuid, other_event_id uuid, score numeric, contributions jsonb, newest_at timestamptz)
    on conflict (event_id, other_event_id) do update set score = excluded.score, contributions = excluded.contributions, newest_at = excluded.newest_at, found_at = now()`);
}

/**
 * Scans every paired case (sent, not deleted, not marked duplicate) against the others and
 * stores the pairs at or above the threshold. Returns the phases' timings.
 */
export async function scanRegistry(db: DbOrTx, options: RegistryScanOptions): Promise<ScanProfile> {
  const { threshold, frequencies, signal } = options;
  const limit = options.limit ?? BLOCK_LIMIT;
  const block = options.block ?? SCAN_BLOCK;
  const t0 = performance.now();
  const registry = await loadRegistry(db, signal, limit);
  const total = registry.ids.length;
  const profile: ScanProfile = { cases: total, pairs: 0, loadMs: performance.now() - t0, candidatesMs: 0, scoreMs: 0, writeWaitMs: 0, candidatePairs: 0, scoredOnce: 0, exactScores: 0 };
  await options.onProgress?.(0, total, 10);
  const scorer = fastScorer(frequencies);
  const { records, onsetDay, ids, created } = registry;
  /** Pairs stored from their lower side whose higher side has not come yet: lower × total + higher. */
  const written = new Set<number>();
  let rows: PairRow[] = [];
  let pending: Promise<void> = Promise.resolve();
  const flush = async () => {
    const batch = rows;
    rows = [];
    const t = performance.now();
    await pending;
    profile.writeWaitMs += performance.now() - t;
    pending = writePairs(db, batch);
    // A failed write is thrown by the next wait (or the last).
    pending.catch(() => undefined);
  };
  const candidates: number[] = [];
  for (let start = 0; start < total; start += block) {
    signal?.throwIfAborted();
    const end = Math.min(total, start + block);
    const subjects = Array.from({ length: end - start }, (_, offset) => start + offset);
    const byEmail = await emailCandidates(db, registry, subjects, limit);
    for (const subject of subjects) {
      const tc = performance.now();
      candidates.length = 0;
      candidatesOf(registry, subject, limit, candidates);
      for (const other of byEmail.get(subject) ?? EMPTY) {
        if (registry.taken[other] !== subject + 1) candidates.push(other);
        registry.taken[other] = subject + 1;
      }
      const ts = performance.now();
      profile.candidatesMs += ts - tc;
      profile.candidatePairs += candidates.length;
      for (const other of candidates) {
        const [low, high] = subject < other ? [subject, other] : [other, subject];
        const key = low * total + high;
        if (other < subject) {
          // Found from its higher side: scored already when its lower side took it by a key; stored once.
          if (written.delete(key) || tookByKeys(registry, other, subject)) {
            profile.scoredOnce++;
            continue;
          }
        }
        if (scorer.score(records[high]!, onsetDay[high]!, records[low]!, onsetDay[low]!) < threshold - MARGIN) continue;
        profile.exactScores++;
        // Scored as the per-case path scores it: the case of the higher id is the subject.
        const result = duplicateScore(records[high]!, records[low]!, frequencies.forRecord(records[high]!));
        if (result.score < threshold) continue;
        if (other > subject) written.add(key);
        rows.push({
          event_id: ids[low]!,
          other_event_id: ids[high]!,
          score: result.score,
          contributions: result.contributions,
          newest_at: isoOfMicros(Math.max(created[low]!, created[high]!)),
        });
        profile.pairs++;
        if (rows.length >= WRITE_BATCH) await flush();
      }
      profile.scoreMs += performance.now() - ts;
    }
    await options.onProgress?.(end, total, 10 + (90 * end) / Math.max(1, total));
  }
  await flush();
  const t = performance.now();
  await pending;
  profile.writeWaitMs += performance.now() - t;
  return profile;
}
