import { readdir, readFile, rm } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const dataDir = fileURLToPath(new URL('./.data/', import.meta.url));

/** How long the browser's install may still take once the tests are ready to start. */
const BROWSER_INSTALL_WAIT_MS = 15 * 60_000;

/**
 * CI installs the browser in the background while the unit tests run (.ci/run): E2E_BROWSER_READY
 * names the file its install writes when it ends ("<status> <seconds>"). Waits for it, so no
 * worker launches a browser that is still being unpacked.
 */
async function browserInstalled(file: string): Promise<void> {
  const deadline = Date.now() + BROWSER_INSTALL_WAIT_MS;
  for (;;) {
    const text = await readFile(file, 'utf8').catch(() => null);
    if (text !== null) {
      const [status, seconds] = text.trim().split(/\s+/);
      if (status !== '0') throw new Error(`the browser's install ended with status ${status} after ${seconds} s (.ci/results/chromium-install.log)`);
      return;
    }
    if (Date.now() > deadline) throw new Error(`the browser's install did not end within ${BROWSER_INSTALL_WAIT_MS / 60_000} min (${file})`);
    await sleep(1000);
  }
}

/** Deletes the databases of earlier runs (this run's servers already use their own fresh folder); waits for CI's browser install. */
export default async function globalSetup(): Promise<void> {
  const current = `run-${process.env.E2E_RUN_ID ?? ''}`;
  const entries = await readdir(dataDir).catch(() => [] as string[]);
  await Promise.all([
    ...entries.filter((entry) => entry !== current).map((entry) => rm(`${dataDir}${entry}`, { recursive: true, force: true })),
    process.env.E2E_BROWSER_READY ? browserInstalled(process.env.E2E_BROWSER_READY) : Promise.resolve(),
  ]);
}
