import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const LOCK_FILE = 'atalaya.lock';

/** Lock files this process holds (a second open in the same process is refused too). */
const heldByThisProcess = new Set<string>();

/** True when a process with this id exists (signal 0 only checks). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(lockPath: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Whether the lock's holder still runs: a dead pid, or our own pid from an earlier run, is stale. */
function isHeld(lockPath: string, pid: number | null): boolean {
  if (pid === null) return false;
  if (pid === process.pid) return heldByThisProcess.has(lockPath);
  return isAlive(pid);
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    const lockPath = join(dataDir, LOCK_FILE);
    super(
      `The database in ${dataDir} is in use by process ${pid} (is the server running?); ` +
        `if no server is running, delete ${lockPath}. ` +
        `La base de datos en ${dataDir} está en uso por el proceso ${pid} (¿está el servidor en marcha?); ` +
        `si no hay un servidor en marcha, borre ${lockPath}.`,
    );
    this.name = 'DataDirLockedError';
  }
}

/**
 * Takes `<dataDir>/atalaya.lock` for this process (PGlite allows one process per data
 * directory). A lock left by a process that no longer runs is taken over. The lock file is
 * created complete (written aside, then hard-linked) so a reader never sees it half written.
 * Returns the function that releases it (once).
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = join(dataDir, LOCK_FILE);
  const draft = `${lockPath}.${process.pid}`;
  writeFileSync(draft, `${process.pid}\n`);
  try {
    for (;;) {
      try {
        linkSync(draft, lockPath);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const holder = readHolder(lockPath);
      if (holder !== null && isHeld(lockPath, holder)) throw new DataDirLockedError(dataDir, holder);
      rmSync(lockPath, { force: true });
    }
  } finally {
    rmSync(draft, { force: true });
  }
  heldByThisProcess.add(lockPath);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    heldByThisProcess.delete(lockPath);
    if (readHolder(lockPath) === process.pid) rmSync(lockPath, { force: true });
  };
}
