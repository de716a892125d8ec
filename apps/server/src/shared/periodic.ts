/** A background job that runs a round now and then (the mail sender, the deadline sweep…). */
export interface PeriodicJob {
  /** Runs a round now; during a round, one more right after it. Nothing once stopped. */
  kick(): void;
  /** No more rounds; resolves once the round under way (if any) has ended. */
  stop(): Promise<void>;
}

export interface PeriodicJobOptions {
  /** Wait between the end of one round and the start of the next (ms). */
  intervalMs: number;
  /** One round. A failure is logged and the job goes on. */
  round: () => Promise<unknown>;
  /** Where a failed round is logged. */
  log: { error(object: object, message: string): void };
  /** The log message of a failed round (English, for operators). */
  failureMessage: string;
  /** Runs the first round at once instead of after `intervalMs`. */
  immediate?: boolean;
}

/**
 * Runs `round` every `intervalMs`, counted from the end of the previous round, so two rounds
 * never overlap. `kick()` asks for a round now: during one, a single further round follows it.
 * A round that throws is logged and the next one is scheduled as usual. The timers are unref'd:
 * the job alone does not keep the process alive. `stop()` cancels the next round and waits for
 * the one under way.
 */
export function startPeriodicJob(options: PeriodicJobOptions): PeriodicJob {
  const { intervalMs, round, log, failureMessage } = options;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;

  function clearTimer(): void {
    if (timer) clearTimeout(timer);
    timer = null;
  }

  function schedule(): void {
    clearTimer();
    if (stopped) return;
    timer = setTimeout(kick, intervalMs);
    timer.unref();
  }

  function kick(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimer();
    // The round starts at once (as a direct call would); a synchronous throw is a failed round too.
    running = (async () => round())()
      .then(
        () => undefined,
        (error: unknown) => log.error({ err: error }, failureMessage),
      )
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          kick();
        } else schedule();
      });
  }

  if (options.immediate) kick();
  else schedule();

  return {
    kick,
    async stop() {
      stopped = true;
      clearTimer();
      await running;
    },
  };
}
