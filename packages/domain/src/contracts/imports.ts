import { z } from 'zod';

/**
 * Importación de datos (platform spec §2 'Importación de datos', §3 'MedDRA import' and
 * 'Data import', §4 statuses and progress, §5 the .ZIP rule, §7 the calls). What the spec
 * leaves open (the product file, cancel, the error report, the hub event) is decided in
 * docs/imports.md.
 *
 * Field names are the spec's, `insterted` included (spec §3 spells it so).
 */

/** Spec §4: E error, D running, C cancelled, S ok, P pending. */
export const importStatusSchema = z.enum(['E', 'D', 'C', 'S', 'P']);
export type ImportStatus = z.infer<typeof importStatusSchema>;

/** The kinds of import: the MedDRA dictionary, the product catalogue ('data'), E2B(R3) batches ('e2b', docs/e2b-import.md) and the whole-database duplicate scan ('duplicates', a job without a file: docs/duplicates.md). */
export const IMPORT_KINDS = ['meddra', 'data', 'e2b', 'duplicates'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
/** The kinds that start from an uploaded file (the ADMIN's panels and the E2B import); the duplicate scan has its own calls. */
export type UploadImportKind = Exclude<ImportKind, 'duplicates'>;

/** One entry of `Tables`: a file of the MedDRA release or a sheet of the catalogue. */
export const importTableSchema = z.object({
  table: z.string(),
  status: importStatusSchema,
  date_start: z.string().nullable(),
  date_end: z.string().nullable(),
  insterted: z.number().int(),
});
export type ImportTable = z.infer<typeof importTableSchema>;

/**
 * An import as the panels list it (`getdataimport`, `getmeddraimport`) and as the detail
 * returns it (`getdataimportcode/{code}`, `getmeddraimportcode/{code}`). `meddra_version` is
 * null for a data import and until the release file has been read. Ours besides the spec:
 * `FileName`, `table` (the entry being loaded now, null when none), `error` (the Spanish
 * reason of an E import, null otherwise) and `errors` (how many row errors the downloadable
 * report holds; 0 when none).
 */
export const importEntrySchema = z.object({
  code_import: z.string(),
  meddra_version: z.string().nullable(),
  Usuario: z.string(),
  FileName: z.string().nullable(),
  date_start: z.string(),
  date_end: z.string().nullable(),
  status: importStatusSchema,
  percentage: z.number().int().min(0).max(100),
  table: z.string().nullable(),
  error: z.string().nullable(),
  errors: z.number().int(),
  Tables: z.array(importTableSchema),
});
export type ImportEntry = z.infer<typeof importEntrySchema>;

export const importListSchema = z.array(importEntrySchema);
export type ImportList = z.infer<typeof importListSchema>;

/** The answer of an upload (`uploadmeddra`, `uploaddata`): the new import, status P, at once. */
export const importStartedSchema = importEntrySchema;

/**
 * The hub's progress event (`HUB_EVENTS.importProgress`), sent to the ADMIN room on every
 * change of status, table or percentage; the panel refetches the import on receipt and polls
 * every `IMPORT_POLL_MS` while one is incomplete, in case the hub is down.
 */
export const importProgressEventSchema = z.object({
  kind: z.enum(IMPORT_KINDS),
  code_import: z.string(),
  status: importStatusSchema,
  percentage: z.number().int(),
  table: z.string().nullable(),
});
export type ImportProgressEvent = z.infer<typeof importProgressEventSchema>;

/**
 * The API paths of the imports (all under /api/, ADMIN only). The spec names the four reads
 * and `uploadmeddra`; the other five are ours (docs/imports.md).
 */
export const IMPORT_PATHS = {
  meddraList: 'getmeddraimport',
  meddraDetail: 'getmeddraimportcode', // + '/{code}'
  meddraUpload: 'uploadmeddra', // multipart: FileName, file, password
  dataList: 'getdataimport',
  dataDetail: 'getdataimportcode', // + '/{code}'
  dataUpload: 'uploaddata', // multipart: FileName, file
  dataTemplate: 'getdataimporttemplate', // ?format=xlsx|csv (sheet=<name> for one CSV)
  cancel: 'cancelimport', // POST + '/{code}'
  errorReport: 'getimporterrors', // + '/{code}': text/csv, one line per row error
  e2bUpload: 'uploade2b', // multipart: FileName, file (.xml): read in the background into a preview
  e2bList: 'gete2bimport',
  e2bDetail: 'gete2bimportcode', // + '/{code}'
  e2bReports: 'gete2bimportreports', // + '/{code}': the preview, then what each report became
  e2bConfirm: 'confirme2bimport', // POST + '/{code}': { mode, country, product }
  e2bAck: 'gete2back', // + '/{code}': our acknowledgement (MCCI_IN200101UV01) for the sender
} as const;
