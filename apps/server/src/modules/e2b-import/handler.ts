import { createReadStream } from 'node:fs';
import { type Icsr, MSG } from '@atalaya/domain';
import { eq } from 'drizzle-orm';
import { e2bImportReports, e2bImports } from '../../db/schema/index.js';
import { type ImportHandler, type ImportJobContext, ImportRejected } from '../imports/index.js';
import { readBatch } from './batch.js';
import { xsdSchemaCheck } from './schema.js';
import { E2bReadError } from './xml.js';

/**
 * The E2B(R3) import's job (docs/e2b-import.md 'How it runs'): reads the uploaded batch safely
 * (the official schema first when ATALAYA_E2B_XSD_DIR is set), one report at a time with
 * progress, looks its MedDRA codes up, and stores the preview with the import: the batch's
 * header and, per report, the ICSR as read, its problems, the codes the dictionary lacks and
 * the elements not mapped, verbatim. Nothing a user reads changes: the reports become incoming
 * reports or historic cases only when someone confirms the import (service.ts).
 */

/** Start tags of the reports, to tell the progress before the reports are parsed. */
const REPORT_TAG = /<(?:[A-Za-z_][\w.-]*:)?PORR_IN049016UV[\s/>]/g;

/** How many reports the file holds, by a quick pass over its bytes (0 when none is found). */
async function countReports(path: string, signal: AbortSignal): Promise<number> {
  let count = 0;
  let tail = '';
  for await (const chunk of createReadStream(path, { encoding: 'latin1', highWaterMark: 256 * 1024 })) {
    signal.throwIfAborted();
    const text = tail + (chunk as string);
    for (const match of text.matchAll(REPORT_TAG)) if (match.index + match[0].length > tail.length) count += 1;
    tail = text.slice(-40);
  }
  return count;
}

/** Rows per insert of the preview (an ICSR of FDA's largest instance is some 60 KB of JSON). */
const INSERT_BATCH = 50;

export function createE2bImportHandler(options: { xsdDir?: string | undefined } = {}): ImportHandler {
  const schemaCheck = options.xsdDir ? xsdSchemaCheck(options.xsdDir) : null;
  return {
    kind: 'e2b',
    async run(ctx: ImportJobContext) {
      const table = MSG.e2bImport.reportsTable;
      await ctx.declareTables([table]);
      await ctx.tableStarted(table, 1);
      const expected = await countReports(ctx.filePath, ctx.signal);
      let read;
      try {
        read = await readBatch(ctx.db, ctx.filePath, {
          schemaCheck,
          signal: ctx.signal,
          onReport: (parsed) => ctx.tableProgress(table, parsed, 5 + Math.floor((80 * parsed) / Math.max(expected, parsed))),
        });
      } catch (error) {
        if (error instanceof E2bReadError) {
          throw new ImportRejected(error.message, error.line === null ? [] : [{ sheet: ctx.fileName, row: error.line, column: '', message: error.message }]);
        }
        throw error;
      }
      ctx.signal.throwIfAborted();
      const names = Object.fromEntries(read.meddraNames);
      await ctx.db.transaction(async (tx) => {
        // A resumed job reads the file again from the start.
        await tx.delete(e2bImportReports).where(eq(e2bImportReports.importId, ctx.importId));
        await tx.delete(e2bImports).where(eq(e2bImports.importId, ctx.importId));
        await tx.insert(e2bImports).values({ importId: ctx.importId, batch: read.batch, headerUnmapped: read.headerUnmapped, schemaChecked: read.schemaChecked });
        for (let start = 0; start < read.reports.length; start += INSERT_BATCH) {
          await tx.insert(e2bImportReports).values(
            read.reports.slice(start, start + INSERT_BATCH).map((report, offset) => {
              const unknown = read.unknownMeddra[start + offset] ?? [];
              const own = Object.fromEntries(
                [...new Set(report.icsr.reactions.map((r) => r.term?.code).concat(collectCodes(report.icsr)))].flatMap((code) => (code && names[code] ? [[code, names[code]]] : [])),
              );
              return {
                importId: ctx.importId,
                position: report.index,
                line: report.line,
                messageId: report.header.messageId,
                messageCreationDate: report.header.creationDate,
                safetyReportId: report.icsr.report.safetyReportId,
                worldwideCaseId: report.icsr.report.worldwideUniqueId,
                icsr: report.icsr as unknown as Record<string, unknown>,
                problems: report.problems,
                unknownMeddra: unknown,
                meddraNames: own,
                unmapped: report.unmapped,
              };
            }),
          );
        }
      });
      await ctx.tableDone(table, read.reports.length, 100);
    },
  };
}

/** The MedDRA codes of a report besides its reactions' (history, indications, causes, tests, diagnoses). */
function collectCodes(icsr: Icsr): (string | undefined)[] {
  return [
    ...icsr.patient.medicalHistory.map((h) => h.disease.code),
    ...icsr.patient.pastDrugs.flatMap((d) => [d.indication?.code, d.reaction?.code]),
    ...(icsr.patient.death?.reportedCauses ?? []).map((c) => c.term?.code),
    ...(icsr.patient.death?.autopsyCauses ?? []).map((c) => c.term?.code),
    ...icsr.tests.map((t) => t.term?.code),
    ...icsr.drugs.flatMap((d) => d.indications.map((i) => i.term?.code)),
    ...icsr.narrative.senderDiagnoses.map((t) => t.code),
  ];
}
