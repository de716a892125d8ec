import { inflateSync } from 'node:zlib';

/**
 * The text of a PDF written by our generator (pdfmake on pdfkit, embedded fonts), one line per
 * line of text. Every object is read (streams inflated when FlateDecode); the strings shown
 * by `Tj`, `'`, `"` and `TJ` in each page's content — hex `<…>` and literal `(…)` — are
 * decoded through their font's ToUnicode CMap (two-byte glyph codes of an Identity-H font;
 * a glyph the font lacks, mapped to U+0000, reads as U+FFFD), or as WinAnsi for a font without
 * one (the standard fonts). pdfmake draws each word apart: consecutive strings on the same
 * baseline are joined when the first ends with a blank, so a line reads as written and two
 * table cells side by side stay on lines of their own. Not a general PDF parser: no object
 * streams, no encryption. Shared by the server tests and the e2e suite.
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

interface PdfObject {
  dictionary: string;
  /** The stream's bytes as Latin-1 (inflated when FlateDecode), or null. */
  stream: string | null;
}

/** Every `n 0 obj … endobj` of the file by number, with its stream when it has one. */
function objects(pdf: Uint8Array): Map<number, PdfObject> {
  const buffer = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  const text = buffer.toString('latin1');
  const out = new Map<number, PdfObject>();
  const header = /(\d+)\s+\d+\s+obj\b/g;
  let match: RegExpExecArray | null;
  while ((match = header.exec(text)) !== null) {
    const bodyStart = match.index + match[0].length;
    const end = text.indexOf('endobj', bodyStart);
    const streamAt = text.indexOf('stream', bodyStart);
    if (streamAt < 0 || (end >= 0 && streamAt > end)) {
      out.set(Number(match[1]), { dictionary: text.slice(bodyStart, end < 0 ? text.length : end), stream: null });
      if (end >= 0) header.lastIndex = end;
      continue;
    }
    const dictionary = text.slice(bodyStart, streamAt);
    const dataStart = streamAt + 'stream'.length + (text[streamAt + 6] === '\r' ? 2 : 1);
    const length = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dictionary);
    let dataEnd = length ? dataStart + Number(length[1]) : text.indexOf('endstream', dataStart);
    if (dataEnd < dataStart || dataEnd > text.length) dataEnd = text.indexOf('endstream', dataStart);
    if (dataEnd < 0) break;
    const data = buffer.subarray(dataStart, dataEnd);
    let stream: string | null;
    if (/\/FlateDecode/.test(dictionary)) {
      try {
        stream = latin1(inflateSync(data));
      } catch {
        stream = null; // not a stream we can read
      }
    } else {
      stream = latin1(data);
    }
    out.set(Number(match[1]), { dictionary, stream });
    header.lastIndex = Math.max(dataEnd, text.indexOf('endobj', dataEnd));
  }
  return out;
}

const reference = (dictionary: string, key: string): number | null => {
  const found = new RegExp(`/${key}\\s+(\\d+)\\s+\\d+\\s+R`).exec(dictionary);
  return found ? Number(found[1]) : null;
};

/** Hex digits of a CMap entry as text (UTF-16BE code units). */
function utf16(hexDigits: string): string {
  const units: number[] = [];
  for (let i = 0; i + 4 <= hexDigits.length; i += 4) units.push(parseInt(hexDigits.slice(i, i + 4), 16));
  return String.fromCharCode(...units);
}

/** A ToUnicode CMap: glyph code → text (`bfchar` and `bfrange` entries). */
function toUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const [, body] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, text] of (body ?? '').matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) map.set(parseInt(code ?? '0', 16), utf16(text ?? ''));
  }
  for (const [, body] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, low, high, target] of (body ?? '').matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g)) {
      const first = parseInt(low ?? '0', 16);
      const last = parseInt(high ?? '0', 16);
      if (target?.startsWith('[')) {
        [...target.matchAll(/<([0-9a-fA-F\s]+)>/g)].forEach(([, digits], index) => map.set(first + index, utf16((digits ?? '').replace(/\s/g, ''))));
      } else {
        const base = parseInt((target ?? '<0>').slice(1, -1), 16);
        for (let code = first; code <= last; code += 1) map.set(code, String.fromCodePoint(base + code - first));
      }
    }
  }
  return map;
}

/** How a font's strings read: their text, and their advance in thousandths of the font size (NaN when unknown). */
interface Decoder {
  text(bytes: readonly number[]): string;
  advance(bytes: readonly number[]): number;
}

const WIN_ANSI: Decoder = { text: winAnsi, advance: () => Number.NaN };

/** The glyph widths of a CIDFont's `/W` array (`first [w w …]` runs). */
function cidWidths(dictionary: string): Map<number, number> {
  const widths = new Map<number, number>();
  const array = /\/W\s*\[((?:[^[\]]|\[[^\]]*\])*)\]/.exec(dictionary)?.[1] ?? '';
  for (const [, first, run] of array.matchAll(/(\d+)\s*\[([^\]]*)\]/g)) {
    (run ?? '').trim().split(/\s+/).forEach((width, index) => widths.set(Number(first) + index, Number(width)));
  }
  return widths;
}

/** A two-byte (Identity-H) font: a glyph the font lacks maps to U+0000 (or nothing) and reads as U+FFFD. */
function cidDecoder(map: ReadonlyMap<number, string>, widths: ReadonlyMap<number, number>): Decoder {
  const codes = (bytes: readonly number[]) => Array.from({ length: Math.floor(bytes.length / 2) }, (_, i) => ((bytes[2 * i] ?? 0) << 8) | (bytes[2 * i + 1] ?? 0));
  return {
    text: (bytes) =>
      codes(bytes)
        .map((code) => {
          const text = map.get(code);
          return text === undefined || text === '\u0000' ? '\uFFFD' : text;
        })
        .join(''),
    advance: (bytes) => codes(bytes).reduce((sum, code) => sum + (widths.get(code) ?? Number.NaN), 0),
  };
}

interface Page {
  content: string;
  /** Font resource name ('F1') → its decoder. */
  fonts: ReadonlyMap<string, Decoder>;
}

/** The dictionary of a direct `<< … >>` or indirect `n 0 R` value of `key`. */
function subDictionary(dictionary: string, key: string, all: ReadonlyMap<number, PdfObject>): string {
  const ref = reference(dictionary, key);
  if (ref !== null) return all.get(ref)?.dictionary ?? '';
  const at = dictionary.indexOf(`/${key}`);
  if (at < 0) return '';
  const open = dictionary.indexOf('<<', at);
  let depth = 0;
  for (let i = open; i >= 0 && i < dictionary.length - 1; i += 1) {
    if (dictionary.startsWith('<<', i)) {
      depth += 1;
      i += 1;
    } else if (dictionary.startsWith('>>', i)) {
      depth -= 1;
      i += 1;
      if (depth === 0) return dictionary.slice(open, i + 1);
    }
  }
  return '';
}

/** The pages in document order (the /Kids of the page tree), each with its content and fonts. */
function pages(all: ReadonlyMap<number, PdfObject>): Page[] {
  const decoders = new Map<number, Decoder>();
  const decoderOf = (fontId: number): Decoder => {
    const known = decoders.get(fontId);
    if (known) return known;
    const font = all.get(fontId)?.dictionary ?? '';
    const cmapId = reference(font, 'ToUnicode');
    const cmap = cmapId === null ? null : all.get(cmapId)?.stream;
    const descendant = /\/DescendantFonts\s*\[\s*(\d+)\s+\d+\s+R/.exec(font)?.[1];
    const widths = cidWidths(descendant ? (all.get(Number(descendant))?.dictionary ?? '') : '');
    const decoder = cmap ? cidDecoder(toUnicode(cmap), widths) : WIN_ANSI;
    decoders.set(fontId, decoder);
    return decoder;
  };
  const leaves = (id: number): number[] => {
    const dictionary = all.get(id)?.dictionary ?? '';
    if (!/\/Type\s*\/Pages\b/.test(dictionary)) return [id];
    const kids = /\/Kids\s*\[([^\]]*)\]/.exec(dictionary)?.[1] ?? '';
    return [...kids.matchAll(/(\d+)\s+\d+\s+R/g)].flatMap(([, kid]) => leaves(Number(kid)));
  };
  const catalog = [...all.values()].find((object) => /\/Type\s*\/Catalog\b/.test(object.dictionary));
  const root = catalog ? reference(catalog.dictionary, 'Pages') : null;
  if (root === null) return [];
  return leaves(root).map((id) => {
    const dictionary = all.get(id)?.dictionary ?? '';
    const contentIds = /\/Contents\s*\[([^\]]*)\]/.exec(dictionary)?.[1] ?? /\/Contents\s+(\d+\s+\d+\s+R)/.exec(dictionary)?.[1] ?? '';
    const content = [...contentIds.matchAll(/(\d+)\s+\d+\s+R/g)].map(([, ref]) => all.get(Number(ref))?.stream ?? '').join('\n');
    const fontDictionary = subDictionary(subDictionary(dictionary, 'Resources', all), 'Font', all);
    const fonts = new Map<string, Decoder>();
    for (const [, name, ref] of fontDictionary.matchAll(/\/([^\s/<>[\]()]+)\s+(\d+)\s+\d+\s+R/g)) fonts.set(name ?? '', decoderOf(Number(ref)));
    return { content, fonts };
  });
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

/** A string shown on the page: where it starts and ends on its baseline (the end is NaN when the font's widths are unknown). */
interface Shown {
  text: string;
  x: number;
  end: number;
  y: number;
}

/** The strings shown by the text operators of one page, decoded with the font selected by `Tf`. */
function shownStrings(page: Page): Shown[] {
  const { content } = page;
  const shown: Shown[] = [];
  let operands: string[] = [];
  let pending: number[][] = [];
  let inArray = false;
  let arrayParts: number[][] = [];
  /** The TJ array's position adjustments, in thousandths of the font size. */
  let adjustment = 0;
  let font: Decoder = WIN_ANSI;
  let size = 0;
  let x = 0;
  let y = 0;
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
      adjustment = 0;
      i += 1;
    } else if (char === ']') {
      inArray = false;
      pending = [arrayParts.flat()];
      i += 1;
    } else if (char === '%') {
      const newline = content.slice(i).search(/[\r\n]/);
      i = newline < 0 ? content.length : i + newline;
    } else if (char === '/') {
      const name = /^\/([^\s/<>[\]()]*)/.exec(content.slice(i))?.[1] ?? '';
      if (!inArray) operands.push(name);
      i += name.length + 1;
    } else if (/[-+.\d]/.test(char)) {
      const number = /^[-+]?(\d+\.?\d*|\.\d+)/.exec(content.slice(i))?.[0] ?? char;
      if (inArray) adjustment += Number(number);
      else operands.push(number);
      i += number.length;
    } else if (/[A-Za-z'"*]/.test(char)) {
      const operator = /^[A-Za-z'"*]+/.exec(content.slice(i))?.[0] ?? char;
      if (operator === 'Tf') {
        font = page.fonts.get(operands.at(-2) ?? '') ?? WIN_ANSI;
        size = Number(operands.at(-1) ?? 0);
      } else if (operator === 'Tm') {
        x = Number(operands.at(-2) ?? 0);
        y = Number(operands.at(-1) ?? 0);
      } else if (operator === 'Td' || operator === 'TD') {
        x += Number(operands.at(-2) ?? 0);
        y += Number(operands.at(-1) ?? 0);
      } else if (operator === 'Tj' || operator === 'TJ' || operator === "'" || operator === '"') {
        const last = pending.at(-1);
        if (last) {
          const advance = ((font.advance(last) - (operator === 'TJ' ? adjustment : 0)) * size) / 1000;
          shown.push({ text: font.text(last), x, end: x + advance, y });
        }
      }
      pending = [];
      operands = [];
      i += operator.length;
    } else {
      i += 1;
    }
  }
  return shown;
}

/**
 * Whether `next` starts where `previous` ends. A glyph the font lacks is drawn narrower than the
 * width the font gives it, so a string after one may start inside it.
 */
function follows(previous: Shown, next: Shown): boolean {
  if (Number.isNaN(previous.end)) return /\s$/.test(previous.text);
  if (Math.abs(next.x - previous.end) < 0.5) return true;
  return /\uFFFD\s*$/.test(previous.text) && next.x > previous.x && next.x <= previous.end + 0.5;
}

/**
 * Joins the words of a line: a string continues the previous one when it starts on the same
 * baseline where that one ends (or, when the font's widths are unknown, when that one ends
 * with a blank); anything else starts a new line.
 */
function lines(shown: readonly Shown[]): string[] {
  const out: string[] = [];
  let previous: Shown | null = null;
  for (const item of shown) {
    const continues = previous !== null && item.y === previous.y && follows(previous, item);
    if (continues && out.length > 0) out[out.length - 1] += item.text;
    else out.push(item.text);
    previous = item;
  }
  return out.map((line) => line.trimEnd());
}

/** The text our generator drew in the PDF, one line of text per line, page after page. */
export function pdfText(bytes: Uint8Array): string {
  return pages(objects(bytes))
    .flatMap((page) => lines(shownStrings(page)))
    .join('\n');
}
