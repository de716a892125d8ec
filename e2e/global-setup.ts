import { readdir, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const dataDir = fileURLToPath(new URL('./.data/', import.meta.url));

/** Deletes the databases of earlier runs; this run's servers already use their own fresh folder. */
export default async function globalSetup(): Promise<void> {
  const current = `run-${process.env.E2E_RUN_ID ?? ''}`;
  const entries = await readdir(dataDir).catch(() => [] as string[]);
  await Promise.all(
    entries.filter((entry) => entry !== current).map((entry) => rm(`${dataDir}${entry}`, { recursive: true, force: true })),
  );
}
