import { createReadStream, type ReadStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import { CsvError, parse } from 'csv-parse';
import { Windows1252Decoder } from '../../shared/windows-1252.js';

/**
 * A streaming CSV reader (RFC 4180, as Excel and LibreOffice write it; csv-parse tokenizes): the
 * separator is the header's (`;`, `,` or tab, whichever it holds most of outside quotes), fields
 * may be quoted with `"` (a doubled `""` inside is one quote) and hold separators and line
 * breaks, lines end in CRLF, LF or CR. UTF-8 with or without BOM; a file that is not valid UTF-8 is read as
 * Windows-1252, what Excel for Windows writes as 'CSV (delimitado por comas)'. The file is
 * read in 64 KiB chunks: memory holds one chunk and one record, whatever the file's size.
 */

export type CsvEncoding = 'utf-8' | 'windows-1252';

/** A record past this many bytes (UTF-8) is refused: a quote left open would otherwise swallow the file. */
export const MAX_CSV_RECORD_CHARS = 1_000_000;

/** A record that cannot be read; `row` is its 1-based number (the header is row 1). */
export class CsvFormatError extends Error {
  constructor(
    readonly row: number,
    readonly reason: 'unclosedQuote' | 'rowTooLong',
  ) {
    super(`CSV record ${row}: ${reason}`);
    this.name = 'CsvFormatError';
  }
}

export interface CsvRecord {
  /** 1-based, as a spreadsheet numbers the row (blank lines count). */
  number: number;
  fields: string[];
}

const CHUNK = 64 * 1024;

/** UTF-8 when every byte sequence of the file is valid UTF-8, else Windows-1252. */
export async function detectCsvEncoding(filePath: string): Promise<CsvEncoding> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of createReadStream(filePath, { highWaterMark: CHUNK })) decoder.decode(chunk as Buffer, { stream: true });
    decoder.decode();
    return 'utf-8';
  } catch (error) {
    if (error instanceof TypeError) return 'windows-1252';
    throw error;
  }
}

/** The separator the header line uses most outside quotes (`,` when it has none). */
export function detectSeparator(firstLine: string): string {
  const counts = new Map<string, number>([
    [';', 0],
    [',', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const char of firstLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best = ',';
  let most = 0;
  for (const [separator, count] of counts) {
    if (count > most) {
      best = separator;
      most = count;
    }
  }
  return best;
}

/** A UTF-8 BOM read as Windows-1252 (a file with a BOM but not valid UTF-8 after it). */
const BOM_AS_1252 = '\u00ef\u00bb\u00bf';

/** Decoded text of the file, chunk by chunk, without the BOM. */
async function* textChunks(stream: ReadStream, encoding: CsvEncoding): AsyncGenerator<string> {
  // The UTF-8 decoder drops the BOM itself (ignoreBOM false).
  const decoder = encoding === 'utf-8' ? new TextDecoder('utf-8', { ignoreBOM: false }) : new Windows1252Decoder();
  let first = true;
  for await (const chunk of stream) {
    let text = decoder.decode(chunk as Buffer, { stream: true });
    if (first && text) {
      first = false;
      if (text.startsWith(BOM_AS_1252)) text = text.slice(BOM_AS_1252.length);
    }
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

/** The header line (up to its first line break outside quotes), read from the start of the file. */
async function firstLine(filePath: string, encoding: CsvEncoding): Promise<string> {
  const stream = createReadStream(filePath, { highWaterMark: CHUNK });
  let text = '';
  try {
    for await (const chunk of textChunks(stream, encoding)) {
      text += chunk;
      let quoted = false;
      for (let index = 0; index < text.length; index++) {
        const char = text[index];
        if (char === '"') quoted = !quoted;
        else if (!quoted && (char === '\n' || char === '\r')) return text.slice(0, index);
      }
      if (text.length > MAX_CSV_RECORD_CHARS) return text;
    }
    return text;
  } finally {
    stream.destroy();
  }
}

/** The records csv-parse read before the one its error is about. */
function recordsBefore(error: CsvError): number {
  const records: unknown = error.records;
  return typeof records === 'number' ? records : 0;
}

/** csv-parse's errors as the import reports them; anything else as it is. */
function formatError(error: unknown): unknown {
  if (!(error instanceof CsvError)) return error;
  if (error.code === 'CSV_QUOTE_NOT_CLOSED') return new CsvFormatError(recordsBefore(error) + 1, 'unclosedQuote');
  if (error.code === 'CSV_MAX_RECORD_SIZE') return new CsvFormatError(recordsBefore(error) + 1, 'rowTooLong');
  return error;
}

/**
 * The records of a CSV file, one at a time. csv-parse tokenizes the decoded text: a line that
 * is only a line break is a record of one empty field, a quote inside a field that does not
 * start with one is kept as it is, rows may have any number of fields (the sheet's checks say
 * which are missing). Each record is taken as csv-parse finishes it (`on_record`), so the
 * records before a broken one are all read before its error.
 */
export async function* csvRecords(filePath: string, encoding: CsvEncoding): AsyncGenerator<CsvRecord> {
  const separator = detectSeparator(await firstLine(filePath, encoding));
  const done: CsvRecord[] = [];
  const parser = parse({
    delimiter: separator,
    record_delimiter: ['\r\n', '\n', '\r'],
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    max_record_size: MAX_CSV_RECORD_CHARS,
    on_record: (fields: string[], context: { records: number }) => {
      done.push({ number: context.records, fields });
      return null;
    },
  });
  // The error reaches the write or the end below; without a listener it would also be thrown as unhandled.
  parser.on('error', () => undefined);
  const stream = createReadStream(filePath, { highWaterMark: CHUNK });
  let failure: unknown;
  try {
    for await (const text of textChunks(stream, encoding)) {
      failure = await new Promise<unknown>((resolve) => parser.write(text, resolve));
      yield* done.splice(0);
      if (failure) break;
    }
    if (!failure) {
      parser.end();
      failure = await finished(parser, { readable: false }).then(
        () => undefined,
        (error: unknown) => error,
      );
      yield* done.splice(0);
    }
  } finally {
    parser.destroy();
    stream.destroy();
  }
  if (failure) throw formatError(failure);
}
