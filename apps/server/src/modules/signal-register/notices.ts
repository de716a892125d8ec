import { ER_STATUS, type SignalCaseMessage } from '@atalaya/domain';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type Announcements, createAnnouncements } from '../../shared/announcements.js';
import { startPeriodicJob } from '../../shared/periodic.js';
import { userLaboratoryIds } from '../reach/index.js';

/** A new case of a watched signal's pair, for its responsible person (hub 'casoSenal'). */
export interface SignalCaseNotice extends SignalCaseMessage {
  userId: string;
}

/** The signal notices of one process (the realtime hub subscribes). */
export type SignalNoticeEvents = Announcements<SignalCaseNotice[]>;

export function createSignalNoticeEvents(): SignalNoticeEvents {
  return createAnnouncements('signal case notices', (notices: SignalCaseNotice[]) => ({ notices: notices.length }));
}

export function onSignalCaseNotices(events: SignalNoticeEvents, listener: (notices: SignalCaseNotice[]) => void): () => void {
  return events.on(listener);
}

/** At most this many notices are claimed at once. */
const BATCH = 500;
/** Writes outside a request (imports run as jobs) are told at most this late. */
const SWEEP_MS = 30_000;

/**
 * Claims the cases that came to hold a signal's pair and nobody was told of yet (`signal_cases`
 * 'nuevo' rows, written by the trigger of migration 0028 in the case's own transaction), marks
 * them told, and after the commit announces those whose signal is still 'En evaluación' or
 * 'Validada' to its responsible person — when the case is in that person's reach (a QPPV or CL:
 * `caseReach`, a laboratory of theirs in common or a case they created; a case outside it is
 * marked told and announced to nobody). Several processes share the work (SKIP LOCKED). Returns
 * how many were announced.
 */
export async function deliverSignalNotices(db: Db, events: SignalNoticeEvents, log: FastifyBaseLogger): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await db.transaction(async (tx) => {
      const claimed = await tx.execute<{ user_id: string; signal_id: number; title: string; status: string; reference_number: string; meta: string; created_at: Date | string; in_reach: boolean }>(sql`
        with pending as (
          select signal_id, event_id from signal_cases
          where source = 'nuevo' and notified_at is null
          order by created_at limit ${BATCH} for update skip locked
        ), told as (
          update signal_cases c set notified_at = now() from pending p
          where c.signal_id = p.signal_id and c.event_id = p.event_id
          returning c.signal_id, c.event_id, c.created_at
        )
        select s.responsible_id as user_id, s.id as signal_id, s.title, s.status, e.reference_number, e.meta, t.created_at,
          (e.deleted_at is null and (e.created_by = s.responsible_id
            or (e.status <> ${ER_STATUS.PENDIENTE} and e.laboratory_ids && array(${userLaboratoryIds(sql`s.responsible_id`)})))) as in_reach
        from told t join signals s on s.id = t.signal_id join events e on e.id = t.event_id`);
      return claimed.rows;
    });
    const notices = rows
      .filter((row) => (row.status === 'En evaluación' || row.status === 'Validada') && row.in_reach)
      .map((row) => ({ userId: row.user_id, signalId: Number(row.signal_id), title: row.title, reference: row.reference_number, meta: row.meta, date: new Date(row.created_at).toISOString() }));
    if (notices.length > 0) events.announce(notices, log);
    total += notices.length;
    if (rows.length < BATCH) return total;
  }
}

/**
 * Tells the responsible people right after the commit of every write answered over HTTP (a new
 * case, a changed medicine or reaction…), and every `SWEEP_MS` for the writes of background
 * jobs. One delivery runs at a time in the process; a write during one asks for another.
 */
export function registerSignalNotices(app: FastifyInstance, db: Db, events: SignalNoticeEvents): void {
  const log = app.log.child({ module: 'signal-register' });
  const sweep = startPeriodicJob({
    intervalMs: SWEEP_MS,
    round: () => deliverSignalNotices(db, events, log),
    log,
    failureMessage: 'signal notices: delivery failed',
  });
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) sweep.kick();
  });
  app.addHook('onClose', async () => {
    await sweep.stop();
  });
}
