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

type XmlToken = { kind: 'open'; name: string; body: string; empty: boolean } | { kind: 'close'; name: string } | { kind: 'text'; text: string };

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

/** The attributes of a tag's body, by local name. */
export function attributes(body: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of body.matchAll(/([^\s=/]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    found.set(localName(match[1] ?? ''), decodeEntities(match[2] ?? match[3] ?? ''));
  }
  return found;
}

/** The end of the tag that starts at `start` (the index of its '>'), or -1 when the buffer ends first. */
function tagEnd(buffer: string, start: number): number {
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

/** The tokens of an XML text that arrives in chunks; comments, declarations and instructions are skipped. */
export async function* xmlTokens(chunks: AsyncIterable<string>): AsyncGenerator<XmlToken> {
  let buffer = '';
  for await (const chunk of chunks) {
    buffer = buffer ? buffer + chunk : chunk;
    let position = 0;
    for (;;) {
      const open = buffer.indexOf('<', position);
      if (open < 0) {
        // Text up to the end may be cut in the middle of an entity: keep it for the next chunk.
        break;
      }
      if (open > position) yield { kind: 'text', text: decodeEntities(buffer.slice(position, open)) };
      position = open;
      let end: number;
      if (buffer.startsWith('<!--', open)) {
        end = buffer.indexOf('-->', open);
        if (end < 0) break;
        position = end + 3;
        continue;
      }
      if (buffer.startsWith('<![CDATA[', open)) {
        end = buffer.indexOf(']]>', open);
        if (end < 0) break;
        yield { kind: 'text', text: buffer.slice(open + 9, end) };
        position = end + 3;
        continue;
      }
      end = tagEnd(buffer, open);
      if (end < 0) break;
      const tag = buffer.slice(open + 1, end);
      position = end + 1;
      if (tag.startsWith('?') || tag.startsWith('!')) continue;
      if (tag.startsWith('/')) {
        yield { kind: 'close', name: localName(tag.slice(1).trim()) };
        continue;
      }
      const empty = tag.endsWith('/');
      const inner = empty ? tag.slice(0, -1) : tag;
      const space = inner.search(/\s/);
      const name = localName(space < 0 ? inner : inner.slice(0, space));
      yield { kind: 'open', name, body: space < 0 ? '' : inner.slice(space), empty };
    }
    buffer = buffer.slice(position);
    if (buffer.length > MAX_PENDING_CHARS) throw new XlsxFormatError('An XML tag or text run is too long');
  }
  if (buffer && !buffer.includes('<')) yield { kind: 'text', text: decodeEntities(buffer) };
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
  for await (const token of xmlTokens(partText(entry))) {
    if (token.kind === 'open') {
      if (token.name === 'si') {
        if (token.empty) strings.push('');
        else parts = [];
      } else if (token.name === 'rPh') phonetic += token.empty ? 0 : 1;
      else if (token.name === 't' && !token.empty && phonetic === 0) inText = true;
    } else if (token.kind === 'close') {
      if (token.name === 't') inText = false;
      else if (token.name === 'rPh') phonetic = Math.max(0, phonetic - 1);
      else if (token.name === 'si') {
        strings.push(decodeOoxmlEscapes((parts ?? []).join('')));
        parts = null;
      }
    } else if (inText && parts) parts.push(token.text);
  }
  return strings;
}

/** The workbook's sheets in order: name and the path of their part. */
async function readSheetList(workbook: FileEntry, relationships: FileEntry | undefined): Promise<{ name: string; path: string }[]> {
  const targets = new Map<string, string>();
  if (relationships) {
    for await (const token of xmlTokens(partText(relationships))) {
      if (token.kind === 'open' && token.name === 'Relationship') {
        const attrs = attributes(token.body);
        const id = attrs.get('Id');
        const target = attrs.get('Target');
        if (id && target) targets.set(id, target.startsWith('/') ? target.slice(1) : `xl/${target}`);
      }
    }
  }
  const sheets: { name: string; path: string }[] = [];
  for await (const token of xmlTokens(partText(workbook))) {
    if (token.kind === 'open' && token.name === 'sheet') {
      const attrs = attributes(token.body);
      const path = targets.get(attrs.get('id') ?? '');
      if (path) sheets.push({ name: attrs.get('name') ?? '', path: normalizePath(path) });
    }
  }
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

/** The rows of a sheet part, one at a time. */
async function* sheetRows(entry: FileEntry, shared: readonly string[]): AsyncGenerator<XlsxRow> {
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
  for await (const token of xmlTokens(partText(entry))) {
    if (token.kind === 'text') {
      if (capture === 'v') value = (value ?? '') + token.text;
      else if (capture === 't') inline = (inline ?? '') + token.text;
      continue;
    }
    if (token.kind === 'open') {
      switch (token.name) {
        case 'row': {
          const number = Number(attributes(token.body).get('r'));
          rowNumber = Number.isInteger(number) && number > 0 ? number : rowNumber + 1;
          cells = [];
          column = -1;
          if (token.empty) {
            yield { number: rowNumber, cells };
            cells = null;
          }
          break;
        }
        case 'c': {
          const attrs = attributes(token.body);
          const reference = attrs.get('r');
          const index = reference ? columnIndex(reference) : -1;
          column = index >= 0 ? index : column + 1;
          type = attrs.get('t');
          value = null;
          inline = null;
          if (token.empty && cells) cells[column] = null;
          break;
        }
        case 'v':
          if (!token.empty) capture = 'v';
          break;
        case 'is':
          inInline = !token.empty;
          break;
        case 'rPh':
          if (!token.empty) phonetic += 1;
          break;
        case 't':
          if (inInline && phonetic === 0 && !token.empty) capture = 't';
          break;
        default:
          break;
      }
      continue;
    }
    switch (token.name) {
      case 'v':
      case 't':
        capture = null;
        break;
      case 'is':
        inInline = false;
        break;
      case 'rPh':
        phonetic = Math.max(0, phonetic - 1);
        break;
      case 'c':
        if (cells && column >= 0) cells[column] = cellValue(type, value, inline, shared);
        break;
      case 'row':
        if (cells) {
          for (let index = 0; index < cells.length; index++) if (cells[index] === undefined) cells[index] = null;
          yield { number: rowNumber, cells };
        }
        cells = null;
        break;
      default:
        break;
    }
  }
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
