import { inflateSync } from 'node:zlib';

/**
 * The text of a PDF written by our generator (pdf-lib, standard Helvetica fonts): every
 * content stream is inflated (FlateDecode) when compressed, and the strings shown by `Tj`,
 * `'`, `"` and `TJ` — hex `<…>` and literal `(…)` — are decoded as WinAnsi. One line per
 * shown string, in drawing order. Not a general PDF parser: no fonts with other encodings,
 * no object streams' content, no encryption. Shared by the server tests and the e2e suite.
 */

/** WinAnsiEncoding 0x80–0x9F; the rest of the bytes are Latin-1. */
const WIN_ANSI_HIGH: Readonly<Record<number, string>> = {
  0x80: '€',
  0x82: '‚',
  0x83: 'ƒ',
  0x84: '„',
  0x85: '…',
  0x86: '†',
  0x87: '‡',
  0x88: 'ˆ',
  0x89: '‰',
  0x8a: 'Š',
  0x8b: '‹',
  0x8c: 'Œ',
  0x8e: 'Ž',
  0x91: '‘',
  0x92: '’',
  0x93: '“',
  0x94: '”',
  0x95: '•',
  0x96: '–',
  0x97: '—',
  0x98: '˜',
  0x99: '™',
  0x9a: 'š',
  0x9b: '›',
  0x9c: 'œ',
  0x9e: 'ž',
  0x9f: 'Ÿ',
};

function winAnsi(bytes: readonly number[]): string {
  return bytes.map((byte) => WIN_ANSI_HIGH[byte] ?? String.fromCharCode(byte)).join('');
}

function latin1(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
}

/** The raw streams of the file, inflated when their dictionary says FlateDecode. */
function streams(pdf: Uint8Array): string[] {
  const buffer = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  const text = buffer.toString('latin1');
  const out: string[] = [];
  const start = /stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = start.exec(text)) !== null) {
    if (text.slice(Math.max(0, match.index - 3), match.index) === 'end') continue;
    const dictionaryStart = text.lastIndexOf('<<', match.index);
    const dictionary = dictionaryStart >= 0 ? text.slice(dictionaryStart, match.index) : '';
    const bodyStart = match.index + match[0].length;
    const lengthMatch = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dictionary);
    let bodyEnd = lengthMatch ? bodyStart + Number(lengthMatch[1]) : text.indexOf('endstream', bodyStart);
    if (bodyEnd < bodyStart || bodyEnd > text.length) bodyEnd = text.indexOf('endstream', bodyStart);
    if (bodyEnd < 0) break;
    const body = buffer.subarray(bodyStart, bodyEnd);
    if (/\/FlateDecode/.test(dictionary)) {
      try {
        out.push(latin1(inflateSync(body)));
      } catch {
        // Not a stream we can read (an image, a font): skipped.
      }
    } else {
      out.push(latin1(body));
    }
    start.lastIndex = bodyEnd;
  }
  return out;
}

/** Reads a literal string `( … )` starting at `index` (the '('); returns its bytes and the index after it. */
function literal(content: string, index: number): { bytes: number[]; end: number } {
  const bytes: number[] = [];
  let depth = 0;
  let i = index;
  for (; i < content.length; i += 1) {
    const char = content[i] ?? '';
    if (char === '\\') {
      const next = content[i + 1] ?? '';
      const escapes: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12, '(': 40, ')': 41, '\\': 92 };
      if (next in escapes) {
        bytes.push(escapes[next] ?? 0);
        i += 1;
      } else if (/[0-7]/.test(next)) {
        const octal = /^[0-7]{1,3}/.exec(content.slice(i + 1, i + 4))?.[0] ?? '0';
        bytes.push(parseInt(octal, 8) & 0xff);
        i += octal.length;
      } else if (next === '\r' || next === '\n') {
        i += next === '\r' && content[i + 2] === '\n' ? 2 : 1;
      } else {
        i += 1;
        bytes.push(next.charCodeAt(0));
      }
      continue;
    }
    if (char === '(') {
      depth += 1;
      if (depth === 1) continue;
    } else if (char === ')') {
      depth -= 1;
      if (depth === 0) return { bytes, end: i + 1 };
    }
    bytes.push(char.charCodeAt(0) & 0xff);
  }
  return { bytes, end: i };
}

function hex(content: string, index: number): { bytes: number[]; end: number } {
  const close = content.indexOf('>', index);
  const digits = content.slice(index + 1, close < 0 ? content.length : close).replace(/[^0-9a-fA-F]/g, '');
  const padded = digits.length % 2 ? `${digits}0` : digits;
  const bytes: number[] = [];
  for (let i = 0; i < padded.length; i += 2) bytes.push(parseInt(padded.slice(i, i + 2), 16));
  return { bytes, end: close < 0 ? content.length : close + 1 };
}

/** The strings shown by the text operators of one content stream. */
function shownStrings(content: string): string[] {
  const shown: string[] = [];
  let pending: number[][] = [];
  let inArray = false;
  let arrayParts: number[][] = [];
  let i = 0;
  while (i < content.length) {
    const char = content[i] ?? '';
    if (char === '(') {
      const read = literal(content, i);
      (inArray ? arrayParts : pending).push(read.bytes);
      i = read.end;
    } else if (char === '<' && content[i + 1] !== '<') {
      const read = hex(content, i);
      (inArray ? arrayParts : pending).push(read.bytes);
      i = read.end;
    } else if (char === '<' || char === '>') {
      i += 2;
    } else if (char === '[') {
      inArray = true;
      arrayParts = [];
      i += 1;
    } else if (char === ']') {
      inArray = false;
      pending = [arrayParts.flat()];
      i += 1;
    } else if (char === '%') {
      const newline = content.slice(i).search(/[\r\n]/);
      i = newline < 0 ? content.length : i + newline;
    } else if (/[A-Za-z'"*]/.test(char)) {
      const operator = /^[A-Za-z'"*]+/.exec(content.slice(i))?.[0] ?? char;
      if (operator === 'Tj' || operator === 'TJ' || operator === "'" || operator === '"') {
        const last = pending.at(-1);
        if (last) shown.push(winAnsi(last));
      }
      pending = [];
      i += operator.length;
    } else {
      i += 1;
    }
  }
  return shown;
}

/** The text our generator drew in the PDF, one shown string per line. */
export function pdfText(bytes: Uint8Array): string {
  return streams(bytes)
    .flatMap((content) => shownStrings(content))
    .join('\n');
}
