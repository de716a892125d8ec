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
  MIN_VALUE_FREQUENCY,
  normaliseEmail,
  normaliseInitials,
  normalisePhone,
} from '@atalaya/domain';
import { sql } from 'drizzle-orm';
import { type DbOrTx, readAll } from '../../db/client.js';
import { events, medicalContacts, eventPatients } from '../../db/schema/index.js';
import type { ScanFrequencies } from './batch.js';
import { BLOCK_LIMIT, initialsWithinOneEdit } from './queries.js';
import { PAIRED_CASES } from './recorder.js';

/**
 * The whole-database scan in memory (docs/duplicates.md 'The whole-database scan'). The registry's
 * compared fields are read once, a few grouped statements per chunk of cases by id (no statement
 * per case nor per candidate), and held in columns (typed arrays, a case's set fields side by
 * side in one array of values, strings interned once), not as an object per case: a million
 * cases take ≈ 300 MB instead of 1.6 GB, and the garbage collector has few objects to walk. The
 * patient key is answered from the cases sorted by (initials, sex, whole years), the reaction key
 * from each PT's reactions sorted by day, with the same conditions, order and cap per key as
 * `candidateIds` (queries.ts); the case-number key by one statement for the whole registry and the
 * e-mail key (trigram, PostgreSQL's) per block of cases that have one. Each pair is filtered by a
 * numeric score computed on the columns without allocation (`fastScorer`, equal to
 * `duplicateScore`'s score before its rounding), and a
 * pair that passes is scored by the domain's `duplicateScore` on records rebuilt from the columns
 * as the per-case path scores it (the frequencies of the case of the higher id), so what is stored
 * is exactly what the domain gives. The pairs at or above the threshold are written by multi-row
 * upserts, each pair once, while the next block is scored.
 */

/** Cases read per statement of the loading. */
const LOAD_CHUNK = 20_000;
/** Cases scored between two progress reports (and cancellation checks). */
export const SCAN_BLOCK = 5_000;
/** Pairs per upsert. */
const WRITE_BATCH = 2_000;
/** Upserts under way at once (each on its own connection of the pool: the database writes while the scan scores). */
const WRITES_IN_FLIGHT = 2;
/** Below the threshold by at most this, a pair's fast score sends it to the exact score (rounding). */
const MARGIN = 0.02;
const NO_DAY = -2_147_483_648;
const NO_COUNTRY = -2_147_483_648;
const EMPTY: readonly never[] = Object.freeze([]);
/** Between the case numbers of one case in its text column (never in a trimmed number). */
const NUMBER_SEPARATOR = '\u001f';
/** Slots of the patient index's ages: 0 no age in years, whole years + 1 below MAX_AGE. */
const AGE_SLOTS = 1024;
const MAX_AGE = 1000;
const DAY_MS = 86_400_000;

// ---------------------------------------------------------------------------------------
// Columns

/** A growable Int32Array. */
class Ints {
  private data = new Int32Array(1024);
  length = 0;
  push(value: number): void {
    if (this.length === this.data.length) {
      const next = new Int32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = value;
  }
  done(): Int32Array {
    return this.data.slice(0, this.length);
  }
}

/** A growable Float64Array. */
class Floats {
  private data = new Float64Array(1024);
  length = 0;
  push(value: number): void {
    if (this.length === this.data.length) {
      const next = new Float64Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = value;
  }
  done(): Float64Array {
    return this.data.slice(0, this.length);
  }
}

const SET_FIELDS = ['number', 'drug', 'ingredient', 'llt', 'pt', 'email', 'phone'] as const;
type SetField = (typeof SET_FIELDS)[number];
const SET_COUNT = SET_FIELDS.length;

/**
 * A set field of every case. The set fields of a case are held together (a candidate's sets are a
 * few neighbouring words, not seven arrays' worth of cache misses): `values` holds case 0's
 * numbers, drugs, ingredients, LLTs, PTs, e-mails and phones, then case 1's, and so on, and
 * `start[c × SET_COUNT + f]` is where field f of case c begins (it ends where the next begins).
 * Read through `setFrom` / `setTo`.
 */
interface SetColumn {
  start: Int32Array;
  values: Int32Array;
  /** The field's place in SET_FIELDS. */
  field: number;
}

function setFrom(column: SetColumn, at: number): number {
  return column.start[at * SET_COUNT + column.field]!;
}

function setTo(column: SetColumn, at: number): number {
  return column.start[at * SET_COUNT + column.field + 1]!;
}

/**
 * The compared fields of a list of cases, by column; case c is index c. Strings (initials, sexes,
 * e-mails, phones) are ids into `strings`; a case number is its hash in the set column (the fast
 * filter compares hashes: a collision only raises its score) and its text in `numbers`.
 */
export interface Columns {
  count: number;
  strings: readonly string[];
  /** Normalised initials (string id), −1 when none. */
  initials: Int32Array;
  sex: Int32Array;
  /** NaN when unknown. */
  ageYears: Float64Array;
  /** NO_COUNTRY when unknown. */
  country: Int32Array;
  /** The onset as a day number, NO_DAY when unknown. */
  onsetDay: Int32Array;
  /** The case numbers, trimmed and upper case, joined by NUMBER_SEPARATOR. */
  numbers: string[];
  sets: Record<SetField, SetColumn>;
}

/** FNV-1a of a string (the case numbers' hashes). */
function hash(value: string): number {
  let h = 0x811c9dc5;
  for (let index = 0; index < value.length; index++) {
    h ^= value.charCodeAt(index);
    h = Math.imul(h, 0x01000193);
  }
  return h | 0;
}

function dayNumber(day: string | null): number {
  if (!day) return NO_DAY;
  const time = Date.parse(`${day.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(time) ? NO_DAY : Math.round(time / DAY_MS);
}

function dayText(day: number): string | null {
  return day === NO_DAY ? null : new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Builds the columns one record at a time. */
class ColumnsBuilder {
  readonly strings: string[] = [];
  private readonly stringIds = new Map<string, number>();
  private readonly initials = new Ints();
  private readonly sex = new Ints();
  private readonly ageYears = new Floats();
  private readonly country = new Ints();
  private readonly onsetDay = new Ints();
  private readonly numbers: string[] = [];
  /** Every case's set fields, in SET_FIELDS' order (`SetColumn`). */
  private readonly setStart = new Ints();
  private readonly setValues = new Ints();

  intern(value: string): number {
    let id = this.stringIds.get(value);
    if (id === undefined) {
      id = this.strings.length;
      this.strings.push(value);
      this.stringIds.set(value, id);
    }
    return id;
  }

  idOf(value: string): number | undefined {
    return this.stringIds.get(value);
  }

  get count(): number {
    return this.onsetDay.length;
  }

  /** Adds a record whose values are normalised (as `duplicateScore` reads them); its onset's day number. */
  add(record: DuplicateRecord, onsetDay: number): void {
    this.initials.push(record.initials === null ? -1 : this.intern(record.initials));
    this.sex.push(record.sex === null ? -1 : this.intern(record.sex));
    this.ageYears.push(record.ageYears ?? Number.NaN);
    this.country.push(record.countryId ?? NO_COUNTRY);
    this.onsetDay.push(onsetDay);
    this.numbers.push(record.caseNumbers.join(NUMBER_SEPARATOR));
    // In SET_FIELDS' order: each field starts where the previous one ended.
    const put = (values: readonly (string | number)[], id: (value: never) => number) => {
      this.setStart.push(this.setValues.length);
      for (const value of values) this.setValues.push(id(value as never));
    };
    put(record.caseNumbers, hash);
    put(record.drugIds, Number);
    put(record.ingredientIds, Number);
    put(record.lltCodes, Number);
    put(record.ptCodes, Number);
    put(record.emails, (value: string) => this.intern(value));
    put(record.phones, (value: string) => this.intern(value));
  }

  private setColumns(): Record<SetField, SetColumn> {
    // The end of the last case's last field.
    const start = this.setStart.done();
    const ends = new Int32Array(start.length + 1);
    ends.set(start);
    ends[start.length] = this.setValues.length;
    const values = this.setValues.done();
    return Object.fromEntries(SET_FIELDS.map((field, index) => [field, { start: ends, values, field: index }])) as Record<SetField, SetColumn>;
  }

  build(): Columns {
    return {
      count: this.count,
      strings: this.strings,
      initials: this.initials.done(),
      sex: this.sex.done(),
      ageYears: this.ageYears.done(),
      country: this.country.done(),
      onsetDay: this.onsetDay.done(),
      numbers: this.numbers,
      sets: this.setColumns(),
    };
  }
}

/** The columns of these records (normalised values), in their order: the fast filter's test reads them. */
export function columnsOf(records: readonly DuplicateRecord[]): Columns {
  const builder = new ColumnsBuilder();
  for (const record of records) builder.add(record, dayNumber(record.onset));
  return builder.build();
}

function setOf(column: SetColumn, at: number): number[] {
  return Array.from(column.values.subarray(setFrom(column, at), setTo(column, at)));
}

/** The compared record of case `at`, rebuilt from the columns (for the domain's exact score). */
export function recordOf(columns: Columns, at: number): DuplicateRecord {
  const text = (id: number) => columns.strings[id]!;
  const numbers = columns.numbers[at]!;
  const age = columns.ageYears[at]!;
  const country = columns.country[at]!;
  return {
    caseNumbers: numbers === '' ? [] : numbers.split(NUMBER_SEPARATOR),
    initials: columns.initials[at] === -1 ? null : text(columns.initials[at]!),
    sex: columns.sex[at] === -1 ? null : text(columns.sex[at]!),
    ageYears: Number.isNaN(age) ? null : age,
    countryId: country === NO_COUNTRY ? null : country,
    onset: dayText(columns.onsetDay[at]!),
    drugIds: setOf(columns.sets.drug, at),
    ingredientIds: setOf(columns.sets.ingredient, at),
    lltCodes: setOf(columns.sets.llt, at),
    ptCodes: setOf(columns.sets.pt, at),
    emails: setOf(columns.sets.email, at).map(text),
    phones: setOf(columns.sets.phone, at).map(text),
  };
}

function includes(column: SetColumn, at: number, value: number): boolean {
  const { values } = column;
  const end = setTo(column, at);
  for (let index = setFrom(column, at); index < end; index++) if (values[index] === value) return true;
  return false;
}

// ---------------------------------------------------------------------------------------
// Case ids: a uuid as four unsigned words, in PostgreSQL's uuid order (that of their lower-case text)

function parseId(id: string, into: Uint32Array, at: number): void {
  into[at] = Number.parseInt(id.slice(0, 8), 16);
  into[at + 1] = Number.parseInt(id.slice(9, 13) + id.slice(14, 18), 16);
  into[at + 2] = Number.parseInt(id.slice(19, 23) + id.slice(24, 28), 16);
  into[at + 3] = Number.parseInt(id.slice(28, 36), 16);
}

function idText(words: Uint32Array, at: number): string {
  const hex = (index: number) => words[4 * at + index]!.toString(16).padStart(8, '0');
  const [a, b, c, d] = [hex(0), hex(1), hex(2), hex(3)];
  return `${a}-${b.slice(0, 4)}-${b.slice(4)}-${c.slice(0, 4)}-${c.slice(4)}${d}`;
}

/** Compares case a's id with the id held in `other` at word offset `at`. */
function compareWords(words: Uint32Array, a: number, other: Uint32Array, at: number): number {
  for (let index = 0; index < 4; index++) {
    const [x, y] = [words[4 * a + index]!, other[at + index]!];
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

const probe = new Uint32Array(4);

// ---------------------------------------------------------------------------------------
// The registry

/** The registry as the scan holds it; a case is its index, in id order. */
interface Registry extends Columns {
  /** The ids, four words a case (`parseId`). */
  idWords: Uint32Array;
  /** created_at in microseconds since the epoch. */
  created: Float64Array;
  /** coalesce(parent_event_id, id), numbered. */
  family: Int32Array;
  /** The patient key's side of a candidate: upper(initials) when only letters (string id), else −1. */
  patientInitials: Int32Array;
  patientAge: Float64Array;
  /** 1 when the age is in years ('Años'). */
  ageInYears: Uint8Array;
  /** The cases with patient initials and a sex, sorted by (initials, sex, whole years + 1 or 0, case). */
  patientKeys: Float64Array;
  patientCases: Int32Array;
  /** (initials × sexes + sex) → its first row in patientKeys, and one past its last. */
  patientFrom: Map<number, number>;
  patientTo: Map<number, number>;
  /** A sex's string id → its place among the sexes of the patient index. */
  sexCode: Map<number, number>;
  /** The string id of a text, when some case has it. */
  stringId: (value: string) => number | undefined;
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
  /** After each block: cases done of the total (the loading counts as the first tenth), and the timings so far. */
  onProgress?: (done: number, total: number, percentage: number, profile: Readonly<ScanProfile>) => Promise<void>;
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

const LETTERS_ONLY = /^[A-Za-z]+$/;

interface LoadedChunk {
  base: BaseRow[];
  rams: { id: string; llt_code: number | null; day: string | null; pt_code: number | null; has_pt: boolean }[];
  meds: { id: string; product_id: number | null; ingredient_id: number | null }[];
  others: { id: string; value: string | null }[];
}

/** The next LOAD_CHUNK paired cases after the id `after` (null: from the first), with their reactions, medicines and E2B numbers; null when none is left. */
async function readChunk(db: DbOrTx, after: string | null): Promise<LoadedChunk | null> {
  const base = (
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
  if (base.length === 0) return null;
  const range = sql`between ${base[0]!.id}::uuid and ${base.at(-1)!.id}::uuid`;
  const [rams, meds, others] = await readAll(db, [
    () =>
      db.execute<LoadedChunk['rams'][number]>(sql`
        select r.event_id::text as id, r.llt_code, r.date_start::text as day, l.pt_code, pt.code is not null as has_pt
        from event_rams r left join meddra_llt l on l.code = r.llt_code left join meddra_pt pt on pt.code = l.pt_code
        where r.event_id ${range}`),
    () =>
      db.execute<LoadedChunk['meds'][number]>(sql`
        select m.event_id::text as id, m.product_id, i.active_ingredient_id as ingredient_id
        from event_medications m left join event_medication_ingredients i on i.event_medication_id = m.id
        where m.event_id ${range}`),
    () =>
      db.execute<LoadedChunk['others'][number]>(sql`
        select x.event_id::text as id, x.worldwide_case_id as value from e2b_import_reports x where x.event_id ${range}
        union select s.event_id::text, s.worldwide_case_id from e2b_submissions s where s.event_id ${range}`),
  ]);
  return { base, rams: rams.rows, meds: meds.rows, others: others.rows };
}

/** Reads the paired cases' compared fields, a chunk of cases by id at a time, into columns. */
async function loadRegistry(db: DbOrTx, signal: AbortSignal | undefined, limit: number): Promise<Registry> {
  const builder = new ColumnsBuilder();
  const words = { data: new Uint32Array(4 * 1024), length: 0 };
  const created = new Floats();
  const family = new Ints();
  /** Cases of a follow-up family (coalesce(parent_event_id, id) is not their own id): index, family id. */
  const followUps: [number, string][] = [];
  const patientInitials = new Ints();
  const patientAge = new Floats();
  const years = new Ints();
  const reactionRows = new Map<number, Ints>();
  const rowStart = new Ints();
  rowStart.push(0);
  const rowPt = new Ints();
  const rowDay = new Ints();
  // Each chunk is read while the previous one is turned into columns (the next chunk's statements are sent first).
  let next: Promise<LoadedChunk | null> = readChunk(db, null);
  for (;;) {
    signal?.throwIfAborted();
    const chunk = await next;
    if (!chunk) break;
    const { base, rams, meds, others } = chunk;
    next = base.length < LOAD_CHUNK ? Promise.resolve(null) : readChunk(db, base.at(-1)!.id);
    // A failed read ahead is thrown when it is awaited (or never, when the loading stops first).
    next.catch(() => undefined);
    const offset = builder.count;
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
    for (const row of rams) {
      const at = index.get(row.id);
      if (at === undefined) continue;
      if (row.day !== null) {
        const current = onset.get(at);
        if (current === undefined || row.day < current) onset.set(at, row.day);
      }
      if (row.llt_code !== null) push(llts, at, Number(row.llt_code));
      if (row.has_pt && row.pt_code !== null) push(pts, at, Number(row.pt_code));
      if (row.day !== null && row.pt_code !== null) {
        const pt = Number(row.pt_code);
        let list = reactionRows.get(pt);
        if (!list) reactionRows.set(pt, (list = new Ints()));
        list.push(dayNumber(row.day));
        list.push(at);
        push(caseRows, at, pt);
        push(caseRows, at, dayNumber(row.day));
      }
    }
    const drugs = new Map<number, number[]>();
    const ingredients = new Map<number, number[]>();
    for (const row of meds) {
      const at = index.get(row.id);
      if (at === undefined) continue;
      if (row.product_id !== null) push(drugs, at, Number(row.product_id));
      if (row.ingredient_id !== null) push(ingredients, at, Number(row.ingredient_id));
    }
    const numbers = new Map<number, string[]>();
    for (const row of others) {
      const at = index.get(row.id);
      if (at === undefined || !row.value?.trim()) continue;
      const list = numbers.get(at) ?? [];
      list.push(row.value);
      numbers.set(at, list);
    }
    for (const [position, row] of base.entries()) {
      const at = offset + position;
      if (words.length === words.data.length) {
        const next = new Uint32Array(words.data.length * 2);
        next.set(words.data);
        words.data = next;
      }
      parseId(row.id, words.data, words.length);
      words.length += 4;
      created.push(Number(row.created_us));
      if (row.family === row.id) family.push(at);
      else {
        family.push(-1);
        followUps.push([at, row.family]);
      }
      const caseNumbers = [row.reference_number, row.home_reference_number, ...(numbers.get(at) ?? [])]
        .filter((value): value is string => Boolean(value?.trim()))
        .map((value) => value.trim().toUpperCase())
        .filter(Boolean);
      const initials = normaliseInitials(row.initials);
      const emails = [row.email, row.doctor_email].filter((value): value is string => Boolean(value?.trim())).map(normaliseEmail).filter((value): value is string => value !== null);
      const phones = [row.phone, row.doctor_phone].filter((value): value is string => Boolean(value?.trim())).map(normalisePhone).filter((value): value is string => value !== null);
      const day = onset.get(at) ?? null;
      builder.add(
        {
          caseNumbers: unique(caseNumbers),
          initials,
          sex: row.gender,
          ageYears: ageInYears(row.age === null ? null : Number(row.age), row.age_unit),
          countryId: row.country_id,
          onset: day,
          drugIds: unique(drugs.get(at) ?? []),
          ingredientIds: unique(ingredients.get(at) ?? []),
          lltCodes: unique(llts.get(at) ?? []),
          ptCodes: unique(pts.get(at) ?? []),
          emails: unique(emails),
          phones: unique(phones),
        },
        dayNumber(day),
      );
      const own = caseRows.get(at) ?? [];
      for (let row = 0; row < own.length; row += 2) {
        rowPt.push(own[row]!);
        rowDay.push(own[row + 1]!);
      }
      rowStart.push(rowPt.length);
      // The patient key's candidate side: upper(initials) equal to one of the subject's variants (letters A–Z only).
      patientInitials.push(row.initials !== null && LETTERS_ONLY.test(row.initials) ? builder.intern(row.initials.toUpperCase()) : -1);
      patientAge.push(row.age === null ? Number.NaN : Number(row.age));
      years.push(row.age_unit === 'Años' ? 1 : 0);
    }
  }
  const columns = builder.build();
  const count = columns.count;
  const idWords = words.data.slice(0, words.length);
  const position = (id: string) => indexOf(idWords, count, id);
  // The follow-ups' families: their family's case when it is in the registry, else a number of their own per family id.
  const familyOf = family.done();
  const outside = new Map<string, number>();
  for (const [at, id] of followUps) {
    let number = position(id);
    if (number === undefined) {
      number = outside.get(id);
      if (number === undefined) outside.set(id, (number = count + outside.size));
    }
    familyOf[at] = number;
  }
  const reactions = new Map<number, { days: Int32Array; cases: Int32Array }>();
  for (const [pt, list] of reactionRows) {
    const flat = list.done();
    const rows = flat.length / 2;
    const order = new Int32Array(rows);
    for (let row = 0; row < rows; row++) order[row] = row;
    order.sort((a, b) => flat[2 * a]! - flat[2 * b]! || a - b);
    const days = new Int32Array(rows);
    const cases = new Int32Array(rows);
    for (let to = 0; to < rows; to++) {
      days[to] = flat[2 * order[to]!]!;
      cases[to] = flat[2 * order[to]! + 1]!;
    }
    reactions.set(pt, { days, cases });
  }
  const patientInitialsOf = patientInitials.done();
  const patientAgeOf = patientAge.done();
  const yearsOf = Uint8Array.from(years.done());
  // The patient index: the cases with patient initials and a sex, by (initials, sex, whole years).
  const sexCode = new Map<number, number>();
  for (let at = 0; at < count; at++) {
    const sex = columns.sex[at]!;
    if (patientInitialsOf[at] !== -1 && sex !== -1 && !sexCode.has(sex)) sexCode.set(sex, sexCode.size);
  }
  const sexes = Math.max(1, sexCode.size);
  let indexed = 0;
  for (let at = 0; at < count; at++) if (patientInitialsOf[at] !== -1 && columns.sex[at] !== -1) indexed++;
  const keyOf = new Float64Array(indexed);
  const caseOf = new Int32Array(indexed);
  indexed = 0;
  for (let at = 0; at < count; at++) {
    if (patientInitialsOf[at] === -1 || columns.sex[at] === -1) continue;
    const age = patientAgeOf[at]!;
    const slot = yearsOf[at] === 1 && age >= 0 && age < MAX_AGE ? Math.floor(age) + 1 : 0;
    keyOf[indexed] = (patientInitialsOf[at]! * sexes + sexCode.get(columns.sex[at]!)!) * AGE_SLOTS + slot;
    caseOf[indexed++] = at;
  }
  const sorted = new Int32Array(indexed);
  for (let row = 0; row < indexed; row++) sorted[row] = row;
  // caseOf ascends with the row: the ties stay in case order.
  sorted.sort((a, b) => keyOf[a]! - keyOf[b]! || a - b);
  const patientKeys = new Float64Array(indexed);
  const patientCases = new Int32Array(indexed);
  const patientFrom = new Map<number, number>();
  const patientTo = new Map<number, number>();
  for (let row = 0; row < indexed; row++) {
    patientKeys[row] = keyOf[sorted[row]!]!;
    patientCases[row] = caseOf[sorted[row]!]!;
    const key = Math.floor(patientKeys[row]! / AGE_SLOTS);
    if (!patientFrom.has(key)) patientFrom.set(key, row);
    patientTo.set(key, row + 1);
  }
  const decided = new Map<number, Set<number>>();
  const decisions = await db.execute<{ a: string; b: string }>(sql`select event_id::text as a, other_event_id::text as b from duplicate_decisions where other_event_id is not null`);
  for (const row of decisions.rows) {
    const [a, b] = [position(row.a), position(row.b)];
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
    ...columns,
    idWords,
    created: created.done(),
    family: familyOf,
    patientInitials: patientInitialsOf,
    patientAge: patientAgeOf,
    ageInYears: yearsOf,
    patientKeys,
    patientCases,
    patientFrom,
    patientTo,
    sexCode,
    stringId: (value) => builder.idOf(value),
    reactions,
    decided,
    numbered: new Map(),
    taken: new Int32Array(count),
    rowStart: rowStart.done(),
    rowPt: rowPt.done(),
    rowDay: rowDay.done(),
    patientLast: new Int32Array(count).fill(-1),
    patientLastKey: new Float64Array(count),
    reactionLast: new Int32Array(count).fill(-1),
    reactionLastKey: new Float64Array(count),
  };
  registry.numbered = await numberCandidates(db, registry, position, limit);
  return registry;
}

/**
 * The case-number key for every case at once: a case whose number or incoming report's number is
 * one of the subject's numbers (its own, its report's, its E2B ids). One statement; the cases
 * sharing a number are few, and a case's own number matching itself is left out in SQL.
 */
async function numberCandidates(db: DbOrTx, registry: Registry, position: (id: string) => number | undefined, limit: number): Promise<Map<number, number[]>> {
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
    const [subject, other] = [position(row.subject), position(row.id)];
    if (subject === undefined || other === undefined || !excludedOk(registry, subject, other)) continue;
    // The subject's numbers as `candidateIds` compares them (trimmed, upper case).
    if (!registry.numbers[subject]!.split(NUMBER_SEPARATOR).includes(row.number)) continue;
    const list = found.get(subject) ?? [];
    if (!list.includes(other) && list.length < limit) list.push(other);
    found.set(subject, list);
  }
  return found;
}

/** What every key excludes: the subject, its follow-up family, a decided pair. */
function excludedOk(registry: Registry, subject: number, other: number): boolean {
  return other !== subject && registry.family[other] !== registry.family[subject] && (registry.decided.size === 0 || !registry.decided.get(subject)?.has(other));
}

/** Levenshtein distance (fuzzystrmatch's) of two initials within one edit (OSA) of each other. */
function nearDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length !== b.length) return 1;
  let mismatches = 0;
  for (let index = 0; index < a.length; index++) if (a[index] !== b[index]) mismatches++;
  return mismatches === 1 ? 1 : 2;
}

/** The order of `candidateIds`' ties: the newest first, then by id (the registry's cases are in id order: by index). */
function newestFirst(registry: Registry, a: number, b: number): number {
  return registry.created[b]! - registry.created[a]! || a - b;
}

/** The variants within one edit of each initials (string id) that some case has: string id and Levenshtein distance, in pairs. */
const variantsCache = new WeakMap<Registry, Map<number, Int32Array>>();
function variantsOf(registry: Registry, initials: number): Int32Array {
  let cache = variantsCache.get(registry);
  if (!cache) variantsCache.set(registry, (cache = new Map()));
  let found = cache.get(initials);
  if (!found) {
    if (cache.size > 50_000) cache.clear();
    const text = registry.strings[initials]!;
    const pairs: number[] = [];
    for (const variant of initialsWithinOneEdit(text)) {
      const id = registry.stringId(variant);
      if (id !== undefined) pairs.push(id, nearDistance(variant, text));
    }
    found = Int32Array.from(pairs);
    cache.set(initials, found);
  }
  return found;
}

/** Work space of `candidatesOf` (reused: no allocation per case). */
const work = { ids: [] as number[], keys: [] as number[], order: [] as number[], sorted: new Float64Array(1024), lists: [] as { days: Int32Array; cases: Int32Array }[] };

/** The m-th smallest of `count` numbers written by `fill` (a numeric sort in the work space, no comparator). */
function nthSmallest(count: number, m: number, fill: (into: Float64Array) => void): number {
  if (work.sorted.length < count) work.sorted = new Float64Array(2 * count);
  const sorted = work.sorted.subarray(0, count);
  fill(sorted);
  sorted.sort();
  return sorted[m - 1]!;
}

/**
 * Keeps the `limit` first of the rows in `work` by (key, the newest, id), as `candidateIds`' order
 * and limit, and returns the last row taken in that order (−1: every row taken, nothing left out).
 * Without sorting the rows: the rows below the limit-th smallest key are all taken, and of the rows
 * at that key (the ties) the newest, then by id (the registry's order), as many as are left.
 */
function takeNearest(registry: Registry, limit: number, into: number[], mark: number, trimmed = false): number {
  const { ids, keys, order: ties } = work;
  const count = ids.length;
  if (count <= limit && !trimmed) {
    for (let index = 0; index < count; index++) take(registry, ids[index]!, into, mark);
    return -1;
  }
  const wanted = Math.min(limit, count);
  const cut = nthSmallest(count, wanted, (into) => {
    for (let index = 0; index < count; index++) into[index] = keys[index]!;
  });
  let below = 0;
  ties.length = 0;
  for (let index = 0; index < count; index++) {
    const key = keys[index]!;
    if (key < cut) {
      take(registry, ids[index]!, into, mark);
      below++;
    } else if (key === cut) ties.push(index);
  }
  // At least one tie is taken (the cut is the wanted-th key).
  const need = wanted - below;
  const { created } = registry;
  // The need-th newest creation among the ties: those newer are taken, those as new by id until the need is met.
  const newest = ties.length === need ? Number.NEGATIVE_INFINITY : -nthSmallest(ties.length, need, (into) => ties.forEach((row, at) => (into[at] = -created[ids[row]!]!)));
  const same: number[] = [];
  let last = -1;
  let taken = 0;
  for (const row of ties) {
    const time = created[ids[row]!]!;
    if (time > newest) {
      take(registry, ids[row]!, into, mark);
      taken++;
      if (last === -1 || newestFirst(registry, ids[row]!, ids[last]!) > 0) last = row;
    } else if (time === newest) same.push(row);
  }
  same.sort((a, b) => ids[a]! - ids[b]!);
  for (let index = 0; taken < need && index < same.length; index++, taken++) {
    take(registry, ids[same[index]!]!, into, mark);
    last = same[index]!;
  }
  return last;
}

function take(registry: Registry, other: number, into: number[], mark: number): void {
  if (registry.taken[other] === mark) return;
  registry.taken[other] = mark;
  into.push(other);
}

/** The first row in [from, to) of a sorted array whose value is at least `target`. */
function lowerBound(values: Int32Array | Float64Array, target: number, from = 0, to = values.length): number {
  let [low, high] = [from, to];
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (values[middle]! < target) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The reaction key's window: a start within this many days of the onset. */
const ONSET_WINDOW = 30;

/**
 * The reaction key's rows of a subject into `work` (ids and their gaps in days): those within the
 * gap of the limit-th closest row (every row within ONSET_WINDOW days when fewer), the subject's
 * family and decided pairs left out — what reading every row of the window and cutting it at that
 * gap gives, but the window is widened from the onset a day at a time (each PT's reactions are
 * sorted by day), so a busy PT's two months are not walked to keep the closest 50. Returns whether
 * rows were left out (some row within the window is beyond the gap).
 */
function nearestReactions(registry: Registry, subject: number, onset: number, ptFrom: number, ptTo: number, limit: number): boolean {
  const { ids, keys } = work;
  const pts = registry.sets.pt;
  const lists = work.lists;
  lists.length = 0;
  for (let at = ptFrom; at < ptTo; at++) {
    const list = registry.reactions.get(pts.values[at]!);
    if (list) lists.push(list);
  }
  // Rows within `gap` days of the onset, the excluded ones counted too (a lower bound of the gap needed).
  const rowsWithin = (gap: number) => {
    let count = 0;
    for (const { days } of lists) count += lowerBound(days, onset + gap + 1) - lowerBound(days, onset - gap);
    return count;
  };
  let gap = ONSET_WINDOW;
  if (rowsWithin(ONSET_WINDOW) > limit) {
    let [low, high] = [0, ONSET_WINDOW];
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (rowsWithin(middle) >= limit) high = middle;
      else low = middle + 1;
    }
    gap = low;
  }
  /** Adds the rows of exactly `day` days from the onset (both sides), or only tells whether one is kept. */
  const rowsAt = (day: number, add: boolean): number => {
    let kept = 0;
    for (const { days, cases } of lists) {
      for (const target of day === 0 ? [onset] : [onset - day, onset + day]) {
        for (let row = lowerBound(days, target); row < days.length && days[row] === target; row++) {
          const other = cases[row]!;
          if (!excludedOk(registry, subject, other)) continue;
          kept++;
          if (!add) return kept;
          ids.push(other);
          keys.push(day);
        }
      }
    }
    return kept;
  };
  for (const { days, cases } of lists) {
    for (let row = lowerBound(days, onset - gap); row < days.length && days[row]! <= onset + gap; row++) {
      const other = cases[row]!;
      if (!excludedOk(registry, subject, other)) continue;
      ids.push(other);
      keys.push(Math.abs(days[row]! - onset));
    }
  }
  // The excluded rows made the count too high a guess: widen until the limit is reached (or the window ends).
  while (ids.length < limit && gap < ONSET_WINDOW) rowsAt(++gap, true);
  if (ids.length > limit) return true;
  if (ids.length < limit) return false;
  // Exactly the limit: rows were left out when a row beyond the gap is kept.
  for (let day = gap + 1; day <= ONSET_WINDOW; day++) if (rowsAt(day, false) > 0) return true;
  return false;
}

/**
 * The candidates of one case by the patient and reaction keys, as `candidateIds` finds them
 * (the same conditions, the same order, at most `limit` rows per key), and by the number key.
 */
function candidatesOf(registry: Registry, subject: number, limit: number, into: number[]): void {
  const mark = subject + 1;
  const { ids, keys } = work;
  // The patient: initials within one edit, the same sex, the age ± 1 year (without an age: the same initials and sex).
  const initials = registry.initials[subject]!;
  const sex = registry.sex[subject]!;
  if (initials !== -1 && sex !== -1 && registry.strings[sex] !== '') {
    ids.length = 0;
    keys.length = 0;
    const code = registry.sexCode.get(sex);
    const ageYears = registry.ageYears[subject]!;
    const age = Number.isNaN(ageYears) ? null : Math.round(ageYears);
    if (code !== undefined) {
      const sexes = Math.max(1, registry.sexCode.size);
      const { patientKeys, patientCases, patientAge } = registry;
      const variants = age === null ? undefined : variantsOf(registry, initials);
      const variantCount = variants === undefined ? 1 : variants.length / 2;
      for (let v = 0; v < variantCount; v++) {
        const variant = variants === undefined ? initials : variants[2 * v]!;
        const distance = variants === undefined ? 0 : variants[2 * v + 1]!;
        const group = variant * sexes + code;
        const from = registry.patientFrom.get(group);
        if (from === undefined) continue;
        const to = registry.patientTo.get(group)!;
        if (age === null) {
          for (let row = from; row < to; row++) {
            const other = patientCases[row]!;
            if (!excludedOk(registry, subject, other)) continue;
            ids.push(other);
            keys.push(distance);
          }
          continue;
        }
        // Whole years age − 1 … age + 1: slots age … age + 2.
        const base = group * AGE_SLOTS;
        const low = lowerBound(patientKeys, base + Math.max(0, age - 1) + 1, from, to);
        for (let row = low; row < to && patientKeys[row]! <= base + age + 2; row++) {
          const other = patientCases[row]!;
          const theirs = patientAge[other]!;
          if (!(theirs >= age - 1 && theirs <= age + 1) || !excludedOk(registry, subject, other)) continue;
          ids.push(other);
          // The closest initials, then the closest age (at most a year apart).
          keys.push(distance * 4 + Math.abs(theirs - age));
        }
      }
    }
    const last = takeNearest(registry, limit, into, mark);
    registry.patientLast[subject] = last === -1 ? -1 : ids[last]!;
    registry.patientLastKey[subject] = last === -1 ? 0 : keys[last]!;
  }
  // The reaction: a shared PT (its LLTs) with a start within 30 days of the onset, the closest first.
  const onset = registry.onsetDay[subject]!;
  const pts = registry.sets.pt;
  const [ptFrom, ptTo] = [setFrom(pts, subject), setTo(pts, subject)];
  if (onset !== NO_DAY && ptTo > ptFrom) {
    ids.length = 0;
    keys.length = 0;
    const trimmed = nearestReactions(registry, subject, onset, ptFrom, ptTo, limit);
    const last = takeNearest(registry, limit, into, mark, trimmed);
    registry.reactionLast[subject] = last === -1 ? -1 : ids[last]!;
    registry.reactionLastKey[subject] = last === -1 ? 0 : keys[last]!;
  }
  for (const other of registry.numbered.get(subject) ?? EMPTY) take(registry, other, into, mark);
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
  const initials = registry.initials[subject]!;
  const sex = registry.sex[subject]!;
  const theirs = registry.patientInitials[other]!;
  if (initials !== -1 && sex !== -1 && registry.strings[sex] !== '' && theirs !== -1 && registry.sex[other] === sex) {
    const ageYears = registry.ageYears[subject]!;
    const age = Number.isNaN(ageYears) ? null : Math.round(ageYears);
    const [mine, their] = [registry.strings[initials]!, registry.strings[theirs]!];
    if (age === null) {
      if (theirs === initials && within(registry, registry.patientLast[subject]!, registry.patientLastKey[subject]!, 0, other)) return true;
    } else if (theirs === initials || oneEdit(their, mine)) {
      const years = registry.patientAge[other]!;
      if (registry.ageInYears[other] === 1 && years >= age - 1 && years <= age + 1) {
        const key = nearDistance(their, mine) * 4 + Math.abs(years - age);
        if (within(registry, registry.patientLast[subject]!, registry.patientLastKey[subject]!, key, other)) return true;
      }
    }
  }
  const onset = registry.onsetDay[subject]!;
  const pts = registry.sets.pt;
  if (onset !== NO_DAY && setTo(pts, subject) > setFrom(pts, subject)) {
    let best = 31;
    for (let row = registry.rowStart[other]!; row < registry.rowStart[other + 1]!; row++) {
      const gap = Math.abs(registry.rowDay[row]! - onset);
      if (gap < best && includes(pts, subject, registry.rowPt[row]!)) best = gap;
    }
    if (best <= 30 && within(registry, registry.reactionLast[subject]!, registry.reactionLastKey[subject]!, best, other)) return true;
  }
  return false;
}

/** The index of an id among the registry's ids (in PostgreSQL's uuid order). */
function indexOf(words: Uint32Array, count: number, id: string): number | undefined {
  parseId(id, probe, 0);
  let [low, high] = [0, count];
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareWords(words, middle, probe, 0) < 0) low = middle + 1;
    else high = middle;
  }
  return low < count && compareWords(words, low, probe, 0) === 0 ? low : undefined;
}

/**
 * The e-mail key (a trigram match, PostgreSQL's `%`) of the cases of a block that have an
 * e-mail, as `candidateIds` asks it: at most `limit` cases per e-mail and table.
 */
async function emailCandidates(db: DbOrTx, registry: Registry, subjects: readonly number[], limit: number): Promise<Map<number, number[]>> {
  const emails = registry.sets.email;
  const keys = subjects
    .filter((subject) => setTo(emails, subject) > setFrom(emails, subject))
    .map((subject) => ({ id: idText(registry.idWords, subject), emails: setOf(emails, subject).map((id) => registry.strings[id]!) }));
  // The subject's family and decided pairs are left out before each key's cap, as in `candidateIds`.
  const found = new Map<number, number[]>();
  if (keys.length === 0) return found;
  const position = new Map(subjects.map((subject) => [idText(registry.idWords, subject), subject]));
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
    const other = indexOf(registry.idWords, registry.count, row.id);
    if (subject === undefined || other === undefined || !excludedOk(registry, subject, other)) continue;
    const list = found.get(subject) ?? [];
    if (!list.includes(other)) list.push(other);
    found.set(subject, list);
  }
  return found;
}

// ---------------------------------------------------------------------------------------
// The fast filter

/** A field's background frequency as `forRecord` gives it, read for a value of either side (a number as its text). */
interface FieldFrequency {
  p(value: string | number): number;
}

const clamp = (p: number) => Math.min(1, Math.max(p, MIN_VALUE_FREQUENCY));

function fieldFrequency(frequencies: ScanFrequencies, field: keyof DuplicateFrequencies, unseenOneIn: number): FieldFrequency {
  // PostgreSQL's statistics, else every value counted (`Weights` asks once per value).
  const given = frequencies.stats[field] ?? frequencies.counted.get(field);
  if (given) return { p: (value) => clamp(given.known.get(String(value)) ?? given.otherwise) };
  return { p: () => clamp(1 / unseenOneIn) };
}

export interface FastScorer {
  /** The score's value for the pair of cases (left, right) of the columns, equal to `duplicateScore`'s before its rounding (and the same either way round). */
  score(columns: Columns, left: number, right: number): number;
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

/**
 * A set field's weight: each shared value's agreement weight, else the disagreement, 0 when either
 * side is empty. `strings`: the values are string ids, weighed by their text; `constant`: every
 * value weighs the same (the case numbers' hashes).
 */
function setWeight(column: SetColumn, left: number, right: number, weights: Weights, disagreement: number, strings?: readonly string[]): number {
  const { values } = column;
  const [leftFrom, leftTo, rightFrom, rightTo] = [setFrom(column, left), setTo(column, left), setFrom(column, right), setTo(column, right)];
  if (leftFrom === leftTo || rightFrom === rightTo) return 0;
  let weight = 0;
  let shared = false;
  for (let index = leftFrom; index < leftTo; index++) {
    const value = values[index]!;
    let found = false;
    for (let other = rightFrom; other < rightTo; other++) {
      if (values[other] === value) {
        found = true;
        break;
      }
    }
    if (!found) continue;
    shared = true;
    weight += weights.of(strings ? strings[value]! : value);
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
  // A case number (its hash here) and a phone (its string id) weigh the same whatever the value.
  const caseNumber = new Weights({ p: () => clamp(1 / model.unseenOneIn.caseNumber) }, rate.caseNumber);
  const phone = new Weights({ p: () => clamp(1 / model.unseenOneIn.phone) }, rate.phone);
  // A PT's frequency, the sum of its LLTs' (`ScanFrequencies.pt`), as `forRecord` gives it.
  const pt = new Weights({ p: (code) => clamp(frequencies.pt ? (frequencies.pt.known.get(String(code)) ?? frequencies.pt.otherwise) : 1 / 25_000) }, rate.pt);
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
    score(columns, left, right) {
      const { strings, sets } = columns;
      let score = setWeight(sets.number, left, right, caseNumber, disagree.caseNumber);
      const [a, b] = [columns.initials[left]!, columns.initials[right]!];
      if (a !== -1 && b !== -1) {
        const [textA, textB] = [strings[a]!, strings[b]!];
        if (a === b) score += initialsWeights.of(textA);
        else if (oneEdit(textA, textB)) {
          score += agreementWeight(Math.max(initials.p(textA), initials.p(textB)), rate.initials) + typo;
        } else score += disagree.initials;
      }
      const [sexA, sexB] = [columns.sex[left]!, columns.sex[right]!];
      if (sexA !== -1 && sexB !== -1) score += sexA === sexB ? sex.of(strings[sexA]!) : disagree.sex;
      const [ageA, ageB] = [columns.ageYears[left]!, columns.ageYears[right]!];
      if (!Number.isNaN(ageA) && !Number.isNaN(ageB)) score += differenceWeight(ageA - ageB, model.age.scaleYears, model.age.spanYears, rate.age);
      const [countryA, countryB] = [columns.country[left]!, columns.country[right]!];
      if (countryA !== NO_COUNTRY && countryB !== NO_COUNTRY) score += countryA === countryB ? country.of(countryA) : disagree.country;
      const [dayA, dayB] = [columns.onsetDay[left]!, columns.onsetDay[right]!];
      if (dayA !== NO_DAY && dayB !== NO_DAY) score += differenceWeight(dayA - dayB, model.onset.scaleDays, model.onset.spanDays, rate.onset);
      score += setWeight(sets.drug, left, right, drug, disagree.drug);
      score += setWeight(sets.ingredient, left, right, ingredient, disagree.ingredient);
      score += setWeight(sets.llt, left, right, llt, disagree.llt);
      score += setWeight(sets.pt, left, right, pt, disagree.pt);
      score += setWeight(sets.email, left, right, email, disagree.email, strings);
      score += setWeight(sets.phone, left, right, phone, disagree.phone);
      return score;
    },
  };
}

/** Whether two different strings are one edit apart (optimal string alignment: a change, a drop, an addition, two neighbours swapped). */
function oneEdit(a: string, b: string): boolean {
  const la = a.length;
  const lb = b.length;
  if (la - lb > 1 || lb - la > 1) return false;
  let index = 0;
  while (index < la && index < lb && a.charCodeAt(index) === b.charCodeAt(index)) index++;
  if (la === lb) {
    return (
      sameRest(a, b, index + 1, index + 1) ||
      (a.charCodeAt(index) === b.charCodeAt(index + 1) && a.charCodeAt(index + 1) === b.charCodeAt(index) && sameRest(a, b, index + 2, index + 2))
    );
  }
  return la > lb ? sameRest(a, b, index + 1, index) : sameRest(a, b, index, index + 1);
}

/** Whether a from i and b from j are the same to their ends (`oneEdit`'s tail; no closure in the scan's hot path). */
function sameRest(a: string, b: string, i: number, j: number): boolean {
  while (i < a.length && j < b.length) if (a.charCodeAt(i++) !== b.charCodeAt(j++)) return false;
  return i === a.length && j === b.length;
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
  const total = registry.count;
  const profile: ScanProfile = { cases: total, pairs: 0, loadMs: performance.now() - t0, candidatesMs: 0, scoreMs: 0, writeWaitMs: 0, candidatePairs: 0, scoredOnce: 0, exactScores: 0 };
  await options.onProgress?.(0, total, 10, profile);
  const scorer = fastScorer(frequencies);
  const { created } = registry;
  /**
   * Pairs stored from their lower side by the number or e-mail key only, whose higher side has not
   * come yet (lower × total + higher); a pair the lower side took by the patient or reaction key is
   * recognised from the higher side by `tookByKeys`, so the set stays small.
   */
  const written = new Set<number>();
  let rows: PairRow[] = [];
  /** The upserts under way (at most WRITES_IN_FLIGHT: the scoring waits only when they are all busy), and the first failure. */
  const writing = new Set<Promise<void>>();
  let failed: { error: unknown } | undefined;
  const flush = async () => {
    const batch = rows;
    rows = [];
    const t = performance.now();
    while (writing.size >= WRITES_IN_FLIGHT) await Promise.race(writing);
    profile.writeWaitMs += performance.now() - t;
    // A failed write is thrown by the next flush (or the last wait).
    if (failed) throw failed.error;
    if (batch.length === 0) return;
    const write: Promise<void> = writePairs(db, batch).then(
      () => void writing.delete(write),
      (error: unknown) => {
        writing.delete(write);
        failed ??= { error };
      },
    );
    writing.add(write);
  };
  const candidates: number[] = [];
  /** The subject's record, frequencies and id, built once per subject when a pair of it is scored (one side of every pair). */
  let subjectRecord: DuplicateRecord | undefined;
  let subjectFrequencies: DuplicateFrequencies | undefined;
  let subjectId: string | undefined;
  for (let start = 0; start < total; start += block) {
    signal?.throwIfAborted();
    const end = Math.min(total, start + block);
    const subjects = Array.from({ length: end - start }, (_, offset) => start + offset);
    const byEmail = await emailCandidates(db, registry, subjects, limit);
    for (const subject of subjects) {
      const tc = performance.now();
      subjectRecord = undefined;
      subjectFrequencies = undefined;
      subjectId = undefined;
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
        if (scorer.score(registry, high, low) < threshold - MARGIN) continue;
        profile.exactScores++;
        // Scored as the per-case path scores it: the case of the higher id is the subject (its record and frequencies
        // kept while it is the same case).
        subjectRecord ??= recordOf(registry, subject);
        const otherRecord = recordOf(registry, other);
        const result =
          high === subject
            ? duplicateScore(subjectRecord, otherRecord, (subjectFrequencies ??= frequencies.forRecord(subjectRecord)))
            : duplicateScore(otherRecord, subjectRecord, frequencies.forRecord(otherRecord));
        if (result.score < threshold) continue;
        if (other > subject && !tookByKeys(registry, subject, other)) written.add(key);
        subjectId ??= idText(registry.idWords, subject);
        const otherId = idText(registry.idWords, other);
        rows.push({
          event_id: low === subject ? subjectId : otherId,
          other_event_id: high === subject ? subjectId : otherId,
          score: result.score,
          contributions: result.contributions,
          newest_at: isoOfMicros(Math.max(created[low]!, created[high]!)),
        });
        profile.pairs++;
        if (rows.length >= WRITE_BATCH) await flush();
      }
      profile.scoreMs += performance.now() - ts;
    }
    await options.onProgress?.(end, total, 10 + (90 * end) / Math.max(1, total), profile);
  }
  await flush();
  const t = performance.now();
  await Promise.all(writing);
  profile.writeWaitMs += performance.now() - t;
  if (failed) throw failed.error;
  return profile;
}
