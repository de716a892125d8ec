import { openAsBlob } from 'node:fs';
import { MSG } from '@atalaya/domain';
import {
  BlobReader,
  configure,
  ERR_ABORTED,
  ERR_ENCRYPTED,
  ERR_INVALID_COMPRESSED_DATA,
  ERR_INVALID_CRC32,
  ERR_INVALID_PASSWORD,
  ERR_INVALID_UNCOMPRESSED_SIZE,
  ERR_UNSAFE_FILENAME,
  type FileEntry,
  ZipReader,
} from '@zip.js/zip.js';
import { ImportRejected } from '../imports/index.js';
import { AscLineReader, type DetectedEncoding, type Line } from './lines.js';

// In Node zip.js inflates in the calling thread (its web workers are a browser feature).
configure({ useWebWorkers: false });

/** What the import takes from a zip: enough for any MedDRA release, far less than a zip bomb. */
export interface ZipLimits {
  /** Entries in the zip (a release has a few dozen: the ASCII files, their .seq twins, documents). */
  maxEntries: number;
  /** Uncompressed bytes of one file read (llt.asc of a release is under 10 MB). */
  maxEntryBytes: number;
  /** Uncompressed bytes of all the files read together. */
  maxTotalBytes: number;
  /** Bytes of one line (an SMQ description is the longest, a few thousand). */
  maxLineBytes: number;
}

const MIB = 1024 * 1024;

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 500,
  maxEntryBytes: 256 * MIB,
  maxTotalBytes: 1024 * MIB,
  maxLineBytes: 256 * 1024,
};

/** '256 MB', '64 KB': a limit as the messages show it. */
export function formatBytes(bytes: number): string {
  if (bytes >= MIB) return `${Math.round(bytes / MIB)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** The base name of an entry, lower-cased: releases keep their files under MedAscii/. */
function baseName(path: string): string {
  return (path.split(/[\\/]/).pop() ?? '').toLowerCase();
}

/** A name that would leave the folder it is extracted into: '..' as a component, or an absolute path. */
function unsafeName(path: string): boolean {
  return /^([\\/]|[A-Za-z]:)/.test(path) || path.split(/[\\/]/).includes('..');
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : '';
}

/**
 * The uploaded release zip, opened from its path (read in place: the zip is never loaded whole).
 * Its files are found by base name, in any folder and any case.
 */
export class ReleaseZip {
  private constructor(
    private readonly reader: ZipReader<unknown>,
    private readonly files: Map<string, FileEntry[]>,
    private readonly password: string | undefined,
    readonly limits: ZipLimits,
  ) {}

  static async open(filePath: string, password: string | null, limits: ZipLimits): Promise<ReleaseZip> {
    const reader = new ZipReader(new BlobReader(await openAsBlob(filePath)));
    const files = new Map<string, FileEntry[]>();
    let count = 0;
    try {
      for await (const entry of reader.getEntriesGenerator()) {
        count += 1;
        if (count > limits.maxEntries) throw new ImportRejected(MSG.meddraImport.tooManyEntries(String(limits.maxEntries)));
        if (unsafeName(entry.filename)) throw new ImportRejected(MSG.meddraImport.unsafeEntryName(entry.filename));
        if (entry.directory) continue;
        const name = baseName(entry.filename);
        files.set(name, [...(files.get(name) ?? []), entry]);
      }
    } catch (error) {
      await reader.close();
      if (error instanceof ImportRejected) throw error;
      if (errorMessage(error) === ERR_UNSAFE_FILENAME) {
        const name = (error as { filename?: unknown }).filename;
        throw new ImportRejected(MSG.meddraImport.unsafeEntryName(typeof name === 'string' ? name : ''));
      }
      throw new ImportRejected(MSG.meddraImport.notZip);
    }
    return new ReleaseZip(reader, files, password === null || password === '' ? undefined : password, limits);
  }

  /** The entry of a release file, undefined when the zip lacks it; refused when it holds two. */
  find(name: string): FileEntry | undefined {
    const found = this.files.get(name) ?? [];
    if (found.length > 1) throw new ImportRejected(MSG.meddraImport.fileTwice(name));
    return found[0];
  }

  /**
   * Refuses, before anything is read, files too large (by the sizes the zip declares) and an
   * encrypted zip without its password or with a wrong one.
   */
  async check(entries: readonly FileEntry[]): Promise<void> {
    let total = 0;
    for (const entry of entries) {
      const name = baseName(entry.filename);
      if (entry.uncompressedSize > this.limits.maxEntryBytes) {
        throw new ImportRejected(MSG.meddraImport.entryTooLarge(name, formatBytes(this.limits.maxEntryBytes)));
      }
      total += entry.uncompressedSize;
    }
    if (total > this.limits.maxTotalBytes) throw new ImportRejected(MSG.meddraImport.totalTooLarge(formatBytes(this.limits.maxTotalBytes)));
    const encrypted = entries.filter((entry) => entry.encrypted);
    if (encrypted.length === 0) return;
    if (this.password === undefined) throw new ImportRejected(MSG.meddraImport.passwordRequired);
    // Every entry: a wrong ZipCrypto password passes the check of one entry once in 256.
    for (const entry of encrypted) {
      try {
        await entry.getData(new WritableStream(), { password: this.password, checkPasswordOnly: true });
      } catch (error) {
        throw this.rejection(entry, error);
      }
    }
  }

  /**
   * Streams a file's lines to `onLines` (awaited: the inflating waits for the database), counting
   * the bytes actually inflated against the limits whatever the zip declares. `onBytes` is told
   * how many bytes each chunk had. Answers the encoding the file turned out to be in.
   */
  async readLines(
    entry: FileEntry,
    budget: { remaining: number },
    signal: AbortSignal,
    onLines: (lines: Line[]) => Promise<void>,
    onBytes: (bytes: number) => void,
  ): Promise<DetectedEncoding> {
    const name = baseName(entry.filename);
    const lines = new AscLineReader(this.limits.maxLineBytes);
    let inflated = 0;
    // The first error our own sink threw: how the stream reports it to getData's caller differs
    // between Node versions (Node 24 may surface another error), so it is kept here.
    let sinkError: unknown;
    const guarded = async (work: () => Promise<void>) => {
      try {
        await work();
      } catch (error) {
        sinkError ??= error;
        throw error;
      }
    };
    const writable = new WritableStream<Uint8Array>({
      write: (chunk) =>
        guarded(async () => {
          inflated += chunk.length;
          budget.remaining -= chunk.length;
          if (inflated > this.limits.maxEntryBytes) throw new ImportRejected(MSG.meddraImport.entryTooLarge(name, formatBytes(this.limits.maxEntryBytes)));
          if (budget.remaining < 0) throw new ImportRejected(MSG.meddraImport.totalTooLarge(formatBytes(this.limits.maxTotalBytes)));
          onBytes(chunk.length);
          await onLines(lines.push(chunk));
        }),
      close: () => guarded(async () => onLines(lines.end())),
    });
    try {
      await entry.getData(writable, { password: this.password, signal, checkCrc32: true });
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      throw this.rejection(entry, sinkError ?? error);
    }
    return lines.detected;
  }

  private rejection(entry: FileEntry, error: unknown): unknown {
    if (!(error instanceof Error) || error instanceof ImportRejected || error.name === 'ReleaseLineError' || error.name === 'LineReadError') return error;
    const message = error.message;
    if (message === ERR_ENCRYPTED) return new ImportRejected(MSG.meddraImport.passwordRequired);
    if (message === ERR_INVALID_PASSWORD) return new ImportRejected(MSG.meddraImport.wrongPassword);
    // A wrong ZipCrypto password that passed the one-byte check inflates garbage.
    if (entry.zipCrypto && (message === ERR_INVALID_COMPRESSED_DATA || message === ERR_INVALID_CRC32)) {
      return new ImportRejected(MSG.meddraImport.wrongPassword);
    }
    if (message === ERR_INVALID_UNCOMPRESSED_SIZE) {
      return new ImportRejected(MSG.meddraImport.sizeMismatch(baseName(entry.filename)));
    }
    if (message === ERR_ABORTED) return error;
    return new ImportRejected(MSG.meddraImport.notZip);
  }

  async close(): Promise<void> {
    await this.reader.close();
  }
}
