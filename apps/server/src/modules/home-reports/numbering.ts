import { HOME_REPORT_PREFIX, HOME_REPORT_STATUS, OPERATION_TYPES } from '@atalaya/domain';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.js';
import { homeReportIntake } from '../../db/schema/index.js';
import { announceHomeReportCreated, type HomeReportCreated, type HomeReportEvents } from './events.js';

/**
 * RH numbers without serialising the intake (docs/adr/0010-intake-numbering.md).
 *
 * A report is first stored in `home_report_intake` by its own transaction, which commits
 * without touching the year's sequence. Then one call of `atalaya_number_home_reports`
 * (src/db/sql/0003-home-report-numbering.sql), a transaction of its own that holds the year's
 * lock only while the database runs it, moves every committed waiting report of the year into
 * `home_reports` with the next numbers, in arrival order, with its first status-history row,
 * and advances the sequence by as many. One commit numbers a whole batch. A number is only
 * taken in a committed move: a failed report never reaches the intake table, a failed move
 * gives every number back, so the year's numbers stay 1..N.
 */

/** A stored, numbered report as the announcement and the reporter's answer need it. */
export type NumberedReport = HomeReportCreated;

export interface NumberingDeps {
  db: Db;
  events: HomeReportEvents;
  log: FastifyBaseLogger;
}

/** Stores a report waiting for its number (inside the report's transaction). */
export async function insertWaitingReport(tx: DbOrTx, values: typeof homeReportIntake.$inferInsert): Promise<{ id: string }> {
  const [row] = await tx.insert(homeReportIntake).values(values).returning({ id: homeReportIntake.id });
  if (!row) throw new Error('Incoming report not stored');
  return row;
}

type MovedRow = {
  id: string;
  reference: string;
  is_medic: boolean;
  country_code: string;
  sub_group_id: number;
  created_at: Date | string;
};

/**
 * Numbers every committed report of `year` still waiting and answers them (empty when another
 * caller numbered them first). Does not announce them.
 */
export async function numberWaitingReports(db: Db, year: number): Promise<NumberedReport[]> {
  const moved = await db.execute<MovedRow>(
    sql`select * from atalaya_number_home_reports(${HOME_REPORT_PREFIX}, ${year}::integer, ${HOME_REPORT_STATUS.NUEVO}::smallint, ${OPERATION_TYPES.I})`,
  );
  return moved.rows.map((row) => ({
    id: row.id,
    reference: row.reference,
    isMedic: row.is_medic,
    countryCode: row.country_code,
    subGroupId: Number(row.sub_group_id),
    createdAt: new Date(row.created_at),
  }));
}

/**
 * One process's rounds of numbering of a year, so that its concurrent submitters share calls
 * (and pool connections): whoever asks while a round runs waits for the next round, which
 * every such caller shares. The database's lock still orders the rounds of several processes.
 */
interface Rounds {
  running: Promise<NumberedReport[]> | null;
  next: Promise<NumberedReport[]> | null;
}

const roundsByDb = new WeakMap<Db, Map<number, Rounds>>();

function roundsOf(db: Db, year: number): Rounds {
  let byYear = roundsByDb.get(db);
  if (!byYear) {
    byYear = new Map();
    roundsByDb.set(db, byYear);
  }
  let rounds = byYear.get(year);
  if (!rounds) {
    rounds = { running: null, next: null };
    byYear.set(year, rounds);
  }
  return rounds;
}

/**
 * Numbers and announces the reports of `year` waiting: a round that starts after this call,
 * so it sees every report committed before it (the caller's own, and any a crash left). The
 * round running now cannot be relied on: it may have looked before the caller's commit. Each
 * report is announced once, by the round that numbered it. Answers what this process's round
 * numbered; a report numbered by another process's round is not in it.
 */
export function numberAndAnnounce(deps: NumberingDeps, year: number): Promise<NumberedReport[]> {
  const rounds = roundsOf(deps.db, year);
  if (rounds.next) return rounds.next;
  const start = (): Promise<NumberedReport[]> => {
    const round = (async () => {
      try {
        const numbered = await numberWaitingReports(deps.db, year);
        for (const report of numbered) announceHomeReportCreated(deps.events, report, deps.log);
        return numbered;
      } finally {
        rounds.running = null;
      }
    })();
    rounds.running = round;
    return round;
  };
  if (!rounds.running) return start();
  const settled = rounds.running.then(
    () => undefined,
    () => undefined,
  );
  const next = settled.then(() => {
    rounds.next = null;
    return start();
  });
  rounds.next = next;
  return next;
}

/** The years that have reports waiting for a number (a crash between the two transactions). */
async function waitingYears(db: Db): Promise<number[]> {
  const found = await db.execute<{ year: number }>(sql`select distinct year from home_report_intake order by year`);
  return found.rows.map((row) => Number(row.year));
}

/** At start: numbers (and announces) every report a crash left waiting, whatever its year. */
export async function numberLeftoverReports(deps: NumberingDeps): Promise<number> {
  let count = 0;
  for (const year of await waitingYears(deps.db)) count += (await numberAndAnnounce(deps, year)).length;
  if (count > 0) deps.log.warn({ count }, 'incoming reports left without a number were numbered');
  return count;
}
