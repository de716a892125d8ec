import { z } from 'zod';
import { DATE_LABELS, isEndBeforeStart, optionalDate, optionalPastDate } from './dates.js';
import { MAX_NOTE_LENGTH } from './documents.js';
import { FIELD_LIMITS } from './field-limits.js';
import { ER_STATUS } from './event-status.js';
import { signatureSchema } from './auth.js';
import { dbId, isEmptyChoice, requiredText } from './fields.js';
import { MSG } from './messages.js';
import { NARANJO_QUESTION_KEYS } from './naranjo.js';
import { canEditRecovery } from './permissions.js';
import type { Role } from './roles.js';
import { SEND_ACTIONS, type SendAction } from './workflow.js';
import { canUseE2b } from './e2b/submissions.js';
import { updateRamBodySchema } from './case-wizard.js';

/**
 * The event view (event spec §2.3) and the case workflow (§4, workflow.md): what the tabs
 * read and write. Bodies name the case by its Meta (docs/wizard.md 'Identifiers in bodies').
 */

const optionalText = (max = MAX_NOTE_LENGTH) =>
  z
    .string()
    .trim()
    .max(max, MSG.generic.maxLength(max))
    .nullish()
    .transform((value) => (value ? value : null));
const pastDate = (label: string) => optionalPastDate(label).transform((value) => (value ? value : null));
const optionalId = () =>
  z
    .preprocess(
      (value) => (isEmptyChoice(value) ? null : typeof value === 'string' ? Number(value) : value),
      dbId(MSG.generic.select).nullable(),
    )
    .optional()
    .transform((value) => value ?? null);
const flag = () => z.boolean().nullish().transform((value) => value ?? false);
const meta = z.string({ error: MSG.lists.eventNotFound }).trim().min(1, MSG.lists.eventNotFound).max(64, MSG.lists.eventNotFound);

// ---------------------------------------------------------------------------------------
// Tabs (route values as the spec spells them)

export const EVENT_VIEW_TABS = [
  { step: 'details', label: 'Detalle' },
  { step: 'docuemnts', label: 'Documentos' },
  { step: 'ram', label: 'RAM' },
  { step: 'recovery', label: 'Recuperacion' },
  { step: 'operations', label: 'Operaciones' },
  { step: 'evaluation', label: 'Imputabilidad' },
  { step: 'followup', label: 'Seguimiento' },
  { step: 'pdfs', label: 'Historial de PDFs' },
  { step: 'eventoSeguimiento', label: 'Eventos de Seguimiento' },
  // (ours) The E2B(R3) submissions of the case (docs/e2b.md): QPPV and RLF only.
  { step: 'e2b', label: 'Envíos E2B' },
] as const;
export type EventViewTab = (typeof EVENT_VIEW_TABS)[number]['step'];

/**
 * The tabs a case shows: RAM only for a RAM case, Seguimiento only when it has follow-ups (spec §2.3),
 * Envíos E2B only to the roles that export (QPPV, RLF; without a role, not shown).
 */
export function visibleViewTabs(event: { IsRAM: boolean; TieneFollowUp: boolean; IsHistoric?: boolean }, role?: string | null): EventViewTab[] {
  return EVENT_VIEW_TABS.map((tab) => tab.step).filter(
    // A historic case allows only the PDF export (spec: IsHistoric), so it has no 'Envíos E2B'.
    (step) => (step !== 'ram' || event.IsRAM) && (step !== 'followup' || event.TieneFollowUp) && (step !== 'e2b' || (canUseE2b(role) && event.IsHistoric !== true)),
  );
}

// ---------------------------------------------------------------------------------------
// Workflow actions (getActionsERByMeta, sendAccion)

/** How each action reads in the view: its button, the confirmation's title and text (ours). */
export const ACTION_LABELS: Readonly<Record<SendAction, { button: string; title: string; text: string }>> = {
  AprobarRLF: { button: 'Aprobar', title: 'Aprobar el evento', text: 'El evento pasará a evaluación del QPPV.' },
  MasInfo: { button: 'Solicitar más información', title: 'Solicitar más información', text: 'El evento volverá al RLF para completar la información.' },
  ActivarRLF: { button: 'Reactivar', title: 'Reactivar el evento', text: 'El evento volverá a revisión del RLF.' },
  ArchivarRLF: { button: 'Archivar', title: 'Archivar el evento', text: 'El evento quedará archivado por el RLF.' },
  DesarchivarRLF: { button: 'Desarchivar', title: 'Desarchivar el evento', text: 'El evento volverá a revisión del RLF.' },
  EnEsperaFabricante: {
    button: 'Solicitar evaluación al fabricante',
    title: 'Solicitar la evaluación del fabricante',
    text: 'El fabricante recibirá el evento para leer la evaluación de imputabilidad.',
  },
  AprobarFabricante: { button: 'Aprobar evaluación', title: 'Aprobar la evaluación', text: 'El evento volverá a evaluación del QPPV.' },
  Imputable: { button: 'Concluir imputable', title: 'Concluir: imputable', text: 'El evento se cerrará con relación causal aceptada.' },
  NoImputable: { button: 'Concluir no imputable', title: 'Concluir: no imputable', text: 'El evento se cerrará con relación causal rechazada.' },
  ArchivarQPPV: { button: 'Archivar', title: 'Archivar el evento', text: 'El evento quedará archivado por el QPPV.' },
  ActivarQPPV: { button: 'Reactivar', title: 'Reactivar el evento', text: 'El evento volverá a evaluación del QPPV.' },
  DescargarPdf: { button: 'Descargar PDF', title: 'Descargar PDF', text: 'Se generará el PDF del evento.' },
  Audit: { button: 'Auditoría', title: 'Auditoría', text: 'Ver la auditoría del evento.' },
};

/** getActionsERByMeta: the actions this user may take now, with their labels. */
export const erActionSchema = z.object({
  Accion: z.enum(SEND_ACTIONS),
  Boton: z.string(),
  Titulo: z.string(),
  Texto: z.string(),
  /** The action changes the status (DescargarPdf and Audit do not, and are not sent). */
  CambiaEstado: z.boolean(),
});
export type ErAction = z.infer<typeof erActionSchema>;

/** sendAccion: `{ Event: { Accion, Event: meta, Comments }, Questions }` (spec §7). */
export const sendActionBodySchema = z.object({
  Event: z.object({
    Accion: z.enum(SEND_ACTIONS, { error: MSG.workflow.actionNotAllowed }),
    Event: meta,
    Comments: requiredText(MSG.workflow.commentRequired).max(MAX_NOTE_LENGTH, MSG.generic.maxLength(MAX_NOTE_LENGTH)),
  }),
  /** The confirmation's labels the client showed: accepted, ignored; the history's 'Confirmación' lines are the server's own `ACTION_LABELS`. */
  Questions: z.array(z.string().max(500)).max(20).nullish(),
});
export type SendActionBody = z.input<typeof sendActionBodySchema>;

// ---------------------------------------------------------------------------------------
// Electronic signature (delER, deleting a document from the view)

/** delER: the case and the signature; the signature's comment is the deletion's comment. */
/** A missing signature reads as an empty one, so its first field's message answers ('Comentario requerido'). */
const signature = z.preprocess((value) => value ?? {}, signatureSchema);

export const deleteCaseBodySchema = z.object({ Event: meta, Signature: signature });

/** deleteDocAndNotes: the document, the comment and the electronic signature (always required). */
export const signedDocumentDeleteBodySchema = z.object({
  id: dbId(MSG.wizard.recordNotFound),
  comentario: requiredText(MSG.workflow.commentRequired).max(MAX_NOTE_LENGTH, MSG.generic.maxLength(MAX_NOTE_LENGTH)),
  Signature: signature,
});

/** A case can be deleted while Pendiente (spec §4), by its creator or an RLF of its country. */
export function canDeleteCase(input: { status: number; role: Role; isCreator: boolean }): boolean {
  return input.status === ER_STATUS.PENDIENTE && (input.isCreator || input.role === 'RLF');
}

/** getApprovedFabricByMeta: the manufacturer's latest approval of the evaluation (what a Fabricante's view shows instead of the medical contact). */
export const approvedFabricSchema = z.object({
  Aprobado: z.boolean(),
  Fecha: z.string().nullable(),
  Usuario: z.string().nullable(),
  Comentario: z.string().nullable(),
});
export type ApprovedFabric = z.infer<typeof approvedFabricSchema>;

// ---------------------------------------------------------------------------------------
// Operation history (POST getERHistoryByMeta)

export const HISTORY_PAGE_SIZE = 10;

/**
 * Body of `getERHistoryByMeta` (event spec §7): with `meta`, one case's history (the
 * Operaciones tab); without it, the history of every case in the user's reach, newest first,
 * optionally of the cases whose reference starts with `referencia` (the audit trail's
 * 'Evento Reportable' panel, docs/audit-trail.md). Strict: an unknown field is 400.
 */
export const historyQueryBodySchema = z
  .strictObject(
    {
      meta: meta.nullish().transform((value) => value ?? null),
      referencia: z
        .string({ error: MSG.lists.invalidFilter })
        .trim()
        .max(64, MSG.lists.invalidFilter)
        .refine((value) => !value.includes('\u0000'), MSG.lists.invalidFilter)
        .nullish()
        .transform((value) => (value ? value : null)),
      // A filter's 'Hasta' (or 'Desde') may be in the future, as in the other audit lists: it finds nothing later than today (docs/audit-trail.md).
      from: optionalDate(DATE_LABELS.from).transform((value) => (value ? value : null)),
      to: optionalDate(DATE_LABELS.to).transform((value) => (value ? value : null)),
      orderBy: z.enum(['Date DESC', 'Date ASC'], { error: MSG.lists.invalidOrder }).nullish().transform((value) => value ?? 'Date DESC'),
      pageNumber: z.number({ error: MSG.lists.invalidPage }).int(MSG.lists.invalidPage).min(1, MSG.lists.invalidPage).max(1_000_000, MSG.lists.invalidPage).default(1),
      pageSize: z.number({ error: MSG.lists.invalidFilter }).int(MSG.lists.invalidFilter).min(1, MSG.lists.invalidFilter).max(50, MSG.lists.invalidFilter).default(HISTORY_PAGE_SIZE),
      /** Keyset position of the list without `meta` (docs/api.md 'Paging'). */
      pageKey: z.string({ error: MSG.lists.invalidPageKey }).max(400, MSG.lists.invalidPageKey).nullish(),
    },
    { error: (issue: { code?: string }) => (issue.code === 'unrecognized_keys' ? MSG.audit.unknownField : undefined) },
  )
  .superRefine((body, ctx) => {
    if (isEndBeforeStart(body.from, body.to)) ctx.addIssue({ code: 'custom', message: MSG.audit.datesOutOfOrder, path: ['to'] });
  });
export type HistoryQueryBody = z.input<typeof historyQueryBodySchema>;

export const historyLineSchema = z.object({
  Description: z.string(),
  OldValue: z.string().nullable(),
  NewValue: z.string().nullable(),
  IsFile: z.boolean(),
  Comentario: z.string().nullable(),
});

export const historyEntrySchema = z.object({
  Id: z.number().int(),
  /** The case's Meta and reference (the audit panel links each row to its case). */
  Meta: z.string(),
  NumeroReferencia: z.string().nullable(),
  /** ISO instant (the browser shows it in the user's zone). */
  Date: z.string(),
  DateUTC: z.string(),
  User: z.string(),
  Description: z.string(),
  OperationType: z.enum(['I', 'U', 'D']),
  Comentario: z.string().nullable(),
  Lines: z.array(historyLineSchema),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

// ---------------------------------------------------------------------------------------
// Imputability (getImputEvaluationByMeta, setImputEvaluation)

export const evaluationQuestionSchema = z.object({
  Key: z.enum(NARANJO_QUESTION_KEYS),
  Pregunta: z.string(),
  /** 0 Seleccione, 1 NO, 2 SI, 3 No sabe. */
  Respuesta: z.number().int(),
  Puntaje: z.number().int(),
  LeidoFabricante: z.boolean(),
  LeidoQPPV: z.boolean(),
  RevisadoQPPV: z.boolean(),
  ComentarioQPPV: z.string().nullable(),
});

export const evaluationSchema = z.object({
  Questions: z.array(evaluationQuestionSchema),
  Total: z.number().int(),
  /** Segura, Probable, Posible or Improbable; null while incomplete. */
  Estado: z.string().nullable(),
  Completa: z.boolean(),
  ComentarioQPPV: z.string().nullable(),
  /** What this user may change now (computed by the server). */
  CanEdit: z.boolean(),
  Modificado: z.object({ Usuario: z.string(), Fecha: z.string() }).nullable(),
});
export type Evaluation = z.infer<typeof evaluationSchema>;

export const evaluationAnswerInputSchema = z.object({
  Key: z.enum(NARANJO_QUESTION_KEYS),
  Respuesta: z.number({ error: MSG.imputability.answerRequired }).int().min(0).max(3),
  LeidoFabricante: flag(),
  LeidoQPPV: flag(),
  RevisadoQPPV: flag(),
  ComentarioQPPV: optionalText(),
});

/** setImputEvaluation: `{ er, encuesta, comentario }` (the user comes from the token). */
export const setEvaluationBodySchema = z.object({
  er: meta,
  encuesta: z
    .array(evaluationAnswerInputSchema)
    .length(NARANJO_QUESTION_KEYS.length, MSG.imputability.answerRequired)
    .refine((answers) => new Set(answers.map((answer) => answer.Key)).size === NARANJO_QUESTION_KEYS.length, MSG.imputability.answerRequired),
  comentario: optionalText(),
});
export type SetEvaluationBody = z.input<typeof setEvaluationBodySchema>;

/**
 * Who may save the evaluation, in which status (ours, workflow.md): the RLF while reviewing
 * (2, 4), the QPPV while evaluating (3), the Fabricante while asked (5, its read flags only).
 */
export function canEditEvaluation(role: Role, status: number): boolean {
  if (role === 'RLF') return status === ER_STATUS.EN_REVISION_RLF || status === ER_STATUS.MAS_INFORMACION;
  if (role === 'QPPV') return status === ER_STATUS.EN_EVALUACION_QPPV;
  if (role === 'Fabricante') return status === ER_STATUS.EN_ESPERA_FABRICANTE;
  return false;
}

// ---------------------------------------------------------------------------------------
// RAM classification (updateRAM with the classification part) and notifications

/** A notification needs the date it was made (ours: a notification without a date proves nothing). */
export const ramNotificationInputSchema = z.object({
  Fecha: optionalPastDate(DATE_LABELS.notification).refine((value) => Boolean(value), MSG.ram.notificationDateRequired),
  /** ViaDeComunicacion id. */
  Via: optionalId(),
}).transform((notification) => ({ Fecha: notification.Fecha as string, Via: notification.Via }));
export type RamNotificationInput = z.output<typeof ramNotificationInputSchema>;

export const ramClassificationInputSchema = z
  .object({
    IsRAM: z.boolean({ error: MSG.generic.radio }),
    TypeRAM: optionalId(),
    CategoryRAM: z.array(dbId(MSG.generic.select)).max(20).default([]),
    IsExpected: z.boolean({ error: MSG.generic.radio }),
    Death: flag(),
    LifeThreading: flag(),
    HospitalizationRequired: flag(),
    HospitalizationDateStart: pastDate(DATE_LABELS.hospitalizationStart),
    HospitalizationDateEnd: pastDate(DATE_LABELS.hospitalizationEnd),
    PersistedHospitalization: flag(),
    TransitoryDisability: flag(),
    PersistentDisability: flag(),
    CongenitalAnomaly: flag(),
    AnotherCondition: flag(),
    /** Notified to the local health authority. */
    LocalSanitaryNotificaction: ramNotificationInputSchema.nullish().transform((value) => value ?? null),
    /** Notified to the licence holder / provider (QPPV only). */
    ProviderNotification: ramNotificationInputSchema.nullish().transform((value) => value ?? null),
  })
  .superRefine((ram, ctx) => {
    if (ram.IsRAM && ram.TypeRAM === null) ctx.addIssue({ code: 'custom', message: MSG.generic.select, path: ['TypeRAM'] });
    if (ram.HospitalizationRequired && isEndBeforeStart(ram.HospitalizationDateStart, ram.HospitalizationDateEnd)) {
      ctx.addIssue({ code: 'custom', message: MSG.generic.endBeforeStart, path: ['HospitalizationDateEnd'] });
    }
  })
  .transform((ram) => ({
    ...ram,
    TypeRAM: ram.IsRAM ? ram.TypeRAM : null,
    ...(ram.HospitalizationRequired ? {} : { HospitalizationDateStart: null, HospitalizationDateEnd: null }),
  }));
export type RamClassificationInput = z.input<typeof ramClassificationInputSchema>;

/**
 * updateRAM from the RAM tab's classification modal: the same call as the wizard's, told apart
 * by `ram.IsRAM` (the wizard never sends it).
 */
export const ramClassificationBodySchema = z.object({
  ram: z.object({ Id: dbId(MSG.generic.required, MSG.wizard.recordNotFound), IdER: meta }).and(ramClassificationInputSchema),
  comentario: optionalText(),
});

/**
 * updateRAM's body, either kind: the RAM tab's classification when `ram.IsRAM` is sent, the
 * wizard's fields otherwise. Answers which one it is with the parsed body; a bad body gives the
 * first rule's Spanish message, as any other body does.
 */
export const updateRamRequestSchema = z
  .unknown()
  .transform((body, ctx) => {
    const ram: unknown = typeof body === 'object' && body !== null ? (body as { ram?: unknown }).ram : undefined;
    const classification = typeof ram === 'object' && ram !== null && (ram as { IsRAM?: unknown }).IsRAM !== undefined;
    const parsed = classification ? ramClassificationBodySchema.safeParse(body) : updateRamBodySchema.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      return z.NEVER;
    }
    return classification
      ? { kind: 'classification' as const, body: parsed.data as z.output<typeof ramClassificationBodySchema> }
      : { kind: 'wizard' as const, body: parsed.data as z.output<typeof updateRamBodySchema> };
  })
  .meta({
    description:
      'Cuerpo del asistente (`ram` con los datos del evento adverso, sin `IsRAM`) o de la calificación RAM de la vista (`ram` con `IsRAM`, `TypeRAM`, `CategoryRAM`, gravedad, esperado y notificaciones), con `comentario` opcional',
  });

/** The classification can be changed while the case is worked (2–5), by RLF and QPPV (ours). */
export function canClassifyRam(role: Role, status: number): boolean {
  return (role === 'RLF' || role === 'QPPV') && status >= ER_STATUS.EN_REVISION_RLF && status <= ER_STATUS.EN_ESPERA_FABRICANTE;
}

// ---------------------------------------------------------------------------------------
// Product recovery (updateMedicamentoRecuperado)

export const recoveryInputSchema = z.object({
  HaveProduct: z.boolean({ error: MSG.generic.radio }),
  Date: pastDate(DATE_LABELS.recovery),
  /** May be in the future. */
  DateExpiration: optionalDate(DATE_LABELS.expiration).transform((value) => (value ? value : null)),
  ContactName: optionalText(FIELD_LIMITS.name),
  ContactAddress: optionalText(FIELD_LIMITS.address),
  PlaceManufacture: optionalText(FIELD_LIMITS.address),
  ConditionStorage: optionalText(),
  StateConsFirst: optionalText(),
  AmountComp: optionalText(FIELD_LIMITS.label),
  NameFun: optionalText(FIELD_LIMITS.name),
  StateConsSecond: optionalText(),
});
/** Body: the related medication (Id) of the case (IdER) and its recovery. */
export const recoveryBodySchema = z.object({ Id: dbId(MSG.generic.required, MSG.wizard.recordNotFound), IdER: meta }).and(recoveryInputSchema);

/**
 * Whether a user may save a product's recovery: RLF, Fabricante, and among QPPVs only the
 * case's creator (`canEditRecovery`, spec §5, §6), while the case is neither Pendiente nor Anulado.
 */
export function canSaveRecovery(input: { role: Role; isCreator: boolean; status: number }): boolean {
  if (input.status === ER_STATUS.PENDIENTE || input.status === ER_STATUS.ANULADO) return false;
  if (input.role !== 'RLF' && input.role !== 'Fabricante' && input.role !== 'QPPV') return false;
  return canEditRecovery(input.role, input.isCreator);
}

// ---------------------------------------------------------------------------------------
// PDFs and follow-ups

export const pdfHistoryItemSchema = z.object({ Id: z.number().int(), FileName: z.string(), Date: z.string(), UserFullName: z.string() });

/** The file name of a case's PDF (spec §9). */
export function casePdfFileName(reference: string): string {
  return `ER-${reference}.pdf`;
}

/** A follow-up event of a case ('Eventos de Seguimiento'). */
export const followUpEventSchema = z.object({
  Meta: z.string(),
  NumeroReferencia: z.string(),
  Status: z.number().int(),
  StatusName: z.string(),
  DateCreation: z.string(),
  UserFullName: z.string(),
});

/**
 * Seguimiento/{id}: one follow-up report of a case (by the report's Id), with the follow-up
 * event it created. Its file downloads with downloadFollowUpById/{id}.
 */
export const followUpReportSchema = z.object({
  Id: z.number().int(),
  NumeroReferencia: z.string(),
  Date: z.string(),
  UserFullName: z.string(),
  FileName: z.string().nullable(),
  /** The follow-up event (EventType 3), opened at /reportableEvent/{meta}/view/details/3. */
  FollowUpMeta: z.string().nullable(),
  /** The comment given when the report was added. */
  Comentario: z.string().nullable(),
});
export type FollowUpReport = z.infer<typeof followUpReportSchema>;
export type FollowUpEvent = z.infer<typeof followUpEventSchema>;
export type PdfHistoryItem = z.infer<typeof pdfHistoryItemSchema>;
