import { type DuplicateFrequencies, type DuplicateRecord, normaliseEmail, normaliseInitials, type ValueFrequencies } from '@atalaya/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { eventMedicationIngredients, eventMedications, eventPatients, eventRams, events, medicalContacts, meddraLlt } from '../../db/schema/index.js';
import { COUNT_FLOOR, statisticsFrequencies } from './queries.js';

/**
 * The value frequencies of the whole-database scan (docs/duplicates.md 'The whole-database
 * scan'), read once per scan; the scan itself is registry.ts.
 */

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
  /** What `forRecord` is built from (registry.ts's fast filter reads them): the fields `pg_stats` gives, */
  stats: DuplicateFrequencies;
  /** the other fields' counts by value (every value), */
  counted: ReadonlyMap<keyof DuplicateFrequencies, Counts>;
  /** the number of cases a count is read against, */
  cases: number;
  /** and the LLTs of each PT. */
  lltsOfPt: ReadonlyMap<number, readonly number[]>;
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
    stats,
    counted,
    cases,
    lltsOfPt,
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
