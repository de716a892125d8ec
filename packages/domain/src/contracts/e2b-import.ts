import { z } from 'zod';
import { MSG } from '../messages.js';

/**
 * E2B(R3) import (issue 29 §4, docs/e2b-import.md): the preview of a batch stored with its
 * import job (`ImportEntry`, kind 'e2b'), the confirmation's choices and what each report of
 * an import became.
 */

/** 'inbox': incoming reports for the triage; 'historic': historic cases (IsHistoric). */
export const E2B_IMPORT_MODES = ['inbox', 'historic'] as const;
export type E2bImportMode = (typeof E2B_IMPORT_MODES)[number];

/** `confirme2bimport/{code}`: how the previewed reports are stored (validated on the server). */
export const e2bConfirmSchema = z.object({
  mode: z.enum(E2B_IMPORT_MODES, { error: MSG.e2bImport.modeRequired }),
  /** ISO 3166-1 code of the country the reports are registered in. */
  country: z
    .string({ error: MSG.e2bImport.countryRequired })
    .trim()
    .regex(/^[A-Za-z]{2}$/, MSG.e2bImport.countryRequired)
    .transform((code) => code.toUpperCase()),
  /** Id of the catalogue product given to the suspect drugs whose name no catalogue product has. */
  product: z.coerce
    .number({ error: MSG.e2bImport.productRequired })
    .int(MSG.e2bImport.productRequired)
    .min(1, MSG.e2bImport.productRequired)
    .max(2_147_483_647, MSG.e2bImport.productRequired),
});
export type E2bConfirm = z.infer<typeof e2bConfirmSchema>;

export const e2bUnmappedSchema = z.object({ path: z.string(), line: z.number().int() });

/** A reaction as read: its LLT code (null when none) and whether the MedDRA dictionary has it. */
export const e2bReactionSummarySchema = z.object({
  code: z.string().nullable(),
  version: z.string().nullable(),
  /** The term as the dictionary names it, else as the reporter wrote it. */
  term: z.string().nullable(),
  known: z.boolean(),
});

/** One report of a batch: what was understood, what was not, and (after an import) what it became. */
export const e2bReportSummarySchema = z.object({
  index: z.number().int(),
  messageId: z.string(),
  safetyReportId: z.string(),
  worldwideCaseId: z.string(),
  patient: z.string().nullable(),
  sex: z.string().nullable(),
  reactions: z.array(e2bReactionSummarySchema),
  drugs: z.array(z.object({ name: z.string(), role: z.string(), product: z.string().nullable() })),
  /** Mandatory elements missing (Spanish, with the element number). */
  problems: z.array(z.string()),
  /** Elements not mapped (kept verbatim with the report). */
  unmapped: z.array(e2bUnmappedSchema),
  /** After the import: the incoming report's RH number or the case's reference; null in a preview or when refused. */
  reference: z.string().nullable(),
  /** The case's Meta (historic mode), to open it. */
  meta: z.string().nullable(),
  /** Why this report was not stored (Spanish), null when it was. */
  refusal: z.string().nullable(),
});
export type E2bReportSummary = z.infer<typeof e2bReportSummarySchema>;

export const e2bBatchSummarySchema = z.object({
  batchNumber: z.string(),
  senderId: z.string(),
  receiverId: z.string(),
  transmissionDate: z.string(),
});

/**
 * `gete2bimportreports/{code}`: an E2B import's preview (once its job ended S) and, after the
 * confirmation, its mode, what each report became and the ACK's code.
 */
export const e2bImportReportsSchema = z.object({
  code_import: z.string(),
  /** Null until confirmed. */
  mode: z.enum(E2B_IMPORT_MODES).nullable(),
  /** When the reports were stored (ISO), null before. */
  confirmedAt: z.string().nullable(),
  /** Null while the file has not been read yet (or when it was refused). */
  batch: e2bBatchSummarySchema.nullable(),
  /** Whether the file was checked against the official XSD (false: no schema configured). */
  schemaChecked: z.boolean(),
  /** N.1 elements not mapped (kept verbatim). */
  headerUnmapped: z.array(e2bUnmappedSchema),
  /** AA, AE or AR once the import ended with an acknowledgement; null before. */
  ackCode: z.string().nullable(),
  reports: z.array(e2bReportSummarySchema),
});
export type E2bImportReports = z.infer<typeof e2bImportReportsSchema>;
