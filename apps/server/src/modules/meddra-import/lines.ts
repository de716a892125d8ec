/**
 * Splits the bytes of a MedDRA ASCII file into its lines, whatever the line ends (CRLF or LF)
 * and whatever the encoding. The MSSO ships English and the Western European languages
 * (Spanish among them) in an extended ASCII code page and the other languages in UTF-8; the
 * file says neither, so each file is read as UTF-8 (a byte order mark dropped) until a line
 * that is not valid UTF-8 shows it is windows-1252 (of which latin-1 is a subset). A file
 * whose accented lines are valid UTF-8 before one that is not mixes both: it is refused.
 */

import { decodeWindows1252 } from '../../shared/windows-1252.js';

const LF = 0x0a;
const CR = 0x0d;

/** A line read: its 1-based number in the file and its text without the line end. */
export interface Line {
  number: number;
  text: string;
}

export type LineProblem = { kind: 'mixedEncoding'; line: number } | { kind: 'lineTooLong'; line: number };

/** Thrown by `AscLineReader` for a file that cannot be read as lines of text. */
export class LineReadError extends Error {
  constructor(readonly problem: LineProblem) {
    super(`${problem.kind} at line ${problem.line}`);
    this.name = 'LineReadError';
  }
}

export type DetectedEncoding = 'utf-8' | 'windows-1252' | 'ascii';

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

const latin1 = new TextDecoder('latin1');

function isAscii(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i += 1) if ((bytes[i] as number) >= 0x80) return false;
  return true;
}

export class AscLineReader {
  private carry: Uint8Array = new Uint8Array(0);
  private lineNumber = 0;
  private encoding: DetectedEncoding = 'ascii';
  private first = true;

  /** @param maxLineBytes the longest line taken: past it the file is not a MedDRA file (and memory stays bounded). */
  constructor(private readonly maxLineBytes: number) {}

  /** The encoding seen so far: 'ascii' while every line has been plain ASCII. */
  get detected(): DetectedEncoding {
    return this.encoding;
  }

  /** The complete lines of `chunk` (with what the previous chunks left unfinished). */
  push(chunk: Uint8Array): Line[] {
    const lines: Line[] = [];
    let start = 0;
    let data = chunk;
    if (this.carry.length > 0) {
      data = new Uint8Array(this.carry.length + chunk.length);
      data.set(this.carry);
      data.set(chunk, this.carry.length);
    }
    for (let i = data.indexOf(LF, start); i !== -1; i = data.indexOf(LF, start)) {
      lines.push(this.decode(data.subarray(start, i)));
      start = i + 1;
    }
    // A copy: the chunk's buffer may be reused by the stream that gave it.
    this.carry = data.slice(start);
    if (this.carry.length > this.maxLineBytes) throw new LineReadError({ kind: 'lineTooLong', line: this.lineNumber + 1 });
    return lines;
  }

  /** The last line, when the file does not end with a line end. */
  end(): Line[] {
    if (this.carry.length === 0) return [];
    const line = this.decode(this.carry);
    this.carry = new Uint8Array(0);
    return [line];
  }

  private decode(raw: Uint8Array): Line {
    this.lineNumber += 1;
    if (raw.length > this.maxLineBytes) throw new LineReadError({ kind: 'lineTooLong', line: this.lineNumber });
    let bytes = raw.length > 0 && raw[raw.length - 1] === CR ? raw.subarray(0, raw.length - 1) : raw;
    if (this.first) {
      this.first = false;
      if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
        bytes = bytes.subarray(3);
        this.encoding = 'utf-8';
      }
    }
    return { number: this.lineNumber, text: this.text(bytes) };
  }

  private text(bytes: Uint8Array): string {
    if (isAscii(bytes)) return latin1.decode(bytes);
    if (this.encoding === 'windows-1252') return decodeWindows1252(bytes);
    try {
      const text = utf8.decode(bytes);
      this.encoding = 'utf-8';
      return text;
    } catch {
      // Not UTF-8: the code page, unless earlier accented lines were UTF-8.
      if (this.encoding === 'utf-8') throw new LineReadError({ kind: 'mixedEncoding', line: this.lineNumber });
      this.encoding = 'windows-1252';
      return decodeWindows1252(bytes);
    }
  }
}
