import { ER_STATUS } from '@atalaya/domain';
import { and, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client.js';
import { events } from '../../db/schema/index.js';
import { storePairs } from './pairs.js';
import { candidateIds } from './queries.js';
import { loadCaseRecords } from './records.js';
import { duplicateThreshold, scoredPairs } from './service.js';

/**
 * Where the suspected pairs (`duplicate_pairs`) are written (docs/duplicates.md 'The stored
 * pairs'): the whole-database scan, and each case as it is sent. No read writes them.
 */

/** The cases whose pairs are stored: sent (not a draft), not deleted, not marked duplicate. */
export const PAIRED_CASES = sql`(${events.deletedAt} is null and ${events.status} <> ${ER_STATUS.PENDIENTE} and ${events.duplicateOfEventId} is null)`;

/**
 * Finds the pairs of the given cases among the other paired cases, by the blocking keys, and
 * stores those at or above the threshold. A case that is not (or no longer) one of
 * `PAIRED_CASES` is skipped. Returns how many pairs were stored or refreshed.
 */
export async function recordPairsOf(db: DbOrTx, eventIds: readonly string[], threshold?: number): Promise<number> {
  if (eventIds.length === 0) return 0;
  const limit = threshold ?? (await duplicateThreshold(db));
  const paired = await db
    .select({ id: events.id })
    .from(events)
    .where(and(inArray(events.id, [...eventIds]), PAIRED_CASES));
  let stored = 0;
  for (const subject of await loadCaseRecords(db, paired.map((row) => row.id))) {
    // Each key brings at most BLOCK_LIMIT cases, so a pair may be in one side's blocks only: both sides' walks look; a pair is stored once.
    const ids = await candidateIds(db, subject.record, { reach: PAIRED_CASES, eventId: subject.eventId, homeReportId: null });
    const found = await scoredPairs(db, subject, ids, limit);
    await storePairs(db, found);
    stored += found.length;
  }
  return stored;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The queue that stores each sent case's suspected pairs (`settled()`: tests wait for it). */
    duplicatePairs: PairRecorder;
  }
}

/** Records the pairs of cases as they are sent, after their commit, one at a time. */
export interface PairRecorder {
  /** Queues a case (a no-op for a draft); returns at once. */
  record(eventId: string): void;
  /** Resolves once every queued case is recorded (tests; the server's close). */
  settled(): Promise<void>;
}

/**
 * A serial queue in this instance: a burst of sent cases costs one candidate search at a time,
 * never the sender's request. A failure is logged (the next whole-database scan finds the pair);
 * so is a case lost to a crash between its commit and its recording.
 */
export function createPairRecorder(db: DbOrTx, log: FastifyBaseLogger): PairRecorder {
  let tail: Promise<void> = Promise.resolve();
  return {
    record(eventId) {
      tail = tail.then(async () => {
        try {
          await recordPairsOf(db, [eventId]);
        } catch (error) {
          log.error({ err: error, eventId }, 'the suspected duplicate pairs of a sent case were not stored');
        }
      });
    },
    settled() {
      return tail;
    },
  };
}
