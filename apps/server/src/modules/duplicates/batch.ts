import {
  type DuplicateFrequencies,
  type DuplicateRecord,
  duplicateScore,
  normaliseEmail,
  normaliseInitials,
  type ValueFrequencies,
} from '@atalaya/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { eventMedicationIngredients, eventMedications, eventPatients, eventRams, events, medicalContacts, meddraLlt } from '../../db/schema/index.js';
import { type FoundPair, storePairs } from './pairs.js';
import { BLOCK_LIMIT, COUNT_FLOOR, initialsWithinOneEdit, statisticsFrequencies } from './queries.js';
import { PAIRED_CASES } from './recorder.js';
import { type ComparedRecord, loadCaseRecords } from './records.js';

/**
 * The set-based side of the whole-database scan (docs/duplicates.md 'The whole-database scan'):
 * a block of cases per statement. The candidates of every case of the block are found by one
 * statement (a lateral join of the block's keys against the registry, the same keys, order and
 * cap per key as `candidateIds`), the records of the block and of all its candidates are loaded
 * by one statement, the value frequencies are read once per scan (`scanFrequencies`), the scoring
 * is the domain's `duplicateScore` in TypeScript as for one case, and the pairs are upserted in
 * one statement. The pairs and scores are those the per-case path finds (duplicates-scan.test.ts).
 */

/** The block's subjects as the candidate statement reads them (`jsonb_to_recordset`). */
interface SubjectKeys {
  id: string;
  sex: string | null;
  age: number | null;
  initials: string | null;
  /** The initials within one edit (`initialsWithinOneEdit`). */
  variants: string[];
  onset: string | null;
  pts: number[];
  emails: string[];
  numbers: string[];
}

function keysOf(subject: ComparedRecord): SubjectKeys {
  const record = subject.record;
  const initials = normaliseInitials(record.initials);
  return {
    id: subject.eventId ?? '',
    sex: record.sex,
    age: record.ageYears !== null ? Math.round(record.ageYears) : null,
    initials,
    variants: initials ? initialsWithinOneEdit(initials) : [],
    onset: record.onset,
    pts: [...record.ptCodes],
    emails: record.emails.map(normaliseEmail).filter((value): value is string => value !== null),
    numbers: record.caseNumbers.map((value) => value.trim().toUpperCase()).filter(Boolean),
  };
}

/**
 * The candidate pairs (subject, candidate) of a block of paired cases, in one statement: for each
 * subject the union of its blocking keys, each key at most `BLOCK_LIMIT` cases in the same order
 * as `candidateIds` (the closest initials then age, or the closest onset, first, then the newest,
 * then by id; an e-mail or a number unordered, as in `candidateIds`), among the paired cases,
 * never the subject, its follow-up family nor a decided pair.
 */
export async function blockCandidates(db: DbOrTx, subjects: readonly ComparedRecord[]): Promise<Map<string, string[]>> {
  const keys = subjects.filter((subject) => subject.eventId).map(keysOf);
  const found = new Map<string, string[]>();
  if (keys.length === 0) return found;
  const where = sql`${events.duplicateOfEventId} is null and ${PAIRED_CASES} and ${events.id} <> s.id
    and coalesce(${events.parentEventId}, ${events.id}) <> s.family
    and not exists (select 1 from duplicate_decisions d where (d.event_id = ${events.id} and d.other_event_id = s.id) or (d.event_id = s.id and d.other_event_id = ${events.id}))`;
  const result = await db.execute<{ subject: string; id: string }>(sql`
    with s as (
      select k.*, coalesce(se.parent_event_id, se.id) as family
      from jsonb_to_recordset(${JSON.stringify(keys)}::jsonb) as k(id uuid, sex text, age int, initials text, variants text[], onset date, pts int[], emails text[], numbers text[])
      join events se on se.id = k.id
    )
    select s.id::text as subject, c.id::text as id from s cross join lateral (
      (select ${events.id} as id from ${eventPatients} join ${events} on ${events.id} = ${eventPatients.eventId}
        where s.sex is not null and upper(${eventPatients.initials}) = any(s.variants) and ${eventPatients.gender} = s.sex
          and (s.age is null or (${eventPatients.ageUnit} = 'Años' and ${eventPatients.age} between s.age - 1 and s.age + 1)) and ${where}
        order by levenshtein(upper(${eventPatients.initials}), s.initials), abs(${eventPatients.age} - s.age), ${events.createdAt} desc, ${events.id} limit ${BLOCK_LIMIT})
      union
      (select ${events.id} as id from ${eventRams} join ${events} on ${events.id} = ${eventRams.eventId}
        where s.onset is not null and ${eventRams.lltCode} in (select ${meddraLlt.code} from ${meddraLlt} where ${meddraLlt.ptCode} = any(s.pts))
          and ${eventRams.dateStart} between s.onset - 30 and s.onset + 30 and ${where}
        order by abs(${eventRams.dateStart} - s.onset), ${events.createdAt} desc, ${events.id} limit ${BLOCK_LIMIT})
      union
      (select x.id from unnest(s.emails) as em(value) cross join lateral (
        (select ${events.id} as id from ${eventPatients} join ${events} on ${events.id} = ${eventPatients.eventId}
          where lower(${eventPatients.email}) % em.value and ${where} limit ${BLOCK_LIMIT})
        union
        (select ${events.id} as id from ${medicalContacts} join ${events} on ${events.id} = ${medicalContacts.eventId}
          where lower(${medicalContacts.doctorEmail}) % em.value and ${where} limit ${BLOCK_LIMIT})) x)
      union
      (select ${events.id} as id from ${events}
        where cardinality(s.numbers) > 0 and (${events.referenceNumber} = any(s.numbers) or ${events.homeReferenceNumber} = any(s.numbers)) and ${where} limit ${BLOCK_LIMIT})
    ) c`);
  for (const row of result.rows) {
    const list = found.get(row.subject) ?? [];
    list.push(row.id);
    found.set(row.subject, list);
  }
  return found;
}

/** A field's counted values (`countedFrequencies`' queries over every value, not one record's). */
type Counts = ReadonlyMap<string, number>;

/**
 * The value frequencies of a scan, read once: `pg_stats` where PostgreSQL has statistics, and
 * for the other fields every value counted once (one grouped count per field) instead of a count
 * of one record's values per case. `forRecord` gives what `valueFrequencies` gives for that
 * record: a counted field is restricted to the record's own values (the others read `otherwise`),
 * and a PT's frequency is the sum of its LLTs'.
 */
export interface ScanFrequencies {
  forRecord(record: DuplicateRecord): DuplicateFrequencies;
}

export async function scanFrequencies(db: DbOrTx): Promise<ScanFrequencies> {
  const stats = await statisticsFrequencies(db);
  const queries: [keyof DuplicateFrequencies, ReturnType<typeof sql>][] = [
    ['drug', sql`select m.product_id::text as value, count(distinct m.event_id) as n from ${eventMedications} m group by 1`],
    ['ingredient', sql`select i.active_ingredient_id::text as value, count(distinct m.event_id) as n from ${eventMedicationIngredients} i join ${eventMedications} m on m.id = i.event_medication_id group by 1`],
    ['llt', sql`select r.llt_code::text as value, count(distinct r.event_id) as n from ${eventRams} r where r.llt_code is not null group by 1`],
    ['initials', sql`select upper(p.initials) as value, count(*) as n from ${eventPatients} p where p.initials is not null group by 1`],
    [
      'email',
      sql`select value, count(distinct event_id) as n from (
        select lower(p.email) as value, p.event_id from ${eventPatients} p where p.email is not null
        union all select lower(c.doctor_email), c.event_id from ${medicalContacts} c where c.doctor_email is not null) x group by 1`,
    ],
    ['country', sql`select e.country_id::text as value, count(*) as n from ${events} e group by 1`],
  ];
  const counted = new Map<keyof DuplicateFrequencies, Counts>();
  let cases = COUNT_FLOOR;
  const missing = queries.filter(([field]) => stats[field] === undefined);
  if (missing.length > 0) {
    const [estimate] = (await db.execute<{ n: number | string | null }>(sql`select reltuples as n from pg_class where oid = to_regclass(${'events'})`)).rows;
    const [total] = Number(estimate?.n ?? 0) > 0 ? [estimate] : (await db.execute<{ n: number | string }>(sql`select count(*) as n from ${events}`)).rows;
    cases = Math.max(COUNT_FLOOR, Number(total?.n ?? 0));
    for (const [field, query] of missing) {
      const rows = (await db.execute<{ value: string; n: number | string }>(query)).rows;
      const key = (value: string) => (field === 'email' ? value : value.toUpperCase());
      counted.set(field, new Map(rows.map((row) => [key(row.value), Number(row.n)])));
    }
  }
  const lltsOfPt = new Map<number, number[]>();
  for (const row of (await db.execute<{ code: number; pt_code: number }>(sql`select ${meddraLlt.code} as code, ${meddraLlt.ptCode} as pt_code from ${meddraLlt}`)).rows) {
    const list = lltsOfPt.get(Number(row.pt_code)) ?? [];
    list.push(Number(row.code));
    lltsOfPt.set(Number(row.pt_code), list);
  }
  const otherwise = 1 / (cases + 1);
  /** A counted field restricted to the record's values, as `countedFrequencies` counts them. */
  const restricted = (field: keyof DuplicateFrequencies, values: readonly string[]): ValueFrequencies | undefined => {
    const counts = counted.get(field);
    if (!counts || values.length === 0) return undefined;
    const known = new Map<string, number>();
    for (const value of values) {
      const n = counts.get(value);
      if (n !== undefined) known.set(value, (n + 1) / (cases + 1));
    }
    return { known, otherwise };
  };
  return {
    forRecord(record) {
      const frequencies: DuplicateFrequencies = { ...stats };
      const initials = normaliseInitials(record.initials);
      const emails = record.emails.map(normaliseEmail).filter((value): value is string => value !== null);
      const own: [keyof DuplicateFrequencies, string[]][] = [
        ['drug', record.drugIds.map(String)],
        ['ingredient', record.ingredientIds.map(String)],
        ['llt', record.lltCodes.map(String)],
        ['initials', initials ? [initials] : []],
        ['email', [...new Set(emails)]],
        ['country', record.countryId !== null ? [String(record.countryId)] : []],
      ];
      for (const [field, values] of own) {
        if (frequencies[field] !== undefined) continue;
        const value = restricted(field, values);
        if (value) frequencies[field] = value;
      }
      const llt = frequencies.llt;
      if (llt && record.ptCodes.length > 0) {
        const known = new Map<string, number>();
        for (const pt of new Set(record.ptCodes)) {
          for (const code of lltsOfPt.get(pt) ?? []) known.set(String(pt), (known.get(String(pt)) ?? 0) + (llt.known.get(String(code)) ?? llt.otherwise));
        }
        frequencies.pt = { known, otherwise: llt.otherwise };
      }
      return frequencies;
    },
  };
}

/**
 * Finds and stores the pairs of a block of cases (ids of paired cases; any other is skipped):
 * one statement for the block's records, one for their candidates, one for the candidates'
 * records, the scoring in TypeScript, one upsert. A pair found from both sides is stored once,
 * as the case of the higher id finds it (the per-case walk by id ends on it). Returns the pairs stored.
 */
export async function recordBlockPairs(db: DbOrTx, eventIds: readonly string[], threshold: number, frequencies: ScanFrequencies): Promise<number> {
  if (eventIds.length === 0) return 0;
  const subjects = (await loadCaseRecords(db, eventIds)).sort((a, b) => ((a.eventId ?? '') < (b.eventId ?? '') ? -1 : 1));
  const candidates = await blockCandidates(db, subjects);
  const known = new Map(subjects.map((subject) => [subject.eventId ?? '', subject]));
  const wanted = [...new Set([...candidates.values()].flat())].filter((id) => !known.has(id));
  for (const other of await loadCaseRecords(db, wanted)) known.set(other.eventId ?? '', other);
  const pairs = new Map<string, FoundPair>();
  for (const subject of subjects) {
    const ids = candidates.get(subject.eventId ?? '') ?? [];
    if (ids.length === 0) continue;
    const counts = frequencies.forRecord(subject.record);
    for (const id of ids) {
      const other = known.get(id);
      if (!other?.eventId || !subject.eventId) continue;
      const result = duplicateScore(subject.record, other.record, counts);
      if (result.score < threshold) continue;
      const key = subject.eventId < other.eventId ? `${subject.eventId}|${other.eventId}` : `${other.eventId}|${subject.eventId}`;
      // Subjects go by id: the later finding (the higher id's) replaces the earlier one.
      pairs.set(key, { subject, other, result });
    }
  }
  await storePairs(db, [...pairs.values()]);
  return pairs.size;
}
