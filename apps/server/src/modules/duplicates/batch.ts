import { type DuplicateFrequencies, type DuplicateRecord, normaliseEmail, normaliseInitials, type ValueFrequencies } from '@atalaya/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { eventMedicationIngredients, eventMedications, eventPatients, eventRams, events, medicalContacts, meddraLlt } from '../../db/schema/index.js';
import { caseCount, COUNT_FLOOR, countedFrequencies, type CountRow, statistics } from './queries.js';

/**
 * The value frequencies of the whole-database scan (docs/duplicates.md 'The whole-database
 * scan'), read once per scan; the scan itself is registry.ts.
 */

/**
 * The value frequencies of a scan, read once: `pg_stats` where PostgreSQL has statistics, and
 * for the other fields every value counted once (one grouped count per field) instead of a count
 * of one record's values per case. `forRecord` gives what `valueFrequencies` gives for that
 * record wherever a comparison reads it (every counted value, where `valueFrequencies` counts the
 * values the record's comparisons can read), and a PT's frequency is the sum of its LLTs'.
 */
export interface ScanFrequencies {
  forRecord(record: DuplicateRecord): DuplicateFrequencies;
  /** What `forRecord` is built from (registry.ts's fast filter reads them): the fields `pg_stats` gives, */
  stats: DuplicateFrequencies;
  /** the other fields' every value counted, as frequencies (`countedFrequencies`' queries over every value, not one record's), */
  counted: ReadonlyMap<keyof DuplicateFrequencies, ValueFrequencies>;
  /** and each PT's frequency, the sum of its LLTs' (undefined when the LLTs have none). */
  pt: ValueFrequencies | undefined;
}

export async function scanFrequencies(db: DbOrTx): Promise<ScanFrequencies> {
  const { frequencies: stats, cases: estimated } = await statistics(db);
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
  const counted = new Map<keyof DuplicateFrequencies, ValueFrequencies>();
  let cases = COUNT_FLOOR;
  const missing = queries.filter(([field]) => stats[field] === undefined);
  if (missing.length > 0) {
    cases = Math.max(COUNT_FLOOR, estimated ?? (await caseCount(db)));
    for (const [field, query] of missing) {
      counted.set(field, countedFrequencies(field, (await db.execute<CountRow>(query)).rows, cases));
    }
  }
  const lltsOfPt = new Map<number, number[]>();
  for (const row of (await db.execute<{ code: number; pt_code: number }>(sql`select ${meddraLlt.code} as code, ${meddraLlt.ptCode} as pt_code from ${meddraLlt}`)).rows) {
    const list = lltsOfPt.get(Number(row.pt_code)) ?? [];
    list.push(Number(row.code));
    lltsOfPt.set(Number(row.pt_code), list);
  }
  const llt = stats.llt ?? counted.get('llt');
  /** A PT's frequency, the sum of its LLTs'. */
  const pt: ValueFrequencies | undefined = llt && {
    known: new Map([...lltsOfPt].map(([code, llts]) => [String(code), llts.reduce((sum, one) => sum + (llt.known.get(String(one)) ?? llt.otherwise), 0)])),
    otherwise: llt.otherwise,
  };
  return {
    stats,
    counted,
    pt,
    forRecord(record) {
      const frequencies: DuplicateFrequencies = { ...stats };
      const own: [keyof DuplicateFrequencies, boolean][] = [
        ['drug', record.drugIds.length > 0],
        ['ingredient', record.ingredientIds.length > 0],
        ['llt', record.lltCodes.length > 0],
        ['initials', normaliseInitials(record.initials) !== null],
        ['email', record.emails.some((value) => normaliseEmail(value) !== null)],
        ['country', record.countryId !== null],
      ];
      // Every counted value: a comparison reads only values both records share, a typo's initials or
      // a PT's LLTs, which `countedFrequencies` counts for any record whose comparisons read them.
      // As there, a field the record has no value of is left out.
      for (const [field, has] of own) {
        const value = counted.get(field);
        if (frequencies[field] === undefined && has && value) frequencies[field] = value;
      }
      if (frequencies.llt && pt && record.ptCodes.length > 0) frequencies.pt = pt;
      return frequencies;
    },
  };
}
