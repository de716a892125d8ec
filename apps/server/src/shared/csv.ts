import { stringify } from 'csv-stringify/sync';

/** A cell a spreadsheet would read as a formula: it starts with = + - @, a tab or a CR. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell as the server's CSV files write it: a text a spreadsheet would read as a formula
 * gets a leading apostrophe, so it opens as text (CSV injection). Numbers are written as they are.
 */
export function guardFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export interface CsvFileOptions {
  /** `;` for the files a Spanish-locale spreadsheet opens in columns, `,` for RFC 4180's. */
  delimiter: ';' | ',';
  /** Characters that quote a cell besides the delimiter, a quote and a line break (e.g. `;` in a `,` file). */
  alsoQuote?: string;
}

/**
 * The CSV files the server writes (csv-stringify): UTF-8 with a byte order mark, so a spreadsheet
 * reads the accents; every line, the last too, ends in CRLF; a cell is quoted when it holds the
 * delimiter, a quote (doubled inside) or a line break; text cells pass `guardFormula`.
 */
export function csvFile(rows: readonly (readonly (string | number)[])[], options: CsvFileOptions): string {
  return stringify(
    rows.map((row) => [...row]),
    {
      bom: true,
      delimiter: options.delimiter,
      record_delimiter: 'windows',
      quote_record_delimiter: true,
      ...(options.alsoQuote ? { quoted_match: [...options.alsoQuote] } : {}),
      cast: { string: guardFormula },
    },
  );
}
