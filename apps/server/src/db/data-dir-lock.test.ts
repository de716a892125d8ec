import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir, processStartTime } from './data-dir-lock.js';

const lockModule = new URL('./data-dir-lock.ts', import.meta.url).href;

describe('data directory lock', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'atalaya-lock-'));
  });
  const children: ChildProcess[] = [];
  afterEach(async () => {
    for (const child of children.splice(0)) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await once(child, 'exit');
      }
    }
    await rm(dataDir, { recursive: true, force: true });
  });

  /** A live process that is not an Atalaya server (its pid can stand for a reused one). */
  const spawnUnrelated = async (): Promise<number> => {
    const child = spawn('sleep', ['60'], { stdio: 'ignore' });
    children.push(child);
    await once(child, 'spawn');
    return child.pid ?? Number.NaN;
  };

  const lockFile = () => join(dataDir, 'atalaya.lock');

  it('writes the pid, refuses a second holder and frees the directory on release', () => {
    const release = lockDataDir(dataDir);
    expect(readFileSync(lockFile(), 'utf8').split('\n')[0]).toBe(String(process.pid));
    expect(() => lockDataDir(dataDir)).toThrow(DataDirLockedError);
    release();
    expect(existsSync(lockFile())).toBe(false);
    lockDataDir(dataDir)();
  });

  it('records the start time of the holder beside its pid', () => {
    const release = lockDataDir(dataDir);
    const [pid, started] = readFileSync(lockFile(), 'utf8').trim().split('\n');
    expect(pid).toBe(String(process.pid));
    const ownStart = processStartTime(process.pid);
    if (ownStart !== null) expect(started).toBe(`started=${ownStart}`);
    release();
  });

  it('refuses a directory held by another live Atalaya process, in English and Spanish', async () => {
    // A second process takes the lock with this same module, then stays alive holding it.
    const holder = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `const { lockDataDir } = await import(${JSON.stringify(lockModule)});
         lockDataDir(${JSON.stringify(dataDir)});
         process.stdout.write('locked\\n');
         setInterval(() => {}, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    children.push(holder);
    await new Promise<void>((resolve, reject) => {
      holder.stdout?.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('locked')) resolve();
      });
      holder.on('exit', (code) => reject(new Error(`the holder exited (${code}) before taking the lock`)));
    });
    expect(readFileSync(lockFile(), 'utf8').split('\n')[0]).toBe(String(holder.pid));
    expect(() => lockDataDir(dataDir)).toThrow(/in use by process \d+.*está en uso por el proceso/s);
    expect(() => lockDataDir(dataDir)).toThrow(DataDirLockedError);
  });

  it('refuses a lock of a live process that records no start time (written by an older version)', async () => {
    const pid = await spawnUnrelated();
    writeFileSync(lockFile(), `${pid}\n`);
    expect(() => lockDataDir(dataDir)).toThrow(DataDirLockedError);
  });

  it('takes over a lock whose pid now belongs to another process (a different start time)', async () => {
    const pid = await spawnUnrelated();
    const started = processStartTime(pid);
    // Where the start time cannot be read (Windows), only liveness counts: nothing to prove here.
    if (started === null) return;
    writeFileSync(lockFile(), `${pid}\nstarted=${started}0\n`);
    const release = lockDataDir(dataDir);
    expect(readFileSync(lockFile(), 'utf8').split('\n')[0]).toBe(String(process.pid));
    release();
    expect(existsSync(lockFile())).toBe(false);
  });

  it('still refuses a live process whose recorded start time matches', async () => {
    const pid = await spawnUnrelated();
    const started = processStartTime(pid);
    writeFileSync(lockFile(), started === null ? `${pid}\n` : `${pid}\nstarted=${started}\n`);
    expect(() => lockDataDir(dataDir)).toThrow(DataDirLockedError);
  });

  it('takes over the lock of a process that no longer runs', () => {
    const { pid } = spawnSync(process.execPath, ['-e', '']);
    writeFileSync(lockFile(), `${pid}\n`);
    const release = lockDataDir(dataDir);
    expect(readFileSync(lockFile(), 'utf8').split('\n')[0]).toBe(String(process.pid));
    release();
  });

  it('takes over a lock left by an earlier run with this same pid (a restarted container)', () => {
    writeFileSync(lockFile(), `${process.pid}\n`);
    lockDataDir(dataDir)();
    expect(existsSync(lockFile())).toBe(false);
  });
});
