import { HOME_REPORT_PREFIX, HOME_REPORT_STATUS, OPERATION_TYPES } from '@atalaya/domain';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { preparedStatement, runPrepared } from '../../db/prepared.js';
import { type CaptchaSolution, captchaSpendCtes } from '../auth/index.js';
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

/** What a report stores in `home_report_intake` (its id and `seq` are given by the database). */
export interface WaitingReport {
  year: number;
  isMedic: boolean;
  countryId: number;
  subGroupId: number;
  data: Record<string, unknown>;
  patientSex: string | null;
  isSerious: boolean;
  acceptsContact: boolean;
  reporterUserId: string | null;
  createdAt: Date;
}

const INTAKE_COLUMNS = 'year, is_medic, country_id, sub_group_id, data, patient_sex, is_serious, accepts_contact, reporter_user_id, created_at';
/** The values of INTAKE_COLUMNS from the placeholders $first…$first+9. */
const intakeValues = (first: number) =>
  ['int', 'boolean', 'int', 'int', 'jsonb', 'text', 'boolean', 'boolean', 'uuid', 'timestamptz'].map((type, i) => `$${first + i}::${type}`).join(', ');

/** A signed-in user's report: the intake row alone. */
const INSERT_WAITING = preparedStatement(
  'atalaya_intake_insert',
  `insert into home_report_intake (${INTAKE_COLUMNS}) values (${intakeValues(1)}) returning id`,
);

/**
 * The public's report: its captcha spent ($1 signature, $2 expiry, $3 now) and the intake row
 * written in one statement, so both or neither are stored; no row when the captcha was
 * already spent.
 */
const SPEND_AND_INSERT_WAITING = preparedStatement(
  'atalaya_intake_spend_insert',
  `with ${captchaSpendCtes('$1::text', '$2::timestamptz', '$3::timestamptz')}
    insert into home_report_intake (${INTAKE_COLUMNS}) select ${intakeValues(4)} from captcha_spent returning id`,
);

/**
 * Stores a report waiting for its number, in one statement (its own transaction); with a
 * captcha, spends it in the same statement. Null when the captcha was already spent (a
 * replay): then nothing is stored.
 */
export async function insertWaitingReport(db: Db, report: WaitingReport, captcha: { solution: CaptchaSolution; now: Date } | null): Promise<{ id: string } | null> {
  const values = [
    report.year,
    report.isMedic,
    report.countryId,
    report.subGroupId,
    JSON.stringify(report.data),
    report.patientSex,
    report.isSerious,
    report.acceptsContact,
    report.reporterUserId,
    report.createdAt.toISOString(),
  ];
  const rows = captcha
    ? await runPrepared<{ id: string }>(db, SPEND_AND_INSERT_WAITING, [
        captcha.solution.signature,
        captcha.solution.expiresAt.toISOString(),
        captcha.now.toISOString(),
        ...values,
      ])
    : await runPrepared<{ id: string }>(db, INSERT_WAITING, values);
  const [row] = rows;
  if (!row && !captcha) throw new Error('Incoming report not stored');
  return row ?? null;
}

type MovedRow = {
  id: string;
  reference: string;
  is_medic: boolean;
  country_code: string;
  sub_group_id: number;
  created_at: Date | string;
};

/** The numbering function (src/db/sql/0003-home-report-numbering.sql): prefix, year, status, comment. */
const NUMBER_WAITING = preparedStatement(
  'atalaya_intake_number',
  'select * from atalaya_number_home_reports($1::text, $2::integer, $3::smallint, $4::text)',
);

/**
 * Numbers every committed report of `year` still waiting and answers them (empty when another
 * caller numbered them first). Does not announce them.
 */
export async function numberWaitingReports(db: Db, year: number): Promise<NumberedReport[]> {
  const moved = await runPrepared<MovedRow>(db, NUMBER_WAITING, [HOME_REPORT_PREFIX, year, HOME_REPORT_STATUS.NUEVO, OPERATION_TYPES.I]);
  return moved.map((row) => ({
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
 *
 * A submitter waits for its report's number (`numberReport`): it is told the number by
 * whichever round of this process numbers the report — often the round running when it
 * asked, which started after its commit — and needs no read of its own. The next round
 * still runs for it unless, by the time it would start, every submitter that asked for it has
 * been told its number (then it would find nothing of theirs: it is skipped).
 */
interface Rounds {
  running: Promise<NumberedReport[]> | null;
  next: Promise<NumberedReport[]> | null;
  /** The next round must run (asked for without a report of its own: leftovers, tools). */
  nextRequired: boolean;
  /** The reports whose submitters asked for the next round. */
  nextFor: Set<string>;
  /** Submitters waiting for a number, by report id. */
  waiting: Map<string, (reference: string) => void>;
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
    rounds = { running: null, next: null, nextRequired: false, nextFor: new Set(), waiting: new Map() };
    byYear.set(year, rounds);
  }
  return rounds;
}

/**
 * Numbers and announces the reports of `year` waiting: a round that starts after this call,
 * so it sees every report committed before it (the caller's own, and any a crash left). The
 * round running now cannot be relied on: it may have looked before the caller's commit. Each
 * report is announced once, by the round that numbered it. Answers what this process's round
 * numbered; a report numbered by another process's round is not in it. `forReport`: the
 * report the caller waits for (see `Rounds`); without it the round always runs.
 */
export function numberAndAnnounce(deps: NumberingDeps, year: number, forReport?: string): Promise<NumberedReport[]> {
  const rounds = roundsOf(deps.db, year);
  const ask = () => {
    if (forReport === undefined) rounds.nextRequired = true;
    else rounds.nextFor.add(forReport);
  };
  if (rounds.next) {
    ask();
    return rounds.next;
  }
  const start = (): Promise<NumberedReport[]> => {
    const round = (async () => {
      try {
        const numbered = await numberWaitingReports(deps.db, year);
        for (const report of numbered) {
          announceHomeReportCreated(deps.events, report, deps.log);
          rounds.waiting.get(report.id)?.(report.reference);
        }
        return numbered;
      } finally {
        rounds.running = null;
      }
    })();
    rounds.running = round;
    return round;
  };
  if (!rounds.running) return start();
  ask();
  const settled = rounds.running.then(
    () => undefined,
    () => undefined,
  );
  const next = settled.then(() => {
    rounds.next = null;
    const needed = rounds.nextRequired || [...rounds.nextFor].some((id) => rounds.waiting.has(id));
    rounds.nextRequired = false;
    rounds.nextFor.clear();
    return needed ? start() : [];
  });
  rounds.next = next;
  return next;
}

/**
 * Numbers (and announces) a report this process just stored and answers its RH number: from
 * the round of this process that numbered it, else (another process's round did) read back.
 * Fails when the round it waits for fails (the report then stays waiting, see numbering's
 * leftovers).
 */
export async function numberReport(deps: NumberingDeps, year: number, id: string): Promise<string> {
  const rounds = roundsOf(deps.db, year);
  let told: string | null = null;
  const heard = new Promise<string>((resolve) => {
    rounds.waiting.set(id, (reference) => {
      told = reference;
      rounds.waiting.delete(id);
      resolve(reference);
    });
  });
  try {
    const round = numberAndAnnounce(deps, year, id);
    const reference = await Promise.race([heard, round.then(() => told)]);
    return reference ?? (await storedReference(deps.db, id));
  } finally {
    rounds.waiting.delete(id);
  }
}

const STORED_REFERENCE = preparedStatement('atalaya_intake_stored_reference', 'select reference from home_reports where id = $1::uuid');

/** The number of a report another process's round numbered. */
async function storedReference(db: Db, id: string): Promise<string> {
  const [row] = await runPrepared<{ reference: string }>(db, STORED_REFERENCE, [id]);
  if (!row) throw new Error(`Incoming report ${id} was not numbered`);
  return row.reference;
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
