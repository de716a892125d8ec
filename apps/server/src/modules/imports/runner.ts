import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileExtension, type ImportKind, type ImportStatus, MSG } from '@atalaya/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import { imports, importTables } from '../../db/schema/index.js';
import { startPeriodicJob } from '../../shared/periodic.js';
import { copyStoredFile } from '../storage/index.js';
import type { ImportEvents } from './events.js';
import { type ImportHandler, type ImportJobContext, ImportRejected } from './job.js';
import { decryptImportPassword } from './password.js';
import { type ClaimedImport, claimNextImport, endImport, type ImportEnd, heartbeat, ownedBy, releaseImport } from './store.js';

/** The handlers this server runs, by kind; a kind without one ends E ('todavía no puede procesar'). */
export type ImportHandlers = Partial<Record<ImportKind, ImportHandler>>;

export interface ImportRunnerOptions {
  /** How often the queue is looked at when nobody kicks the runner (ms). */
  pollMs?: number;
  /** How often a running import's heartbeat is written and its cancel request read (ms). */
  heartbeatMs?: number;
  /** A running import whose heartbeat is older than this belongs to a dead process and is taken again (ms). */
  staleMs?: number;
  /** Runs of one import (a resumed import counts again); one more claim ends it E. */
  maxAttempts?: number;
  /** Least time between two progress writes of one import (ms); status changes are written at once. */
  progressIntervalMs?: number;
  /** Imports this process runs at once (one per kind at most anyway). */
  concurrency?: number;
  /** How long `stop()` waits for the running handlers to give up (ms). */
  stopTimeoutMs?: number;
  /** How long a cancelled handler may go on before its import is ended C without it (ms). */
  cancelGraceMs?: number;
}

export const IMPORT_RUNNER_DEFAULTS: Required<ImportRunnerOptions> = {
  pollMs: 5_000,
  heartbeatMs: 5_000,
  staleMs: 30_000,
  maxAttempts: 3,
  progressIntervalMs: 1_000,
  concurrency: 2,
  stopTimeoutMs: 15_000,
  cancelGraceMs: 30_000,
};

export interface ImportRunner {
  /** Looks at the queue now (an upload, a cancel). */
  kick(): void;
  /** Stops taking imports and gives back the running ones (they stay D; the next runner resumes them). */
  stop(): Promise<void>;
}

/** Why the runner aborted a handler's signal. */
class ImportStopped extends Error {
  constructor(readonly why: 'cancel' | 'shutdown' | 'lost') {
    super(`import stopped: ${why}`);
    this.name = 'ImportStopped';
  }
}

interface Job {
  claim: ClaimedImport;
  token: string;
  controller: AbortController;
  done: Promise<void>;
  /** Ends the import C if the cancelled handler does not stop within `cancelGraceMs`. */
  cancelDeadline: NodeJS.Timeout | null;
}

const clampPercentage = (value: number) => (Number.isFinite(value) ? Math.max(0, Math.min(100, Math.round(value))) : 0);
const count = (value: number) => (Number.isFinite(value) ? Math.max(0, Math.min(2_147_483_647, Math.round(value))) : 0);

/**
 * The import runner (docs/adr/0014-import-jobs.md): a queue kept in the `imports` table that
 * works alike on the embedded database and on PostgreSQL (pg-boss cannot run on PGlite). Every
 * process runs one. It claims the oldest pending import, or a running one whose process died
 * (stale heartbeat), `for update skip locked`; writes the stored upload to a temporary file;
 * calls the kind's handler with an `ImportJobContext`; heartbeats every `heartbeatMs` (and
 * reads the cancel request then); and records the outcome: resolved → S 100%; `ImportRejected`
 * → E with its reason and row errors; aborted by a cancel → C; anything else → E with a
 * Spanish generic reason, the incident logged; stopped by the shutdown → given back, still D,
 * for the next runner. A claim beyond `maxAttempts` ends E. The hub hears every status change
 * and the progress at most once per `progressIntervalMs` of each import.
 */
export function startImportRunner(
  db: Db,
  log: FastifyBaseLogger,
  events: ImportEvents,
  handlers: ImportHandlers,
  options: ImportRunnerOptions = {},
): ImportRunner {
  const settings = { ...IMPORT_RUNNER_DEFAULTS, ...options };
  const running = new Map<string, Job>();
  let stopped = false;

  function announce(claim: Pick<ClaimedImport, 'kind' | 'code'>, status: ImportStatus, percentage: number, table: string | null): void {
    events.progress.announce({ kind: claim.kind, code_import: claim.code, status, percentage, table }, log);
  }

  async function finish(claim: ClaimedImport, token: string, end: ImportEnd): Promise<void> {
    if (await endImport(db, claim.id, token, end)) {
      announce(claim, end.status, end.status === 'S' ? 100 : await percentageOf(claim.id), null);
      log.info({ code: claim.code, status: end.status }, 'import ended');
    } else {
      log.warn({ code: claim.code, status: end.status }, 'import outcome not recorded: the import is no longer this run\'s (taken by another runner, or cancelled without it)');
    }
  }

  async function percentageOf(id: string): Promise<number> {
    const [row] = await db.select({ percentage: imports.percentage }).from(imports).where(eq(imports.id, id));
    return row?.percentage ?? 0;
  }

  /** Looks at the queue until it is empty or this process runs `concurrency` imports. */
  async function pump(): Promise<void> {
    while (!stopped && running.size < settings.concurrency) {
      const token = randomUUID();
      const claim = await claimNextImport(db, token, settings.staleMs);
      if (!claim) return;
      if (stopped) {
        // Claimed while the server began to stop: given back for the next runner.
        await releaseImport(db, claim.id, token);
        return;
      }
      if (claim.attempts > 1) log.warn({ code: claim.code, attempt: claim.attempts }, 'import resumed: its previous run was interrupted');
      const handler = handlers[claim.kind];
      if (claim.cancelRequested) await finish(claim, token, { status: 'C' });
      else if (claim.attempts > settings.maxAttempts) await finish(claim, token, { status: 'E', reason: MSG.imports.interrupted });
      else if (!handler) await finish(claim, token, { status: 'E', reason: MSG.imports.noHandler });
      else {
        const job: Job = { claim, token, controller: new AbortController(), done: Promise.resolve(), cancelDeadline: null };
        running.set(claim.id, job);
        job.done = runJob(job, handler)
          .catch((error: unknown) => log.error({ err: error, code: claim.code }, 'import runner: could not record the outcome'))
          .finally(() => {
            if (job.cancelDeadline) clearTimeout(job.cancelDeadline);
            // This process may have taken its own import again (its heartbeat had gone stale): keep the newer run.
            if (running.get(claim.id) === job) running.delete(claim.id);
            kick();
          });
      }
    }
  }

  /**
   * A heartbeat: the cancel request stops the handler; a lost claim too (another runner has it).
   * A cancelled handler that goes on past `cancelGraceMs` is left behind: its import ends C
   * without it (its later writes find the import no longer its own and change nothing).
   */
  async function beat(job: Job): Promise<void> {
    if (job.controller.signal.aborted) return;
    const state = await heartbeat(db, job.claim.id, job.token);
    // Another beat (the interval's, a cancel's) may have stopped it meanwhile.
    if (job.controller.signal.aborted) return;
    if (!state) job.controller.abort(new ImportStopped('lost'));
    else if (state.cancelRequested) {
      job.controller.abort(new ImportStopped('cancel'));
      job.cancelDeadline = setTimeout(() => {
        log.error({ code: job.claim.code }, 'import handler ignored its cancel: the import is ended without it');
        finish(job.claim, job.token, { status: 'C' }).catch((error: unknown) => log.error({ err: error, code: job.claim.code }, 'import runner: could not record the cancel'));
      }, settings.cancelGraceMs);
      job.cancelDeadline.unref();
    }
  }

  async function runJob(job: Job, handler: ImportHandler): Promise<void> {
    const { claim, token, controller } = job;
    announce(claim, 'D', 0, null);
    const beats = setInterval(() => {
      beat(job).catch((error: unknown) => log.error({ err: error, code: claim.code }, 'import heartbeat failed'));
    }, settings.heartbeatMs);
    beats.unref();
    let dir: string | null = null;
    const context = createContext(db, log, events, job, settings.progressIntervalMs);
    let end: ImportEnd | 'release' | 'lost';
    try {
      let filePath = '';
      if (!handler.withoutFile) {
        if (!claim.fileId) throw new Error(`import ${claim.code} has no stored file`);
        dir = await mkdtemp(join(tmpdir(), 'atalaya-import-job-'));
        filePath = join(dir, `import.${fileExtension(claim.fileName ?? '') || 'bin'}`);
        await copyStoredFile(db, claim.fileId, filePath);
      }
      const password = claim.passwordEnc ? await decryptImportPassword(db, claim.id, claim.passwordEnc) : null;
      controller.signal.throwIfAborted();
      await handler.run({ ...context.api, filePath, password });
      end = { status: 'S' };
    } catch (error) {
      const stop: unknown = controller.signal.aborted ? controller.signal.reason : null;
      if (stop instanceof ImportStopped) {
        end = stop.why === 'cancel' ? { status: 'C' } : stop.why === 'shutdown' ? 'release' : 'lost';
      } else if (error instanceof ImportRejected) {
        end = { status: 'E', reason: error.message, rowErrors: error.rowErrors };
      } else {
        log.error({ err: error, code: claim.code, kind: claim.kind }, 'import failed');
        end = { status: 'E', reason: MSG.imports.unexpected };
      }
    } finally {
      clearInterval(beats);
      await context.settle();
      if (dir) await rm(dir, { recursive: true, force: true });
    }
    if (job.cancelDeadline) clearTimeout(job.cancelDeadline);
    if (end === 'release') {
      await releaseImport(db, claim.id, token);
      log.info({ code: claim.code }, 'import given back at shutdown: the next runner resumes it');
    } else if (end === 'lost') {
      log.warn({ code: claim.code }, 'import taken by another runner: this run stopped');
    } else {
      await finish(claim, token, end);
    }
  }

  // Looks at the queue now, and every `pollMs` after the previous look when nobody kicks.
  const queue = startPeriodicJob({ intervalMs: settings.pollMs, round: pump, log, failureMessage: 'import runner: could not look at the queue', immediate: true });
  function kick(): void {
    queue.kick();
  }

  const unsubscribe = events.work.on((work) => {
    if (work.reason === 'cancel') {
      for (const job of running.values()) {
        if (job.claim.code === work.code) beat(job).catch((error: unknown) => log.error({ err: error, code: work.code }, 'import heartbeat failed'));
      }
    }
    kick();
  });

  return {
    kick,
    async stop() {
      stopped = true;
      unsubscribe();
      // A look at the queue under way ends first: what it claims after this is given back.
      await queue.stop();
      for (const job of running.values()) job.controller.abort(new ImportStopped('shutdown'));
      const all = Promise.allSettled([...running.values()].map((job) => job.done));
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, settings.stopTimeoutMs);
      });
      await Promise.race([all, timeout]);
      clearTimeout(timer);
      if (running.size > 0) log.warn({ imports: [...running.values()].map((job) => job.claim.code) }, 'import runner stopped with handlers still running');
    },
  };
}

/**
 * The `ImportJobContext` of a run: every write names the run's claim (a lost claim aborts the
 * run), status changes of an entry are written and announced at once, progress at most once
 * per `intervalMs` (the last one held back is written when its time comes, or dropped when a
 * later write of the entry supersedes it). Writes run one after another, in call order.
 */
function createContext(db: Db, log: FastifyBaseLogger, events: ImportEvents, job: Job, intervalMs: number) {
  const { claim, token, controller } = job;
  let chain: Promise<unknown> = Promise.resolve();
  let lastProgressAt = 0;
  let pending: { name: string; inserted: number; percentage: number } | null = null;
  let pendingTimer: NodeJS.Timeout | null = null;

  function serial<T>(write: () => Promise<T>): Promise<T> {
    const next = chain.then(write);
    chain = next.catch(() => undefined);
    return next;
  }

  /** Runs `write` in a transaction that first checks the claim (lost: abort the run, throw). */
  async function owned(write: (tx: Tx) => Promise<void>, importChange: Record<string, unknown>): Promise<void> {
    const kept = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(imports)
        .set({ heartbeatAt: sql`now()`, ...importChange })
        .where(ownedBy(claim.id, token))
        .returning({ id: imports.id });
      if (!row) return false;
      await write(tx);
      return true;
    });
    if (!kept) {
      const lost = new ImportStopped('lost');
      controller.abort(lost);
      throw lost;
    }
  }

  const announce = (percentage: number, table: string | null) =>
    events.progress.announce({ kind: claim.kind, code_import: claim.code, status: 'D', percentage, table }, log);

  function writeProgress(progress: { name: string; inserted: number; percentage: number }): Promise<void> {
    lastProgressAt = Date.now();
    return serial(async () => {
      await owned(
        async (tx) => {
          await tx
            .update(importTables)
            .set({ inserted: progress.inserted })
            .where(and(eq(importTables.importId, claim.id), eq(importTables.tableName, progress.name)));
        },
        { percentage: progress.percentage },
      );
      announce(progress.percentage, progress.name);
    });
  }

  function dropPending(): void {
    pending = null;
    if (pendingTimer) clearTimeout(pendingTimer);
    pendingTimer = null;
  }

  const api: Omit<ImportJobContext, 'filePath' | 'password'> = {
    db,
    importId: claim.id,
    code: claim.code,
    fileName: claim.fileName ?? '',
    signal: controller.signal,
    declareTables(names) {
      const unique = [...new Set(names.map((name) => String(name)))];
      return serial(() =>
        owned(async (tx) => {
          await tx.delete(importTables).where(eq(importTables.importId, claim.id));
          if (unique.length > 0) await tx.insert(importTables).values(unique.map((tableName, position) => ({ importId: claim.id, tableName, position, status: 'P' })));
        }, {}),
      );
    },
    tableStarted(name, percentage) {
      const value = clampPercentage(percentage);
      dropPending();
      return serial(async () => {
        await owned(
          async (tx) => {
            await tx
              .insert(importTables)
              .values({
                importId: claim.id,
                tableName: name,
                position: sql`(select coalesce(max(position) + 1, 0) from import_tables where import_id = ${claim.id}::uuid)`,
                status: 'D',
                dateStart: sql`now()`,
              })
              .onConflictDoUpdate({
                target: [importTables.importId, importTables.tableName],
                set: { status: 'D', dateStart: sql`now()`, dateEnd: null, inserted: 0 },
              });
          },
          { percentage: value, currentTable: name },
        );
        lastProgressAt = Date.now();
        announce(value, name);
      });
    },
    tableProgress(name, inserted, percentage) {
      const progress = { name, inserted: count(inserted), percentage: clampPercentage(percentage) };
      const wait = lastProgressAt + intervalMs - Date.now();
      if (wait <= 0 && !pending) return writeProgress(progress);
      pending = progress;
      if (!pendingTimer) {
        pendingTimer = setTimeout(
          () => {
            pendingTimer = null;
            const held = pending;
            pending = null;
            if (held) writeProgress(held).catch((error: unknown) => log.warn({ err: error, code: claim.code }, 'import progress not written'));
          },
          Math.max(0, wait),
        );
        pendingTimer.unref();
      }
      return Promise.resolve();
    },
    tableDone(name, inserted, percentage) {
      const value = clampPercentage(percentage);
      if (pending?.name === name) dropPending();
      return serial(async () => {
        await owned(
          async (tx) => {
            await tx
              .update(importTables)
              .set({ status: 'S', dateEnd: sql`now()`, inserted: count(inserted) })
              .where(and(eq(importTables.importId, claim.id), eq(importTables.tableName, name)));
          },
          { percentage: value, currentTable: sql`case when ${imports.currentTable} = ${name} then null else ${imports.currentTable} end` },
        );
        lastProgressAt = Date.now();
        announce(value, null);
      });
    },
    setVersion(version) {
      return serial(() => owned(async () => undefined, { meddraVersion: String(version).replaceAll('\u0000', '').slice(0, 100) }));
    },
  };

  return {
    api,
    /** Drops the progress held back and waits for the writes under way (their failures were the handler's). */
    async settle(): Promise<void> {
      dropPending();
      await chain;
    },
  };
}
