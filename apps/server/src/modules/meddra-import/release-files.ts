import { MSG } from '@atalaya/domain';
import { MEDDRA_LEVEL, MEDDRA_LINK } from '../../db/schema/index.js';

/**
 * The files of a MedDRA release as the MSSO distributes them ('MedDRA Distribution File Format
 * Document', the tables of the ASCII files): one record a line, fields separated by '$', every
 * line ending with a '$'. Only the fields Atalaya keeps are read; the others (the legacy
 * cross-codings, empty since MedDRA 15.0) are counted, so a file of another layout is refused.
 */

/** Thrown for a line that does not follow its file's layout; the message names the file and the line. */
export class ReleaseLineError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    /** 1-based field, 0 for the whole line. */
    readonly field: number,
    message: string,
  ) {
    super(message);
    this.name = 'ReleaseLineError';
  }
}

export interface TermRow {
  line: number;
  code: number;
  name: string;
  abbrev: string | null;
  parentCode: number | null;
  current: boolean | null;
}

export interface LinkRow {
  line: number;
  parentCode: number;
  childCode: number;
}

export interface SmqRow {
  line: number;
  code: number;
  name: string;
  level: number;
  description: string;
  source: string;
  note: string;
  meddraVersion: string;
  status: string;
  algorithm: string;
}

export interface SmqTermRow {
  line: number;
  smqCode: number;
  termCode: number;
  termLevel: number;
  termScope: number;
  termCategory: string;
  termWeight: number;
  termStatus: string;
  additionVersion: string;
  lastModifiedVersion: string;
}

export interface ReleaseInfo {
  version: string;
  language: string;
}

/** Where the rows of a file go. */
export type Target =
  | { table: 'release' }
  | { table: 'terms'; level: number }
  | { table: 'links'; kind: number }
  | { table: 'smq' }
  | { table: 'smqTerms' };

export type RowOf<T extends Target> = T extends { table: 'terms' }
  ? TermRow
  : T extends { table: 'links' }
    ? LinkRow
    : T extends { table: 'smq' }
      ? SmqRow
      : T extends { table: 'smqTerms' }
        ? SmqTermRow
        : ReleaseInfo;

export interface ReleaseFile<T extends Target = Target> {
  /** The file's name in the distribution (lower case; found in any folder of the zip, any case). */
  name: string;
  target: T;
  /** Fields of a record, the trailing '$' not counted. */
  fields: number;
  /** Fewest fields taken (meddra_release.asc: version and language); `fields` when unset. */
  minFields?: number;
  /** What a line holds; null when the line is valid but stores nothing (an mdhier line of a secondary SOC). */
  parse(fields: readonly string[], at: FieldReader): RowOf<T> | null;
}

/** Reads the fields of one line, throwing a `ReleaseLineError` that names the file, line and field. */
export class FieldReader {
  constructor(
    private readonly file: string,
    private line: number,
  ) {}

  moveTo(line: number): void {
    this.line = line;
  }

  get lineNumber(): number {
    return this.line;
  }

  fail(field: number, message: string): never {
    throw new ReleaseLineError(this.file, this.line, field, message);
  }

  /** A MedDRA code: 1 to 9 digits (the codes have 8). */
  code(fields: readonly string[], index: number): number {
    const value = fields[index] ?? '';
    if (!/^\d{1,9}$/.test(value)) this.fail(index + 1, MSG.meddraImport.notACode(this.file, this.line, index + 1));
    return Number(value);
  }

  /** A small whole number (SMQ levels, scopes, weights). */
  integer(fields: readonly string[], index: number): number {
    const value = fields[index] ?? '';
    if (!/^-?\d{1,4}$/.test(value)) this.fail(index + 1, MSG.meddraImport.notANumber(this.file, this.line, index + 1));
    return Number(value);
  }

  name(fields: readonly string[], index: number): string {
    const value = (fields[index] ?? '').trim();
    if (value === '') this.fail(index + 1, MSG.meddraImport.nameMissing(this.file, this.line));
    return value;
  }

  flag(fields: readonly string[], index: number): boolean {
    const value = (fields[index] ?? '').trim().toUpperCase();
    if (value !== 'Y' && value !== 'N') this.fail(index + 1, MSG.meddraImport.flagInvalid(this.file, this.line, index + 1));
    return value === 'Y';
  }

  text(fields: readonly string[], index: number): string {
    return (fields[index] ?? '').trim();
  }
}

function file<T extends Target>(definition: ReleaseFile<T>): ReleaseFile<T> {
  return definition;
}

function term(abbrev = false) {
  return (f: readonly string[], at: FieldReader): TermRow => ({
    line: at.lineNumber,
    code: at.code(f, 0),
    name: at.name(f, 1),
    abbrev: abbrev ? at.text(f, 2) : null,
    parentCode: null,
    current: null,
  });
}

function link(f: readonly string[], at: FieldReader): LinkRow {
  return { line: at.lineNumber, parentCode: at.code(f, 0), childCode: at.code(f, 1) };
}

/** The release's version and language: `version$language$$$$`. */
export const RELEASE_FILE = file({
  name: 'meddra_release.asc',
  target: { table: 'release' },
  fields: 5,
  minFields: 2,
  parse: (f, at) => {
    const version = at.text(f, 0);
    if (!/^\d{1,3}\.\d{1,2}$/.test(version)) at.fail(1, MSG.meddraImport.versionInvalid(version));
    return { version, language: at.text(f, 1) };
  },
});

/** The files of a release in the order they are loaded (parents before children). */
export const TERM_AND_LINK_FILES: readonly ReleaseFile[] = [
  // soc_code$soc_name$soc_abbrev$ + 7 legacy fields
  file({ name: 'soc.asc', target: { table: 'terms', level: MEDDRA_LEVEL.soc }, fields: 10, parse: term(true) }),
  // hlgt_code$hlgt_name$ + 7 legacy fields
  file({ name: 'hlgt.asc', target: { table: 'terms', level: MEDDRA_LEVEL.hlgt }, fields: 9, parse: term() }),
  // hlt_code$hlt_name$ + 7 legacy fields
  file({ name: 'hlt.asc', target: { table: 'terms', level: MEDDRA_LEVEL.hlt }, fields: 9, parse: term() }),
  // pt_code$pt_name$null_field$pt_soc_code$ + 7 legacy fields
  file({
    name: 'pt.asc',
    target: { table: 'terms', level: MEDDRA_LEVEL.pt },
    fields: 11,
    parse: (f, at) => ({ line: at.lineNumber, code: at.code(f, 0), name: at.name(f, 1), abbrev: null, parentCode: at.code(f, 3), current: null }),
  }),
  // llt_code$llt_name$pt_code$ + 6 legacy fields $llt_currency$llt_jart_code$
  file({
    name: 'llt.asc',
    target: { table: 'terms', level: MEDDRA_LEVEL.llt },
    fields: 11,
    parse: (f, at) => ({ line: at.lineNumber, code: at.code(f, 0), name: at.name(f, 1), abbrev: null, parentCode: at.code(f, 2), current: at.flag(f, 9) }),
  }),
  file({ name: 'soc_hlgt.asc', target: { table: 'links', kind: MEDDRA_LINK.socHlgt }, fields: 2, parse: link }),
  file({ name: 'hlgt_hlt.asc', target: { table: 'links', kind: MEDDRA_LINK.hlgtHlt }, fields: 2, parse: link }),
  file({ name: 'hlt_pt.asc', target: { table: 'links', kind: MEDDRA_LINK.hltPt }, fields: 2, parse: link }),
  // pt_code$hlt_code$hlgt_code$soc_code$pt_name$hlt_name$hlgt_name$soc_name$soc_abbrev$null_field$pt_soc_code$primary_soc_fg$
  file({
    name: 'mdhier.asc',
    target: { table: 'links', kind: MEDDRA_LINK.primarySoc },
    fields: 12,
    parse: (f, at) => {
      const ptCode = at.code(f, 0);
      at.code(f, 1);
      at.code(f, 2);
      const socCode = at.code(f, 3);
      at.code(f, 10);
      return at.flag(f, 11) ? { line: at.lineNumber, parentCode: socCode, childCode: ptCode } : null;
    },
  }),
];

/** The SMQ files: optional, but both or neither. */
export const SMQ_FILES: readonly ReleaseFile[] = [
  // smq_code$smq_name$smq_level$smq_description$smq_source$smq_note$MedDRA_version$status$smq_algorithm$
  file({
    name: 'smq_list.asc',
    target: { table: 'smq' },
    fields: 9,
    parse: (f, at) => ({
      line: at.lineNumber,
      code: at.code(f, 0),
      name: at.name(f, 1),
      level: at.integer(f, 2),
      description: at.text(f, 3),
      source: at.text(f, 4),
      note: at.text(f, 5),
      meddraVersion: at.text(f, 6),
      status: at.text(f, 7),
      algorithm: at.text(f, 8),
    }),
  }),
  // smq_code$term_code$term_level$term_scope$term_category$term_weight$term_status$term_addition_version$term_last_modified_version$
  file({
    name: 'smq_content.asc',
    target: { table: 'smqTerms' },
    fields: 9,
    parse: (f, at) => ({
      line: at.lineNumber,
      smqCode: at.code(f, 0),
      termCode: at.code(f, 1),
      termLevel: at.integer(f, 2),
      termScope: at.integer(f, 3),
      termCategory: at.text(f, 4),
      termWeight: at.integer(f, 5),
      termStatus: at.text(f, 6),
      additionVersion: at.text(f, 7),
      lastModifiedVersion: at.text(f, 8),
    }),
  }),
];

/**
 * The fields of a line: split at '$', the one trailing '$' dropped. A line of another layout
 * (another count of fields) is refused.
 */
export function splitFields(releaseFile: ReleaseFile, text: string, line: number): string[] {
  const fields = text.split('$');
  if (fields.length > 1 && fields[fields.length - 1] === '') fields.pop();
  const min = releaseFile.minFields ?? releaseFile.fields;
  if (fields.length < min || fields.length > releaseFile.fields) {
    throw new ReleaseLineError(releaseFile.name, line, 0, MSG.meddraImport.fieldCount(releaseFile.name, line, releaseFile.fields, fields.length));
  }
  return fields;
}
