import { type E2bReportSummary, type IcsrBatchHeader, isNullValue, MSG } from '@atalaya/domain';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { meddraLlt } from '../../db/schema/index.js';
import { parseBatchHeader, parseReport, type ParsedReport } from './parse.js';
import type { UnmappedElement } from './walk.js';
import { E2bReadError, type E2bReadLimits, E2B_READ_LIMITS, readE2bBatch } from './xml.js';

/**
 * A whole batch read (docs/e2b-import.md): the official schema first when one is configured,
 * then each report parsed, then the MedDRA codes looked up. Used by the preview and by the
 * import job alike.
 */

/** Checks a file against the ICH schema: null when valid, else the first error with its line. */
export type SchemaCheck = (path: string) => Promise<{ line: number; message: string } | null>;

/** Where a MedDRA code was found in a report. */
export interface UnknownMeddra {
  element: string;
  code: string;
}

export interface ReadBatch {
  batch: IcsrBatchHeader;
  headerUnmapped: UnmappedElement[];
  reports: ParsedReport[];
  /** Per report (same order): the LLT codes the dictionary lacks. */
  unknownMeddra: UnknownMeddra[][];
  /** LLT code → name, of the codes the dictionary has. */
  meddraNames: ReadonlyMap<string, string>;
  schemaChecked: boolean;
}

/** Every MedDRA code of a report, with the element that holds it. */
function meddraCodes(report: ParsedReport): UnknownMeddra[] {
  const { icsr } = report;
  const found: UnknownMeddra[] = [];
  const add = (element: string, term: { code: string } | null | undefined) => {
    if (term?.code) found.push({ element, code: term.code });
  };
  icsr.reactions.forEach((r) => add('E.i.2.1b', r.term));
  icsr.patient.medicalHistory.forEach((h) => add('D.7.1.r.1b', h.disease));
  icsr.patient.pastDrugs.forEach((d) => {
    add('D.8.r.6b', d.indication);
    add('D.8.r.7b', d.reaction);
  });
  icsr.patient.death?.reportedCauses.forEach((c) => add('D.9.2.r.1b', c.term));
  icsr.patient.death?.autopsyCauses.forEach((c) => add('D.9.4.r.1b', c.term));
  icsr.tests.forEach((t) => add('F.r.2.2b', t.term));
  icsr.drugs.forEach((d) => d.indications.forEach((i) => add('G.k.7.r.2b', i.term)));
  icsr.narrative.senderDiagnoses.forEach((t) => add('H.3.r.1b', t));
  return found;
}

const LOOKUP_BATCH = 5_000;

/** LLT code → name, of the codes the dictionary has. */
export async function meddraNamesOf(db: DbOrTx, codes: ReadonlySet<string>): Promise<Map<string, string>> {
  const numbers = [...codes].filter((code) => /^\d{1,9}$/.test(code)).map(Number);
  const names = new Map<string, string>();
  for (let start = 0; start < numbers.length; start += LOOKUP_BATCH) {
    const rows = await db
      .select({ code: meddraLlt.code, name: meddraLlt.name })
      .from(meddraLlt)
      .where(inArray(meddraLlt.code, numbers.slice(start, start + LOOKUP_BATCH)));
    for (const row of rows) names.set(String(row.code), row.name);
  }
  return names;
}

export interface ReadOptions {
  schemaCheck?: SchemaCheck | null;
  limits?: E2bReadLimits;
  signal?: AbortSignal;
  /** Told after each report is parsed (the import job's progress). */
  onReport?: (parsed: number) => Promise<void>;
}

/** Checks and parses the batch at `path` (no database); throws `E2bReadError` (Spanish) when it is refused. */
export async function parseBatchFile(path: string, options: ReadOptions = {}): Promise<Omit<ReadBatch, 'unknownMeddra' | 'meddraNames'>> {
  const limits = options.limits ?? { ...E2B_READ_LIMITS };
  if (options.schemaCheck) {
    // The reader's own checks first (size, DTD, depth): the schema validator is not handed a hostile file.
    for await (const element of readE2bBatch(path, limits)) void element;
    const invalid = await options.schemaCheck(path);
    if (invalid) throw new E2bReadError(MSG.e2bImport.schemaInvalid(invalid.line, invalid.message), invalid.line);
  }
  const reports: ParsedReport[] = [];
  const reader = readE2bBatch(path, limits);
  for (;;) {
    options.signal?.throwIfAborted();
    const next = await reader.next();
    if (next.done) {
      const header = parseBatchHeader(next.value.header);
      return { batch: header.batch, headerUnmapped: header.unmapped, reports, schemaChecked: Boolean(options.schemaCheck) };
    }
    reports.push(parseReport(next.value, reports.length + 1));
    if (options.onReport) await options.onReport(reports.length);
  }
}

/** `parseBatchFile`, then the MedDRA codes looked up in the dictionary. */
export async function readBatch(db: DbOrTx, path: string, options: ReadOptions = {}): Promise<ReadBatch> {
  const parsed = await parseBatchFile(path, options);
  const perReport = parsed.reports.map(meddraCodes);
  const names = await meddraNamesOf(db, new Set(perReport.flat().map((m) => m.code)));
  return { ...parsed, unknownMeddra: perReport.map((codes) => codes.filter((m) => !names.has(m.code))), meddraNames: names };
}

/** What a report says, for the preview and the import's list. */
export function summarize(
  report: Pick<ParsedReport, 'index' | 'icsr' | 'problems' | 'unmapped'> & { header: Pick<ParsedReport['header'], 'messageId'> },
  read: Pick<ReadBatch, 'meddraNames'>,
  unknown: readonly UnknownMeddra[],
  outcome: { reference: string | null; meta: string | null; refusal: string | null; products?: readonly (string | null)[] } = { reference: null, meta: null, refusal: null },
): E2bReportSummary {
  const { icsr } = report;
  const name = icsr.patient.name;
  const sex = icsr.patient.sex;
  let suspectIndex = 0;
  return {
    index: report.index,
    messageId: report.header.messageId,
    safetyReportId: icsr.report.safetyReportId,
    worldwideCaseId: icsr.report.worldwideUniqueId,
    patient: isNullValue(name) ? name.nullFlavor : name,
    sex: sex === null ? null : isNullValue(sex) ? sex.nullFlavor : sex === '1' ? 'M' : 'F',
    reactions: icsr.reactions.map((reaction) => {
      const code = reaction.term?.code ?? null;
      const written = reaction.primarySourceText === null || isNullValue(reaction.primarySourceText) ? reaction.translation : reaction.primarySourceText;
      return { code, version: reaction.term?.version ?? null, term: (code ? read.meddraNames.get(code) : undefined) ?? written ?? null, known: code !== null && read.meddraNames.has(code) };
    }),
    drugs: icsr.drugs.map((drug) => {
      const suspect = drug.role === '1' || drug.role === '3';
      const product = suspect ? (outcome.products?.[suspectIndex++] ?? null) : null;
      return { name: drug.name, role: drug.role, product };
    }),
    problems: [...report.problems, ...unknown.map((m) => `${m.element}: ${MSG.e2bImport.unknownMeddra(m.code)}`)],
    unmapped: report.unmapped.map(({ path, line }) => ({ path, line })),
    reference: outcome.reference,
    meta: outcome.meta,
    refusal: outcome.refusal,
  };
}
