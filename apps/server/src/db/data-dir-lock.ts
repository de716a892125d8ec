import { execFileSync } from 'node:child_process';
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

/**
 * When the process with this id started, as an opaque string that only has to differ when
 * the id now names another process: on Linux field 22 of /proc/<pid>/stat (clock ticks
 * since boot) prefixed with the boot id (so a pid reused after a reboot differs too); on
 * other Unix systems `ps -o lstart=` (to the second); null when it cannot be known
 * (Windows, no `ps`, no such process), and then only whether the pid is alive counts.
 */
export function processStartTime(pid: number): string | null {
  if (process.platform === 'linux') {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // The command name (field 2) is in parentheses and may itself contain spaces or ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const startTicks = fields[22 - 3];
      if (!startTicks || !/^\d+$/.test(startTicks)) return null;
      return `${bootId() ?? 'boot'}:${startTicks}`;
    } catch {
      return null;
    }
  }
  if (process.platform === 'win32') return null;
  try {
    const started = execFileSync('ps', ['-o', 'lstart=', '-p', String(pid)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 5_000,
    }).trim();
    return started === '' ? null : started.replace(/\s+/g, ' ');
  } catch {
    return null;
  }
}

let cachedBootId: string | null | undefined;
function bootId(): string | null {
  if (cachedBootId === undefined) {
    try {
      cachedBootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || null;
    } catch {
      cachedBootId = null;
    }
  }
  return cachedBootId;
}

interface Holder {
  pid: number;
  /** The holder's start time when it wrote the lock (absent in locks written before it was recorded). */
  started: string | null;
}

/** The lock file: the pid on the first line (what older versions wrote and read), then `started=<start time>`. */
function lockContent(pid: number): string {
  const started = processStartTime(pid);
  return started === null ? `${pid}\n` : `${pid}\nstarted=${started}\n`;
}

function readHolder(lockPath: string): Holder | null {
  let text: string;
  try {
    text = readFileSync(lockPath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const [first = '', ...rest] = text.split('\n');
  const pid = Number.parseInt(first.trim(), 10);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  const startedLine = rest.find((line) => line.startsWith('started='));
  return { pid, started: startedLine ? startedLine.slice('started='.length).trim() : null };
}

/**
 * Whether the lock's holder still runs. Stale: a dead pid; our own pid from an earlier run
 * (a restarted container); a live pid whose start time differs from the one in the lock
 * (the id was reused by another process after the holder died). A live pid is held when
 * either start time is unknown (an old lock, or a system where it cannot be read).
 */
function isHeld(lockPath: string, holder: Holder | null): boolean {
  if (holder === null) return false;
  if (holder.pid === process.pid) return heldByThisProcess.has(lockPath);
  if (!isAlive(holder.pid)) return false;
  if (holder.started === null) return true;
  const started = processStartTime(holder.pid);
  return started === null || started === holder.started;
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
 * directory). The lock records the pid and the process's start time; a lock left by a
 * process that no longer runs — its pid dead, or now naming another process (a different
 * start time) — is taken over. The lock file is created complete (written aside, then
 * hard-linked) so a reader never sees it half written. Returns the function that releases
 * it (once).
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = join(dataDir, LOCK_FILE);
  const draft = `${lockPath}.${process.pid}`;
  writeFileSync(draft, lockContent(process.pid));
  try {
    for (;;) {
      try {
        linkSync(draft, lockPath);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const holder = readHolder(lockPath);
      if (holder !== null && isHeld(lockPath, holder)) throw new DataDirLockedError(dataDir, holder.pid);
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
    if (readHolder(lockPath)?.pid === process.pid) rmSync(lockPath, { force: true });
  };
}
