import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { startPeriodicJob } from './periodic.js';

/** A promise and its resolver, to hold a round open for as long as a test needs. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

function recordingLog() {
  const errors: { object: object; message: string }[] = [];
  return { errors, error: (object: object, message: string) => errors.push({ object, message }) };
}

/** Waits until `done()` holds (polling), at most a second. */
async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !done(); i++) await sleep(5);
  expect(done()).toBe(true);
}

describe('startPeriodicJob', () => {
  it('never starts a round while one runs: kicks during a round make one more round after it', async () => {
    const log = recordingLog();
    let active = 0;
    let most = 0;
    let rounds = 0;
    const held = gate();
    const job = startPeriodicJob({
      intervalMs: 60_000,
      log,
      failureMessage: 'round failed',
      immediate: true,
      round: async () => {
        active++;
        most = Math.max(most, active);
        rounds++;
        if (rounds === 1) await held.opened;
        active--;
      },
    });
    job.kick();
    job.kick();
    job.kick();
    await sleep(20);
    expect(rounds).toBe(1);
    held.open();
    await until(() => rounds === 2);
    await sleep(20);
    expect(rounds).toBe(2);
    expect(most).toBe(1);
    await job.stop();
    expect(log.errors).toEqual([]);
  });

  it('runs every interval, waits for the first one unless immediate, and logs a failed round and goes on', async () => {
    const log = recordingLog();
    let rounds = 0;
    const job = startPeriodicJob({
      intervalMs: 10,
      log,
      failureMessage: 'round failed',
      round: async () => {
        rounds++;
        if (rounds <= 2) throw new Error(`fallo ${rounds}`);
      },
    });
    expect(rounds).toBe(0);
    await until(() => rounds >= 4);
    await job.stop();
    expect(log.errors.map((entry) => entry.message)).toEqual(['round failed', 'round failed']);
    expect(log.errors.map((entry) => (entry.object as { err: Error }).err.message)).toEqual(['fallo 1', 'fallo 2']);
  });

  it('stop waits for the round under way and no round starts after it, even when kicked', async () => {
    const log = recordingLog();
    let rounds = 0;
    let finished = false;
    const held = gate();
    const job = startPeriodicJob({
      intervalMs: 5,
      log,
      failureMessage: 'round failed',
      immediate: true,
      round: async () => {
        rounds++;
        await held.opened;
        finished = true;
      },
    });
    job.kick();
    let stopped = false;
    const stopping = job.stop().then(() => {
      stopped = true;
    });
    await sleep(20);
    expect(stopped).toBe(false);
    held.open();
    await stopping;
    expect(finished).toBe(true);
    job.kick();
    await sleep(30);
    expect(rounds).toBe(1);
  });
});
