import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { startPeriodicJob } from '../../shared/periodic.js';
import type { DeadlineEvents } from './events.js';
import { type MissedDeadline, notifyMissedDeadlines, rowsOf } from './engine.js';

/** How often the sweep runs (ms): a limit is marked overdue at most this long after it passed. */
export const SWEEP_INTERVAL_MS = 60_000;
/** Rows marked per transaction (a backlog after a long stop is taken in several). */
export const SWEEP_BATCH = 1_000;
/** The advisory lock every process tries before sweeping (docs/adr/0013-deadline-sweep.md). */
export const SWEEP_LOCK_KEY = 0x4154_4b50; // 'ATKP'

export interface SweepOutcome {
  /** Whether this process held the lock (another one sweeping answers false and does nothing). */
  swept: boolean;
  missed: MissedDeadline[];
  /** Who was told (by mail in the same transaction) of which case. */
  told: { userId: string; eventId: string; reference: string; meta: string }[];
}

/**
 * One sweep at `now`: in one transaction per batch, under a transaction-level advisory lock
 * (`pg_try_advisory_xact_lock`: one process sweeps at a time, the others skip the round), the
 * 'pending' rows whose due date has passed (partial index `event_metric_alerts_pending_due_idx`)
 * become 'overdue' (`for update skip locked`, so a case being written is left for the next
 * round), and the users who act next are queued a mail in the same transaction. Nothing lives
 * in memory: a process that restarts finds the due rows still 'pending' and marks them.
 */
export async function sweepOverdueDeadlines(db: Db, now: Date = new Date(), batch = SWEEP_BATCH): Promise<SweepOutcome> {
  const outcome: SweepOutcome = { swept: false, missed: [], told: [] };
  for (;;) {
    const round = await db.transaction(async (tx) => {
      const [lock] = rowsOf<{ locked: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${SWEEP_LOCK_KEY}) as locked`));
      if (!lock?.locked) return null;
      const at = sql`${now.toISOString()}::timestamptz`;
      const marked = rowsOf<{ eventId: string; metricId: number }>(
        await tx.execute(sql`
          update event_metric_alerts a set state = 'overdue', updated_at = ${at}
          from (
            select event_id, metric_id from event_metric_alerts
            where state = 'pending' and due_at < ${at}
            order by due_at limit ${batch}
            for update skip locked
          ) due
          where a.event_id = due.event_id and a.metric_id = due.metric_id
          returning a.event_id::text as "eventId", a.metric_id as "metricId"`),
      );
      const missed = marked.map((row): MissedDeadline => ({ eventId: row.eventId, metricId: Number(row.metricId), state: 'overdue' }));
      const told = await notifyMissedDeadlines(tx, missed);
      return { missed, told };
    });
    if (!round) return outcome;
    outcome.swept = true;
    outcome.missed.push(...round.missed);
    outcome.told.push(...round.told);
    if (round.missed.length < batch) return outcome;
  }
}

export interface DeadlineSweeper {
  stop(): Promise<void>;
}

/**
 * Sweeps now and then every `intervalMs` (every process of an installation runs one; the lock
 * lets one of them work per round). After each round the hub is told who was told of what
 * (`deadlineEvents`: 'Plazo vencido' to those users' sockets, in every process).
 */
export function startDeadlineSweeper(
  db: Db,
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>,
  events: DeadlineEvents,
  intervalMs = SWEEP_INTERVAL_MS,
): DeadlineSweeper {
  async function round(): Promise<void> {
    const outcome = await sweepOverdueDeadlines(db);
    if (outcome.missed.length > 0) {
      log.info({ overdue: outcome.missed.length, told: outcome.told.length }, 'deadline sweep: limits passed');
      events.announce({ told: outcome.told, at: new Date() }, log as FastifyBaseLogger);
    }
  }

  const job = startPeriodicJob({ intervalMs, round, log, failureMessage: 'deadline sweep failed', immediate: true });
  return { stop: () => job.stop() };
}
