import { z } from 'zod';
import { DUPLICATE_FIELDS } from '../duplicates.js';
import { MSG } from '../messages.js';

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

/** `GET /api/getDuplicatePairs`: the suspected pairs in reach, the newest case first. */
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
});
export type DuplicatePairs = z.infer<typeof duplicatePairsSchema>;
