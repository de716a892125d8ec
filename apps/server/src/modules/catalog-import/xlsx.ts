import { openAsBlob } from 'node:fs';
import { BlobReader, configure, type Entry, type FileEntry, ZipReader } from '@zip.js/zip.js';

/**
 * A streaming reader of xlsx workbooks (Office Open XML SpreadsheetML), for the catalogue import.
 *
 * exceljs's streaming reader depends on the order of the zip's parts: a workbook whose
 * `xl/workbook.xml` comes last — as exceljs itself writes them — loses it about nine times in
 * ten (its entry iterator races the end of the zip stream), and a workbook whose shared strings
 * come after the sheets (as Excel writes them) has its sheets copied to temporary files. Reading
 * the zip by its directory (@zip.js/zip.js, random access over the file) takes the parts in the
 * order they are needed, whatever the writer: the workbook and its relationships (the sheets'
 * names and order), the shared strings (held in memory: the distinct texts of the file), then
 * each sheet decompressed and tokenised as it streams, one row at a time.
 *
 * What is read: each cell's value (shared string, inline string, number, boolean, the cached
 * value of a formula, or its error); styles, dates' formats, merged cells and the rest are not.
 */

configure({ useWebWorkers: false });

export interface XlsxCellError {
  error: string;
}
export type XlsxCell = string | number | boolean | null | XlsxCellError;

export interface XlsxRow {
  /** 1-based, as the spreadsheet shows it. */
  number: number;
  /** By column, 0-based (column A is 0); a missing cell is null. */
  cells: XlsxCell[];
}

export interface XlsxSheet {
  name: string;
  rows: AsyncGenerator<XlsxRow>;
}

/** The workbook is not one this reader can open (no workbook part, a broken zip…). */
export class XlsxFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'XlsxFormatError';
  }
}

export interface XlsxLimits {
  /** Most parts of the zip. */
  entries: number;
  /** Most bytes of all the parts once uncompressed. */
  uncompressedBytes: number;
  /** Most bytes of the shared strings' part once uncompressed (it is held in memory). */
  sharedStringsBytes: number;
}

/** Thrown when the workbook is over a limit (a zip bomb). */
export class XlsxTooLargeError extends Error {
  constructor() {
    super('The workbook is over the size limits');
    this.name = 'XlsxTooLargeError';
  }
}

// ---------------------------------------------------------------------------------------------
// XML tokens

/** What a scanner tells of the XML it reads, synchronously, token by token. */
export interface XmlHandler {
  /** A start tag (`empty`: `<x/>`); `body` is the text after the name, attributes undecoded. */
  open(name: string, body: string, empty: boolean): void;
  close(name: string): void;
  /** Character data, entities decoded. */
  text(text: string): void;
}

/** Characters kept while a tag is incomplete; a longer tag is a broken (or hostile) part. */
const MAX_PENDING_CHARS = 16 * 1024 * 1024;

const NAMED_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** XML character and predefined entity references; any other is left as written. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (whole, entity: string) => {
    if (entity.startsWith('#x')) return safeCodePoint(Number.parseInt(entity.slice(2), 16)) ?? whole;
    if (entity.startsWith('#')) return safeCodePoint(Number.parseInt(entity.slice(1), 10)) ?? whole;
    return NAMED_ENTITIES[entity] ?? whole;
  });
}

function safeCodePoint(code: number): string | null {
  return Number.isInteger(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : null;
}

/** OOXML's escapes of characters XML cannot hold (`_x000D_`, `_x0000_`); `_x005F_` escapes an underscore. */
export function decodeOoxmlEscapes(text: string): string {
  if (!text.includes('_x')) return text;
  return text.replace(/_x([0-9a-fA-F]{4})_/g, (_whole, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** A tag's local name (`x:row` → `row`). */
function localName(qualified: string): string {
  const colon = qualified.indexOf(':');
  return colon < 0 ? qualified : qualified.slice(colon + 1);
}

const isSpace = (code: number) => code === 32 || code === 9 || code === 10 || code === 13;

/** One attribute of a tag's body by its local name (`id` finds `r:id`), decoded; undefined when absent. */
export function attribute(body: string, name: string): string | undefined {
  const key = `${name}=`;
  for (let index = body.indexOf(key); index >= 0; index = body.indexOf(key, index + 1)) {
    const before = index === 0 ? 32 : body.charCodeAt(index - 1);
    if (!isSpace(before) && before !== 58) continue;
    const quote = body[index + key.length];
    if (quote !== '"' && quote !== "'") continue;
    const end = body.indexOf(quote, index + key.length + 1);
    if (end < 0) return undefined;
    return decodeEntities(body.slice(index + key.length + 1, end));
  }
  return undefined;
}

/** The end of the tag that starts at `start` (the index of its '>'), or -1 when the buffer ends first. */
function tagEnd(buffer: string, start: number): number {
  const end = buffer.indexOf('>', start);
  if (end < 0) return -1;
  // The first '>' ends the tag unless it is inside a quoted value (rare): then quotes are unbalanced before it.
  let double = 0;
  let single = 0;
  for (let index = start + 1; index < end; index++) {
    const code = buffer.charCodeAt(index);
    if (code === 34) double++;
    else if (code === 39) single++;
  }
  if (double % 2 === 0 && single % 2 === 0) return end;
  let quote: string | null = null;
  for (let index = start + 1; index < buffer.length; index++) {
    const char = buffer[index];
    if (quote) {
      if (char === quote) quote = null;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '>') return index;
  }
  return -1;
}

/**
 * A streaming XML scanner: `push` text as it arrives, each complete token goes to the handler
 * at once (no token objects, no promise per token). Comments, declarations and processing
 * instructions are skipped; CDATA is text. Not a validating parser: enough for SpreadsheetML.
 */
export class XmlScanner {
  private buffer = '';

  constructor(private readonly handler: XmlHandler) {}

  push(chunk: string): void {
    const buffer = this.buffer ? this.buffer + chunk : chunk;
    const handler = this.handler;
    let position = 0;
    for (;;) {
      const open = buffer.indexOf('<', position);
      // Text up to the end may be cut in the middle of an entity: keep it for the next chunk.
      if (open < 0) break;
      if (open > position) handler.text(decodeEntities(buffer.slice(position, open)));
      position = open;
      const next = buffer.charCodeAt(open + 1);
      if (next === 33 /* ! */) {
        if (buffer.startsWith('<!--', open)) {
          const end = buffer.indexOf('-->', open);
          if (end < 0) break;
          position = end + 3;
          continue;
        }
        if (buffer.startsWith('<![CDATA[', open)) {
          const end = buffer.indexOf(']]>', open);
          if (end < 0) break;
          handler.text(buffer.slice(open + 9, end));
          position = end + 3;
          continue;
        }
      }
      const end = tagEnd(buffer, open);
      if (end < 0) break;
      position = end + 1;
      if (next === 63 /* ? */ || next === 33 /* ! */) continue;
      if (next === 47 /* / */) {
        handler.close(localName(buffer.slice(open + 2, end).trim()));
        continue;
      }
      const empty = buffer.charCodeAt(end - 1) === 47;
      const tagStop = empty ? end - 1 : end;
      let nameEnd = open + 1;
      while (nameEnd < tagStop && !isSpace(buffer.charCodeAt(nameEnd))) nameEnd++;
      handler.open(localName(buffer.slice(open + 1, nameEnd)), buffer.slice(nameEnd, tagStop), empty);
    }
    this.buffer = buffer.slice(position);
    if (this.buffer.length > MAX_PENDING_CHARS) throw new XlsxFormatError('An XML tag or text run is too long');
  }

  end(): void {
    if (this.buffer && !this.buffer.includes('<')) this.handler.text(decodeEntities(this.buffer));
    this.buffer = '';
  }
}

/** Runs a part through a scanner. */
async function scanPart(entry: FileEntry, handler: XmlHandler): Promise<void> {
  const scanner = new XmlScanner(handler);
  for await (const chunk of partText(entry)) scanner.push(chunk);
  scanner.end();
}

// ---------------------------------------------------------------------------------------------
// Zip parts

/** The decompressed text of a part, chunk by chunk. */
async function* partText(entry: FileEntry): AsyncGenerator<string> {
  const stream = new TransformStream<Uint8Array, Uint8Array>();
  const writing = entry.getData(stream.writable);
  // A failure of the decompression surfaces through the readable side too; keep the promise handled.
  writing.catch(() => undefined);
  const decoder = new TextDecoder('utf-8');
  const reader = stream.readable.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const text = decoder.decode(value, { stream: true });
      if (text) yield text;
    }
    const rest = decoder.decode();
    if (rest) yield rest;
    await writing;
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

/** Column letters of a cell reference → 0-based index ('B7' → 1); -1 without letters. */
export function columnIndex(reference: string): number {
  let index = 0;
  let letters = 0;
  for (const char of reference) {
    const code = char.charCodeAt(0);
    if (code >= 65 && code <= 90) index = index * 26 + (code - 64);
    else if (code >= 97 && code <= 122) index = index * 26 + (code - 96);
    else break;
    letters += 1;
  }
  return letters === 0 ? -1 : index - 1;
}

/** The texts of `xl/sharedStrings.xml`, in order (rich text runs joined, phonetic runs left out). */
async function readSharedStrings(entry: FileEntry | undefined): Promise<string[]> {
  const strings: string[] = [];
  if (!entry) return strings;
  let parts: string[] | null = null;
  let inText = false;
  let phonetic = 0;
  await scanPart(entry, {
    open(name, _body, empty) {
      if (name === 'si') {
        if (empty) strings.push('');
        else parts = [];
      } else if (name === 'rPh') phonetic += empty ? 0 : 1;
      else if (name === 't' && !empty && phonetic === 0) inText = true;
    },
    close(name) {
      if (name === 't') inText = false;
      else if (name === 'rPh') phonetic = Math.max(0, phonetic - 1);
      else if (name === 'si') {
        strings.push(decodeOoxmlEscapes((parts ?? []).join('')));
        parts = null;
      }
    },
    text(text) {
      if (inText && parts) parts.push(text);
    },
  });
  return strings;
}

/** The workbook's sheets in order: name and the path of their part. */
async function readSheetList(workbook: FileEntry, relationships: FileEntry | undefined): Promise<{ name: string; path: string }[]> {
  const targets = new Map<string, string>();
  const ignore = () => undefined;
  if (relationships) {
    await scanPart(relationships, {
      open(name, body) {
        if (name !== 'Relationship') return;
        const id = attribute(body, 'Id');
        const target = attribute(body, 'Target');
        if (id && target) targets.set(id, target.startsWith('/') ? target.slice(1) : `xl/${target}`);
      },
      close: ignore,
      text: ignore,
    });
  }
  const sheets: { name: string; path: string }[] = [];
  await scanPart(workbook, {
    open(name, body) {
      if (name !== 'sheet') return;
      const path = targets.get(attribute(body, 'id') ?? '');
      if (path) sheets.push({ name: attribute(body, 'name') ?? '', path: normalizePath(path) });
    },
    close: ignore,
    text: ignore,
  });
  return sheets;
}

/** 'xl/worksheets/../worksheets/sheet1.xml' → 'xl/worksheets/sheet1.xml'. */
function normalizePath(path: string): string {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}

/** The value of a finished cell. */
function cellValue(type: string | undefined, value: string | null, inline: string | null, shared: readonly string[]): XlsxCell {
  switch (type) {
    case 's': {
      const index = value === null ? Number.NaN : Number(value);
      return Number.isInteger(index) ? (shared[index] ?? null) : null;
    }
    case 'inlineStr':
      return inline === null ? null : decodeOoxmlEscapes(inline);
    case 'str':
      return value === null ? null : decodeOoxmlEscapes(value);
    case 'b':
      return value === null ? null : value.trim() !== '0';
    case 'e':
      return { error: value ?? '#N/A' };
    case 'd':
      return value;
    default: {
      if (value === null || value.trim() === '') return null;
      const number = Number(value);
      return Number.isNaN(number) ? value : number;
    }
  }
}

/** The rows of a sheet part, one at a time (those of a decompressed chunk are scanned at once). */
async function* sheetRows(entry: FileEntry, shared: readonly string[]): AsyncGenerator<XlsxRow> {
  const finished: XlsxRow[] = [];
  let rowNumber = 0;
  let cells: XlsxCell[] | null = null;
  let column = -1;
  let type: string | undefined;
  let value: string | null = null;
  let inline: string | null = null;
  /** Where text goes: the cell's <v>, its inline string's <t>, or nowhere. */
  let capture: 'v' | 't' | null = null;
  let inInline = false;
  let phonetic = 0;
  const endRow = () => {
    if (!cells) return;
    for (let index = 0; index < cells.length; index++) if (cells[index] === undefined) cells[index] = null;
    finished.push({ number: rowNumber, cells });
    cells = null;
  };
  const scanner = new XmlScanner({
    open(name, body, empty) {
      switch (name) {
        case 'row': {
          const number = Number(attribute(body, 'r'));
          rowNumber = Number.isInteger(number) && number > 0 ? number : rowNumber + 1;
          cells = [];
          column = -1;
          if (empty) endRow();
          return;
        }
        case 'c': {
          const reference = attribute(body, 'r');
          const index = reference ? columnIndex(reference) : -1;
          column = index >= 0 ? index : column + 1;
          type = attribute(body, 't');
          value = null;
          inline = null;
          if (empty && cells) cells[column] = null;
          return;
        }
        case 'v':
          if (!empty) capture = 'v';
          return;
        case 'is':
          inInline = !empty;
          return;
        case 'rPh':
          if (!empty) phonetic += 1;
          return;
        case 't':
          if (inInline && phonetic === 0 && !empty) capture = 't';
          return;
        default:
          return;
      }
    },
    close(name) {
      switch (name) {
        case 'v':
        case 't':
          capture = null;
          return;
        case 'is':
          inInline = false;
          return;
        case 'rPh':
          phonetic = Math.max(0, phonetic - 1);
          return;
        case 'c':
          if (cells && column >= 0) cells[column] = cellValue(type, value, inline, shared);
          return;
        case 'row':
          endRow();
          return;
        default:
          return;
      }
    },
    text(text) {
      if (capture === 'v') value = (value ?? '') + text;
      else if (capture === 't') inline = (inline ?? '') + text;
    },
  });
  for await (const chunk of partText(entry)) {
    scanner.push(chunk);
    if (finished.length > 0) {
      const rows = finished.splice(0);
      yield* rows;
    }
  }
  scanner.end();
  yield* finished.splice(0);
}

const isFile = (entry: Entry | undefined): entry is FileEntry => entry !== undefined && !entry.directory;

/**
 * The sheets of the workbook at `filePath`, in the workbook's order. Read each sheet's rows to
 * the end (or return them) before asking for the next. Throws `XlsxTooLargeError` over a limit,
 * `XlsxFormatError` when it is not a workbook.
 */
export async function* xlsxSheets(filePath: string, limits: XlsxLimits): AsyncGenerator<XlsxSheet> {
  const reader = new ZipReader(new BlobReader(await openAsBlob(filePath)));
  try {
    let entries: Entry[];
    try {
      entries = await reader.getEntries();
    } catch {
      throw new XlsxFormatError('Not a zip archive');
    }
    const byName = new Map(entries.map((entry) => [entry.filename, entry]));
    const total = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
    const sharedEntry = byName.get('xl/sharedStrings.xml');
    if (entries.length > limits.entries || total > limits.uncompressedBytes || (sharedEntry?.uncompressedSize ?? 0) > limits.sharedStringsBytes) {
      throw new XlsxTooLargeError();
    }
    const workbook = byName.get('xl/workbook.xml');
    if (!isFile(workbook)) throw new XlsxFormatError('No xl/workbook.xml');
    const relationships = byName.get('xl/_rels/workbook.xml.rels');
    const list = await readSheetList(workbook, isFile(relationships) ? relationships : undefined);
    const shared = await readSharedStrings(isFile(sharedEntry) ? sharedEntry : undefined);
    for (const { name, path } of list) {
      const entry = byName.get(path);
      if (!isFile(entry)) continue;
      yield { name, rows: sheetRows(entry, shared) };
    }
  } finally {
    await reader.close().catch(() => undefined);
  }
}
