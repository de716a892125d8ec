import { createReadStream, type ReadStream } from 'node:fs';

/**
 * A streaming CSV reader (RFC 4180, as Excel and LibreOffice write it): the separator is the
 * header's (`;`, `,` or tab, whichever it holds most of outside quotes), fields may be quoted
 * with `"` (a doubled `""` inside is one quote) and hold separators and line breaks, lines end
 * in CRLF, LF or CR. UTF-8 with or without BOM; a file that is not valid UTF-8 is read as
 * Windows-1252, what Excel for Windows writes as 'CSV (delimitado por comas)'. The file is
 * read in 64 KiB chunks: memory holds one chunk and one record, whatever the file's size.
 */

export type CsvEncoding = 'utf-8' | 'windows-1252';

/** A record past this many characters is refused: a quote left open would otherwise swallow the file. */
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
  const decoder = new TextDecoder(encoding, { ignoreBOM: false });
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

/** The records of a CSV file, one at a time. */
export async function* csvRecords(filePath: string, encoding: CsvEncoding): AsyncGenerator<CsvRecord> {
  const separator = detectSeparator(await firstLine(filePath, encoding));
  const stream = createReadStream(filePath, { highWaterMark: CHUNK });
  let fields: string[] = [];
  let field = '';
  let recordChars = 0;
  let quoted = false;
  /** Inside a quoted field, a quote was just read: the next character decides (another quote, or the end). */
  let quoteSeen = false;
  /** The last record ended on CR: a following LF belongs to it. */
  let afterCr = false;
  /** Something of the current record has been read (a line that is only a line break is an empty record). */
  let started = false;
  let number = 1;

  const endRecord = (): CsvRecord => {
    fields.push(field);
    const record = { number, fields };
    number += 1;
    fields = [];
    field = '';
    recordChars = 0;
    started = false;
    return record;
  };

  try {
    for await (const text of textChunks(stream, encoding)) {
      let index = 0;
      while (index < text.length) {
        const char = text[index] as string;
        if (afterCr) {
          afterCr = false;
          if (char === '\n') {
            index++;
            continue;
          }
        }
        if (quoted) {
          if (quoteSeen) {
            quoteSeen = false;
            if (char === '"') {
              field += '"';
              index++;
              continue;
            }
            quoted = false;
            // The closing quote: the character is read again as outside quotes.
            continue;
          }
          // Copy the run up to the next quote at once.
          const next = text.indexOf('"', index);
          const end = next < 0 ? text.length : next;
          field += text.slice(index, end);
          recordChars += end - index;
          if (recordChars > MAX_CSV_RECORD_CHARS) throw new CsvFormatError(number, 'rowTooLong');
          if (next < 0) break;
          quoteSeen = true;
          index = next + 1;
          continue;
        }
        if (char === separator) {
          fields.push(field);
          field = '';
          started = true;
        } else if (char === '\n' || char === '\r') {
          afterCr = char === '\r';
          yield endRecord();
        } else if (char === '"' && field === '') {
          quoted = true;
          started = true;
        } else {
          field += char;
          started = true;
          recordChars += 1;
          if (recordChars > MAX_CSV_RECORD_CHARS) throw new CsvFormatError(number, 'rowTooLong');
        }
        index++;
      }
    }
    if (quoted && !quoteSeen) throw new CsvFormatError(number, 'unclosedQuote');
    if (started || field !== '' || fields.length > 0 || quoteSeen) yield endRecord();
  } finally {
    stream.destroy();
  }
}
