import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.js';

describe('data directory lock', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'atalaya-lock-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  const lockFile = () => join(dataDir, 'atalaya.lock');

  it('writes the pid, refuses a second holder and frees the directory on release', () => {
    const release = lockDataDir(dataDir);
    expect(readFileSync(lockFile(), 'utf8').trim()).toBe(String(process.pid));
    expect(() => lockDataDir(dataDir)).toThrow(DataDirLockedError);
    release();
    expect(existsSync(lockFile())).toBe(false);
    lockDataDir(dataDir)();
  });

  it('refuses a directory held by another live process, in English and Spanish', () => {
    const parentPid = process.ppid;
    writeFileSync(lockFile(), `${parentPid}\n`);
    expect(() => lockDataDir(dataDir)).toThrow(/in use by process \d+.*está en uso por el proceso/s);
  });

  it('takes over the lock of a process that no longer runs', () => {
    const { pid } = spawnSync(process.execPath, ['-e', '']);
    writeFileSync(lockFile(), `${pid}\n`);
    const release = lockDataDir(dataDir);
    expect(readFileSync(lockFile(), 'utf8').trim()).toBe(String(process.pid));
    release();
  });

  it('takes over a lock left by an earlier run with this same pid (a restarted container)', () => {
    writeFileSync(lockFile(), `${process.pid}\n`);
    lockDataDir(dataDir)();
    expect(existsSync(lockFile())).toBe(false);
  });
});
