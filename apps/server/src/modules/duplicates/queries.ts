import { type DuplicateFrequencies, type DuplicateRecord, normaliseEmail, normaliseInitials, type ValueFrequencies } from '@atalaya/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, readAll } from '../../db/client.js';
import { intArray } from '../../db/int-array.js';
import { executeNamed } from '../../db/prepared.js';
import {
  duplicateDecisions,
  eventMedicationIngredients,
  eventMedications,
  eventPatients,
  eventRams,
  events,
  medicalContacts,
  meddraLlt,
} from '../../db/schema/index.js';

/** How many cases each blocking key may bring (the nearest first where the key has an order). */
export const BLOCK_LIMIT = 50;

/** What the candidates exclude: the subject itself and the pairs already decided. */
export interface CandidateScope {
  /** `caseReach` of the caller, on `events`. */
  reach: SQL;
  /** The subject case (excluded, and its decided pairs), or null for an incoming report. */
  eventId: string | null;
  /** The subject report (its decided pairs excluded), or null for a case. */
  homeReportId: string | null;
  /** Cases per key; `BLOCK_LIMIT` unless given (a test of the scan's caps). */
  limit?: number;
}

const textArray = (values: readonly string[]) => sql`${`{${values.map((value) => `"${value.replace(/["\\]/g, '')}"`).join(',')}}`}::text[]`;

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * The initials within one edit of these (normalised, A–Z): themselves, a letter changed,
 * dropped or added, two neighbours swapped — the typos the score forgives (`duplicateScore`).
 * About 190 values for three letters, each an equality the index answers.
 */
export function initialsWithinOneEdit(initials: string): string[] {
  const found = new Set<string>([initials]);
  for (let index = 0; index <= initials.length; index++) {
    const head = initials.slice(0, index);
    for (const letter of LETTERS) found.add(`${head}${letter}${initials.slice(index)}`);
    if (index < initials.length) {
      found.add(`${head}${initials.slice(index + 1)}`);
      for (const letter of LETTERS) found.add(`${head}${letter}${initials.slice(index + 1)}`);
    }
    if (index + 1 < initials.length) found.add(`${head}${initials[index + 1]}${initials[index]}${initials.slice(index + 2)}`);
  }
  found.delete('');
  return [...found].sort();
}

/**
 * The initials the patient key looks for: within one edit when the age is known (the range is
 * then a near-identity: initials, sex and three ages), the initials themselves when it is not
 * (initials within one edit and a sex alone are a share of the registry: 18,000 patients for two
 * letters at a million cases, 0.26 s to order; the same initials and sex, about 370).
 */
export function patientVariants(initials: string, age: number | null): string[] {
  return age === null ? [initials] : initialsWithinOneEdit(initials);
}

/**
 * The ids of the cases that share a blocking key with the record (docs/duplicates.md
 * 'Candidates'), each key bounded by the data and capped at `BLOCK_LIMIT` cases, the nearest
 * first: the patient (initials within one edit, same sex, age ± 1 year; without an age the same
 * initials and sex; the closest initials, then age, then the newest first), the reaction (a shared PT with an onset ± 30 days; the closest
 * onset first), an e-mail (trigram), a case number. Every key is within the caller's reach,
 * never a case marked duplicate, never the subject nor a case of its follow-up family, never a
 * pair already decided. The whole-database scan (registry.ts) answers the same keys from memory.
 */
export async function candidateIds(db: DbOrTx, record: DuplicateRecord, scope: CandidateScope): Promise<string[]> {
  const excluded = [sql`${events.duplicateOfEventId} is null`, scope.reach];
  if (scope.eventId) {
    excluded.push(sql`${events.id} <> ${scope.eventId}`);
    // A case's follow-ups, the case it follows up and its sibling follow-ups are the same case's
    // later reports, linked already: never its duplicates.
    excluded.push(
      sql`coalesce(${events.parentEventId}, ${events.id}) <> (select coalesce(s.parent_event_id, s.id) from ${events} s where s.id = ${scope.eventId})`,
    );
    excluded.push(sql`not exists (select 1 from ${duplicateDecisions} d where (d.event_id = ${events.id} and d.other_event_id = ${scope.eventId}) or (d.event_id = ${scope.eventId} and d.other_event_id = ${events.id}))`);
  }
  if (scope.homeReportId) {
    excluded.push(sql`not exists (select 1 from ${duplicateDecisions} d where d.event_id = ${events.id} and d.home_report_id = ${scope.homeReportId})`);
  }
  const where = sql.join(excluded, sql` and `);
  const limit = scope.limit ?? BLOCK_LIMIT;
  const blocks: SQL[] = [];
  const initials = normaliseInitials(record.initials);
  if (initials && record.sex) {
    const age = record.ageYears === null ? null : Math.round(record.ageYears);
    const ageKey = age === null ? sql`true` : sql`${eventPatients.ageUnit} = 'Años' and ${eventPatients.age} between ${age - 1} and ${age + 1}`;
    const ageOrder = age === null ? sql`` : sql`abs(${eventPatients.age} - ${age}), `;
    blocks.push(sql`(select ${events.id} as id from ${eventPatients} join ${events} on ${events.id} = ${eventPatients.eventId}
      where upper(${eventPatients.initials}) = any(${textArray(patientVariants(initials, age))}) and ${eventPatients.gender} = ${record.sex} and ${ageKey} and ${where}
      order by levenshtein(upper(${eventPatients.initials}), ${initials}), ${ageOrder}${events.createdAt} desc, ${events.id} limit ${limit})`);
  }
  if (record.onset && record.ptCodes.length > 0) {
    blocks.push(sql`(select ${events.id} as id from ${eventRams} join ${events} on ${events.id} = ${eventRams.eventId}
      where ${eventRams.lltCode} in (select ${meddraLlt.code} from ${meddraLlt} where ${meddraLlt.ptCode} = any(${intArray(record.ptCodes)}))
        and ${eventRams.dateStart} between (${record.onset}::date - 30) and (${record.onset}::date + 30) and ${where}
      order by abs(${eventRams.dateStart} - ${record.onset}::date), ${events.createdAt} desc, ${events.id} limit ${limit})`);
  }
  for (const email of record.emails.map(normaliseEmail).filter((value): value is string => value !== null)) {
    blocks.push(sql`(select ${events.id} as id from ${eventPatients} join ${events} on ${events.id} = ${eventPatients.eventId}
      where lower(${eventPatients.email}) % ${email} and ${where} limit ${limit})`);
    blocks.push(sql`(select ${events.id} as id from ${medicalContacts} join ${events} on ${events.id} = ${medicalContacts.eventId}
      where lower(${medicalContacts.doctorEmail}) % ${email} and ${where} limit ${limit})`);
  }
  const numbers = record.caseNumbers.map((value) => value.trim().toUpperCase()).filter(Boolean);
  if (numbers.length > 0) {
    blocks.push(sql`(select ${events.id} as id from ${events}
      where (${events.referenceNumber} = any(${textArray(numbers)}) or ${events.homeReferenceNumber} = any(${textArray(numbers)})) and ${where} limit ${limit})`);
  }
  if (blocks.length === 0) return [];
  // Planning this union cost as much as running it (2.6 and 2.9 ms at a million): one named
  // statement per shape of keys and reach (docs/performance-plans.md §8).
  const rows = await executeNamed<{ id: string }>(db, sql.join(blocks, sql` union `));
  return [...new Set(rows.map((row) => row.id))];
}

interface StatsRow extends Record<string, unknown> {
  tablename: string;
  attname: string;
  null_frac: number;
  n_distinct: number;
  vals: string[] | string | null;
  freqs: number[] | string | null;
  rows: number;
}

function asArray(value: string[] | number[] | string | null): string[] {
  if (value === null) return [];
  if (Array.isArray(value)) return value.map(String);
  return value.replace(/^\{|\}$/g, '').split(',').filter(Boolean).map((item) => item.replace(/^"|"$/g, ''));
}

/** The frequencies of a column from its statistics: its most common values, and the rest spread evenly. */
function fromStats(row: StatsRow | undefined): ValueFrequencies | undefined {
  if (!row) return undefined;
  const values = asArray(row.vals);
  const freqs = asArray(row.freqs).map(Number);
  const rows = Math.max(1, Number(row.rows));
  const distinct = Number(row.n_distinct) >= 0 ? Number(row.n_distinct) : -Number(row.n_distinct) * rows;
  const listed = freqs.reduce((sum, value) => sum + value, 0);
  const rest = Math.max(0, 1 - Number(row.null_frac) - listed);
  const others = Math.max(1, distinct - values.length);
  return { known: new Map(values.map((value, index) => [value.toUpperCase(), freqs[index] ?? 0])), otherwise: Math.max(rest / others, 1 / (rows + 1)) };
}

const STATISTICS = [
  ['events', 'country_id', 'country'],
  ['event_patients', 'initials', 'initials'],
  ['event_patients', 'gender', 'sex'],
  ['event_medications', 'product_id', 'drug'],
  ['event_medication_ingredients', 'active_ingredient_id', 'ingredient'],
  ['event_rams', 'llt_code', 'llt'],
] as const;

/** What `pg_stats` gives, the same for every record: the frequencies of the fields it has statistics for, and the number of cases. */
interface Statistics {
  frequencies: DuplicateFrequencies;
  /** PostgreSQL's estimate of the cases (`pg_class.reltuples` of `events`), null before an ANALYZE. */
  cases: number | null;
}

/** The fields `pg_stats` may give; any other the record reads (the e-mail) is always counted. */
const STATISTICS_FIELDS: ReadonlySet<keyof DuplicateFrequencies> = new Set(STATISTICS.map(([, , field]) => field));

export async function statistics(db: DbOrTx): Promise<Statistics> {
  const pairs = sql.join(
    STATISTICS.map(([table, column]) => sql`(${table}, ${column})`),
    sql`, `,
  );
  // pg_stats is a view of five catalogs: its plan cost more than its run (a named statement).
  const rows = await executeNamed<StatsRow>(db, sql`
    select s.tablename::text as tablename, s.attname::text as attname, s.null_frac, s.n_distinct,
      s.most_common_vals::text::text[] as vals, s.most_common_freqs as freqs, greatest(c.reltuples, 0) as rows
    from pg_stats s join pg_class c on c.relname = s.tablename and c.relnamespace = (select oid from pg_namespace where nspname = s.schemaname)
    where s.schemaname = current_schema() and (s.tablename::text, s.attname::text) in (${pairs})`);
  const frequencies: DuplicateFrequencies = {};
  for (const [table, column, field] of STATISTICS) {
    const stats = fromStats(rows.find((row) => row.tablename === table && row.attname === column));
    if (stats) frequencies[field] = stats;
  }
  // The cases' row count comes with the statistics of `events.country_id` (the same pg_class row).
  const cases = Number(rows.find((row) => row.tablename === 'events')?.rows ?? 0);
  return { frequencies, cases: cases > 0 ? cases : null };
}

export const COUNT_FLOOR = 1000;

/** A row of a field's count query: a value and the number of cases that have it. */
export type CountRow = { value: string; n: number | string };

/**
 * A field's frequencies from its counts over `cases` cases (add-one smoothed): the e-mail's values
 * as counted (lower case), the others upper case, as the comparisons read them.
 */
export function countedFrequencies(field: keyof DuplicateFrequencies, rows: readonly CountRow[], cases: number): ValueFrequencies {
  const key = (value: string) => (field === 'email' ? value : value.toUpperCase());
  return { known: new Map(rows.map((row) => [key(row.value), (Number(row.n) + 1) / (cases + 1)])), otherwise: 1 / (cases + 1) };
}

/**
 * The background frequency of each field's values, from the database's own statistics
 * (`pg_stats`, kept by ANALYZE/autovacuum): no count over the cases at each request. A PT's
 * frequency is the sum of its LLTs'. The e-mail, which `pg_stats` never holds, and a column
 * without statistics yet (a new or small database, PGlite, which never analyses by itself) are
 * counted instead, for the values the record's comparisons read (`frequencyCounts`).
 *
 * One round on an analysed database: the statistics (with the number of cases), the LLTs of the
 * record's PTs and the e-mails' counts side by side (`readAll`). A second round only for the
 * fields the statistics lacked, or the number of cases when there is no estimate.
 */
export async function valueFrequencies(db: DbOrTx, record: DuplicateRecord): Promise<DuplicateFrequencies> {
  const ptCodes = record.ptCodes;
  const counts = frequencyCounts(record);
  const always = counts.filter(([field]) => !STATISTICS_FIELDS.has(field));
  const [stats, mapping, alwaysCounted] = await readAll(db, [
    () => statistics(db),
    () =>
      ptCodes.length > 0
        ? executeNamed<{ code: number; pt_code: number }>(
            db,
            sql`select ${meddraLlt.code} as code, ${meddraLlt.ptCode} as pt_code from ${meddraLlt} where ${meddraLlt.ptCode} = any(${intArray(ptCodes)})`,
          )
        : Promise.resolve([]),
    () => readAll(db, always.map(([, query]) => () => db.execute<CountRow>(query))),
  ]);
  const { frequencies } = stats;
  const missing = counts.filter(([field]) => STATISTICS_FIELDS.has(field) && frequencies[field] === undefined);
  if (always.length + missing.length > 0) {
    const [total, missingCounted] = await readAll(db, [
      () => (stats.cases !== null ? Promise.resolve(stats.cases) : caseCount(db)),
      () => readAll(db, missing.map(([, query]) => () => db.execute<CountRow>(query))),
    ]);
    // A small database is read as a sample of at least COUNT_FLOOR cases: a value seen once among
    // twenty cases is not thereby common.
    const cases = Math.max(COUNT_FLOOR, total);
    const counted = [
      ...always.map(([field], index) => [field, alwaysCounted[index]?.rows ?? []] as const),
      ...missing.map(([field], index) => [field, missingCounted[index]?.rows ?? []] as const),
    ];
    for (const [field, rows] of counted) frequencies[field] = countedFrequencies(field, rows, cases);
  }
  const llt = frequencies.llt;
  if (llt && ptCodes.length > 0) {
    const known = new Map<string, number>();
    for (const row of mapping) {
      const key = String(row.pt_code);
      known.set(key, (known.get(key) ?? 0) + (llt.known.get(String(row.code)) ?? llt.otherwise));
    }
    frequencies.pt = { known, otherwise: llt.otherwise };
  }
  return frequencies;
}

/**
 * The number of cases without statistics: PostgreSQL's estimate once the table has been analysed
 * (no count over a million cases at each request), else counted.
 */
export async function caseCount(db: DbOrTx): Promise<number> {
  const [estimate] = (await db.execute<{ n: number | string | null }>(sql`select reltuples as n from pg_class where oid = to_regclass(${'events'})`)).rows;
  if (Number(estimate?.n ?? 0) > 0) return Number(estimate?.n);
  const [total] = (await db.execute<{ n: number | string }>(sql`select count(*) as n from ${events}`)).rows;
  return Number(total?.n ?? 0);
}

/**
 * The counts of the values a comparison of the record can read, a query a field (none for a
 * field the record has no value of): its own values, every LLT of its PTs and the initials within
 * one edit of its own, so that a pair scores the same from either side (docs/duplicates.md 'Score').
 */
function frequencyCounts(record: DuplicateRecord): [keyof DuplicateFrequencies, SQL][] {
  const initials = normaliseInitials(record.initials);
  const emails = record.emails.map(normaliseEmail).filter((value): value is string => value !== null);
  const wanted: [keyof DuplicateFrequencies, SQL | null][] = [
    ['drug', record.drugIds.length ? sql`select m.product_id::text as value, count(distinct m.event_id) as n from ${eventMedications} m where m.product_id = any(${intArray(record.drugIds)}) group by 1` : null],
    [
      'ingredient',
      record.ingredientIds.length
        ? sql`select i.active_ingredient_id::text as value, count(distinct m.event_id) as n from ${eventMedicationIngredients} i join ${eventMedications} m on m.id = i.event_medication_id
            where i.active_ingredient_id = any(${intArray(record.ingredientIds)}) group by 1`
        : null,
    ],
    // The record's LLTs and every LLT of its PTs: a PT's frequency (the sum of its LLTs') is then the
    // same whichever case of a pair is the subject.
    [
      'llt',
      record.lltCodes.length
        ? sql`select r.llt_code::text as value, count(distinct r.event_id) as n from ${eventRams} r
            where r.llt_code = any(${intArray(record.lltCodes)}) or r.llt_code in (select ${meddraLlt.code} from ${meddraLlt} where ${meddraLlt.ptCode} = any(${intArray(record.ptCodes)}))
            group by 1`
        : null,
    ],
    // The initials and those within one edit of them: a typo's weight reads the commoner of the two
    // (`duplicateScore`), whichever case of the pair is the subject.
    ['initials', initials ? sql`select upper(p.initials) as value, count(*) as n from ${eventPatients} p where upper(p.initials) = any(${textArray(initialsWithinOneEdit(initials))}) group by 1` : null],
    [
      'email',
      emails.length
        ? sql`select value, count(distinct event_id) as n from (
            select lower(p.email) as value, p.event_id from ${eventPatients} p where lower(p.email) = any(${textArray(emails)})
            union all select lower(c.doctor_email), c.event_id from ${medicalContacts} c where lower(c.doctor_email) = any(${textArray(emails)})) x group by 1`
        : null,
    ],
    ['country', record.countryId !== null ? sql`select e.country_id::text as value, count(*) as n from ${events} e where e.country_id = ${record.countryId} group by 1` : null],
  ];
  return wanted.filter((entry): entry is [keyof DuplicateFrequencies, SQL] => entry[1] !== null);
}
