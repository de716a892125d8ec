import { z } from 'zod';

/**
 * The answers of the submission routes ('Envíos E2B' of the case view). The receivers an export may
 * be addressed to are kept in Configuración (receivers.ts).
 */

/** The roles that export, list and acknowledge E2B submissions (the server's CASE_WRITERS). */
export const E2B_ROLES = ['QPPV', 'RLF'] as const;

export function canUseE2b(role: string | null | undefined): boolean {
  return E2B_ROLES.some((entry) => entry === role);
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
