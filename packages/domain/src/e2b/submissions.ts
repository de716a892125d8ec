import { z } from 'zod';
import { PERMISSIONS } from '../access.js';

/**
 * The answers of the submission routes ('Envíos E2B' of the case view). The receivers an export may
 * be addressed to are kept in Configuración (receivers.ts).
 */

/** Whether a role exports, lists and acknowledges E2B submissions (the permission `e2b.submit`). */
export function canUseE2b(role: string | null | undefined): boolean {
  return PERMISSIONS['e2b.submit'].some((entry) => entry === role);
}

/** Where the MedDRA version of an export (E.i.2.1a) came from: the imported release, or the fallback of Configuración. */
export const E2B_MEDDRA_VERSION_SOURCES = ['import', 'setting'] as const;
export type E2bMeddraVersionSource = (typeof E2B_MEDDRA_VERSION_SOURCES)[number];

/** The status of a submission: generated, then sent, then acknowledged by the receiver. */
export const E2B_SUBMISSION_STATUSES = ['generated', 'sent', 'ack-accepted', 'ack-rejected'] as const;
export type E2bSubmissionStatus = (typeof E2B_SUBMISSION_STATUSES)[number];

export const E2B_STATUS_LABELS: Readonly<Record<E2bSubmissionStatus, string>> = {
  generated: 'Generado',
  sent: 'Enviado',
  'ack-accepted': 'ACK aceptado',
  'ack-rejected': 'ACK rechazado',
};

export const e2bSubmissionSchema = z.object({
  Id: z.number().int(),
  Receptor: z.string(),
  ReceptorNombre: z.string(),
  /** 1 the initial report, then each follow-up. */
  Version: z.number().int(),
  /** 'initial', 'follow-up' or 'nullification'. */
  Tipo: z.string(),
  Lote: z.string(),
  /** N.2.r.1 = C.1.1. */
  Mensaje: z.string(),
  /** C.1.8.1. */
  CasoMundial: z.string(),
  Sha256: z.string(),
  Estado: z.enum(E2B_SUBMISSION_STATUSES),
  EstadoNombre: z.string(),
  /** The receiver's message of its ACK. */
  MensajeReceptor: z.string().nullable(),
  EsquemaVerificado: z.boolean(),
  /** E.i.2.1a written in the file (null for the submissions made before it was recorded). */
  VersionMedDRA: z.string().nullable(),
  /** 'import': the MedDRA release loaded; 'setting': the fallback version of Configuración. */
  OrigenVersionMedDRA: z.enum(E2B_MEDDRA_VERSION_SOURCES).nullable(),
  /** The receiver's warnings that did not refuse the export (the FDA's W-rules, for ZZFDA), each naming its element. */
  Avisos: z.array(z.string()),
  Usuario: z.string(),
  /** ISO 8601. */
  Fecha: z.string(),
});
export type E2bSubmission = z.infer<typeof e2bSubmissionSchema>;

/** 422: the export was refused; each problem names the element ("E.i.2.1b Código LLT de la reacción: falta"). */
export const e2bExportRefusalSchema = z.object({
  Message: z.string(),
  Problems: z.array(z.string()),
  /** False when the server has no ICH schema configured: only the ICH rules ran. */
  SchemaChecked: z.boolean(),
});
export type E2bExportRefusal = z.infer<typeof e2bExportRefusalSchema>;

/** The result of an ACK upload: the submissions it updated. */
export const e2bAckResultSchema = z.object({
  Lote: z.string(),
  Codigo: z.string(),
  MensajeReceptor: z.string().nullable(),
  Actualizados: z.array(e2bSubmissionSchema),
});
export type E2bAckResult = z.infer<typeof e2bAckResultSchema>;

/** The most cases one batch export holds (a selection of the event search). */
export const E2B_BATCH_MAX_CASES = 1000;

/** A case of a batch export that was left out, with why (the same Spanish problems as a single export). */
export const e2bBatchRefusedSchema = z.object({
  /** The case's Meta. */
  Caso: z.string(),
  /** Its reference number. */
  Referencia: z.string(),
  Problemas: z.array(z.string()),
});
export type E2bBatchRefused = z.infer<typeof e2bBatchRefusedSchema>;

/** A case a batch export holds: its submission. */
export const e2bBatchExportedSchema = z.object({
  Caso: z.string(),
  Referencia: z.string(),
  /** The submission (its row in the case's 'Envíos E2B'). */
  Id: z.number().int(),
  Version: z.number().int(),
  Tipo: z.string(),
  /** N.2.r.1 = C.1.1. */
  Mensaje: z.string(),
});
export type E2bBatchExported = z.infer<typeof e2bBatchExportedSchema>;

/** 200 of exportE2BBatch: the batch (one MCCI_IN200100UV01 of every valid case), and the cases left out. */
export const e2bBatchResultSchema = z.object({
  /** N.1.2: the batch number; its file is getE2BBatch/{Lote}. */
  Lote: z.string(),
  Receptor: z.string(),
  /** SHA-256 of the batch file. */
  Sha256: z.string(),
  EsquemaVerificado: z.boolean(),
  Exportados: z.array(e2bBatchExportedSchema),
  Rechazados: z.array(e2bBatchRefusedSchema),
});
export type E2bBatchResult = z.infer<typeof e2bBatchResultSchema>;

/** 422 of exportE2BBatch: no case of the selection could be exported; each with its problems. */
export const e2bBatchRefusalSchema = z.object({
  Message: z.string(),
  SchemaChecked: z.boolean(),
  Rechazados: z.array(e2bBatchRefusedSchema),
});
export type E2bBatchRefusal = z.infer<typeof e2bBatchRefusalSchema>;
