/**
 * What the benches that start the server share: waiting for it to listen, solving its
 * captcha (ALTCHA v1) from a given address, and reading a process's CPU from /proc.
 */
import type { ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Challenge } from 'altcha-lib/v1/types';
import { solvedCaptchaPayload } from '../../apps/server/src/faces/bench.js';

export const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** A private address for `X-Forwarded-For`, so the per-address rate limits do not answer 429. */
export const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** Resolves when `base` answers `GET /api/captcha`; throws if `child` exits first or after 3 minutes. */
export async function waitForServer(base: string, child: ChildProcess, logFile: string, address: () => string = randomIp): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}); see ${logFile}`);
    try {
      if ((await fetch(`${base}/api/captcha`, { headers: { 'x-forwarded-for': address() } })).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`the server did not start in 3 minutes; see ${logFile}`);
}

/** A solved captcha of `base`, as the login screen sends it (the server's tests' solver). */
export async function solveCaptcha(base: string, address: () => string = randomIp): Promise<string> {
  const response = await fetch(`${base}/api/captcha`, { headers: { 'x-forwarded-for': address() } });
  if (!response.ok) throw new Error(`GET /api/captcha answered ${response.status}`);
  return solvedCaptchaPayload((await response.json()) as Challenge);
}

/** CPU seconds (user + system) a process has used so far, from /proc (clock ticks of 10 ms). */
export async function cpuSecondsOf(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
