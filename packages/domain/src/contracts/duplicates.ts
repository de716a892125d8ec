import { z } from 'zod';
import { DUPLICATE_FIELDS } from '../duplicates.js';
import { MSG } from '../messages.js';
import { importEntrySchema } from './imports.js';

/**
 * Duplicate detection's contract (docs/duplicates.md): the candidates of a case or of an
 * incoming report, each with its score and every field compared; the pair decisions; the
 * QPPV's list of suspected pairs.
 */

/** One compared field: how the two sides compare, its weight, and each side's value as shown. */
export const duplicateFieldSchema = z.object({
  Campo: z.enum(DUPLICATE_FIELDS),
  Etiqueta: z.string(),
  /** 'agree', 'near' (a typo), 'disagree', 'missing'. */
  Resultado: z.enum(['agree', 'near', 'disagree', 'missing']),
  /** Log2 likelihood ratio (bits); 0 when missing. */
  Peso: z.number(),
  /** The value of the report or case being looked at, and of the candidate ('' when not given). */
  Este: z.string(),
  Otro: z.string(),
});
export type DuplicateFieldComparison = z.infer<typeof duplicateFieldSchema>;

/** A possible duplicate: a case in the caller's reach. */
export const duplicateCandidateSchema = z.object({
  Meta: z.string(),
  NumeroReferencia: z.string(),
  /** Status id of the case. */
  Estado: z.number().int(),
  FechaCreacion: z.string(),
  /** The score (bits); proposed when at or above `Umbral`. */
  Puntaje: z.number(),
  /** The agreeing fields in Spanish ('Iniciales del paciente: coinciden'), heaviest first. */
  Razones: z.array(z.string()),
  Campos: z.array(duplicateFieldSchema),
});
export type DuplicateCandidate = z.infer<typeof duplicateCandidateSchema>;

/** A case linked as a duplicate (or the master it is a duplicate of). */
export const duplicateLinkSchema = z.object({
  /** The case's Meta; null for an incoming report. */
  Meta: z.string().nullable(),
  Referencia: z.string(),
  Fecha: z.string(),
  Usuario: z.string(),
  Comentario: z.string(),
});
export type DuplicateLink = z.infer<typeof duplicateLinkSchema>;

/**
 * `GET /api/getDuplicateCandidatesByMeta/{meta}` and `GET /api/getDuplicateCandidatesByHomeReport/{id}`:
 * the candidates at or above the threshold, highest score first, and (for a case) its links.
 */
export const duplicateCandidatesSchema = z.object({
  Umbral: z.number(),
  Candidatos: z.array(duplicateCandidateSchema),
  /** The case this one was marked a duplicate of (a case only). */
  DuplicadoDe: duplicateLinkSchema.nullable(),
  /** The cases and incoming reports marked duplicates of this one (a case only). */
  Vinculados: z.array(duplicateLinkSchema),
});
export type DuplicateCandidates = z.infer<typeof duplicateCandidatesSchema>;

const STRICT = { error: (issue: { code?: string }) => (issue.code === 'unrecognized_keys' ? MSG.noKpi.unknownField : undefined) };
const comment = z.string().trim().min(1, MSG.duplicates.commentRequired).max(2000, MSG.generic.maxLength(2000));
const meta = z.string().min(1).max(64);

/**
 * `POST /api/setDuplicateDecision`: the decision on a pair. The subject is a case (`Meta`) or an
 * incoming report (`HomeReportId`); `OtroMeta` the candidate case. 'duplicate' needs
 * `MaestroMeta`, one of the pair's cases (for a report: the candidate).
 */
export const duplicateDecisionSchema = z
  .strictObject(
    {
      Meta: meta.optional(),
      HomeReportId: z.uuid().optional(),
      OtroMeta: meta,
      Decision: z.enum(['duplicate', 'not-duplicate']),
      MaestroMeta: meta.optional(),
      Comentario: comment,
    },
    STRICT,
  )
  .refine((body) => (body.Meta === undefined) !== (body.HomeReportId === undefined), { message: MSG.duplicates.subjectRequired })
  .refine((body) => body.Decision === 'not-duplicate' || body.MaestroMeta !== undefined || body.HomeReportId !== undefined, { message: MSG.duplicates.masterNotInPair });
export type DuplicateDecisionInput = z.infer<typeof duplicateDecisionSchema>;

/** A side of a suspected pair in the QPPV's list. */
export const duplicatePairSideSchema = z.object({ Meta: z.string(), NumeroReferencia: z.string(), Estado: z.number().int(), FechaCreacion: z.string() });

/** How many pairs a page of the 'Duplicados' screen holds. */
export const DUPLICATE_PAIRS_PAGE = 50;

/** A page cursor of `getDuplicatePairs` (`Siguiente`): the last pair's newer case's creation and the pair's id. */
export const DUPLICATE_PAIRS_CURSOR = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z_\d{1,18}$/;

/** `GET /api/getDuplicatePairs?desde=…`: the query (no `desde`: the first page). */
export const duplicatePairsQuerySchema = z.object({
  desde: z.string().max(60).regex(DUPLICATE_PAIRS_CURSOR, MSG.duplicates.invalidCursor).optional(),
});

/**
 * `GET /api/getDuplicatePairs`: the stored suspected pairs in reach (both cases), at or above
 * the threshold, not decided, neither case marked duplicate, the newest case first, a page of
 * `DUPLICATE_PAIRS_PAGE`; `Siguiente` the next page's cursor (null on the last).
 */
export const duplicatePairsSchema = z.object({
  Umbral: z.number(),
  Pares: z.array(
    z.object({
      A: duplicatePairSideSchema,
      B: duplicatePairSideSchema,
      Puntaje: z.number(),
      Razones: z.array(z.string()),
    }),
  ),
  Siguiente: z.string().nullable(),
});
export type DuplicatePairs = z.infer<typeof duplicatePairsSchema>;

/**
 * `GET /api/getDuplicateScan` and `POST /api/startDuplicateScan`: the newest whole-database
 * scan (a job of kind 'duplicates', code 'DUP-2026-0001'), null when none ran yet.
 */
export const duplicateScanSchema = z.object({ Busqueda: importEntrySchema.nullable() });
export type DuplicateScan = z.infer<typeof duplicateScanSchema>;
