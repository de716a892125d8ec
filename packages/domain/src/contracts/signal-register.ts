import { z } from 'zod';
import { dbId, dbIdText } from '../fields.js';

/**
 * Registro de señales (issue 32 §4, GVP Module IX; docs/signals.md 'Gestión de señales'): a
 * drug × PT pair opened as a signal, its status, its responsible person, and its append-only
 * history of status changes, assessments, comments, documents and reassignments.
 */
export const SIGNAL_REGISTER_MSG = {
  title: 'Registro de señales',
  open: 'Abrir señal',
  opened: 'Señal abierta.',
  statusChanged: 'Estado de la señal actualizado.',
  noteAdded: 'Registro agregado a la señal.',
  reassigned: 'Responsable actualizado.',
  documentAdded: 'Documento adjuntado a la señal.',
  unknownField: 'La solicitud tiene un campo que el registro de señales no admite.',
  badId: 'El identificador no es válido.',
  badCode: 'El código MedDRA no es válido.',
  badChoice: 'Valor no permitido.',
  badCursor: 'El cursor de paginación no es válido.',
  badLimit: 'El límite debe ser un entero entre 1 y 100.',
  titleRequired: 'El título es obligatorio.',
  titleTooLong: 'El título admite hasta 200 caracteres.',
  textRequired: 'El texto es obligatorio.',
  textTooLong: 'El texto admite hasta 4000 caracteres.',
  commentRequired: 'El comentario es obligatorio.',
  badStatistics: 'Las estadísticas de la señal no son válidas.',
  badResponsible: 'El responsable no es válido.',
  responsibleNotAllowed: 'El responsable debe ser un usuario activo QPPV o CL.',
  signalNotFound: 'La señal no existe.',
  documentNotFound: 'El documento no existe.',
  fileRequired: 'Debe adjuntar un archivo.',
  pairNotFound: 'El par fármaco × PT no tiene casos a su alcance.',
  statisticsOutOfReach: 'Las estadísticas al abrir la señal se contaron sobre casos fuera de su alcance; la tabla de Señales muestra las de sus casos.',
  alreadyOpen: (status: string) => `Ya hay una señal abierta para este par fármaco × PT (estado «${status}»).`,
  alreadyOpenShort: 'Ya hay una señal abierta para este par fármaco × PT.',
  transitionNotAllowed: (from: string, to: string) => `No se puede pasar una señal de «${from}» a «${to}».`,
  sameResponsible: 'Esa persona ya es la responsable de la señal.',
  closedSignal: 'La señal está cerrada: no admite cambios.',
  hubTitle: 'Nuevo caso de una señal',
  hubText: (reference: string, title: string) => `El caso ${reference} contiene el par de la señal «${title}».`,
  /** History entry names, as shown on the timeline. */
  entry: {
    apertura: 'Apertura',
    estado: 'Cambio de estado',
    evaluacion: 'Evaluación',
    comentario: 'Comentario',
    documento: 'Documento',
    responsable: 'Cambio de responsable',
  },
} as const;

/** The statuses of a signal (GVP IX: validation, assessment, closure). */
export const SIGNAL_STATUSES = ['En evaluación', 'Validada', 'Refutada', 'Cerrada'] as const;
export type SignalStatus = (typeof SIGNAL_STATUSES)[number];

/** Allowed changes: En evaluación → Validada/Refutada/Cerrada; Validada → Cerrada; Refutada → Cerrada. Cerrada is final. */
export const SIGNAL_TRANSITIONS: Readonly<Record<SignalStatus, readonly SignalStatus[]>> = {
  'En evaluación': ['Validada', 'Refutada', 'Cerrada'],
  Validada: ['Cerrada'],
  Refutada: ['Cerrada'],
  Cerrada: [],
};

export function canMoveSignal(from: SignalStatus, to: SignalStatus): boolean {
  return SIGNAL_TRANSITIONS[from].includes(to);
}

/** A pair has at most one signal that is not closed (a new one may be opened once it is 'Cerrada'). */
export const SIGNAL_NOT_CLOSED: readonly SignalStatus[] = ['En evaluación', 'Validada', 'Refutada'];
/** A new case of the pair of a signal in these statuses tells its responsible person (hub 'casoSenal'). */
export const SIGNAL_WATCHED: readonly SignalStatus[] = ['En evaluación', 'Validada'];

/** A drug of a pair: an active ingredient ('principio') or a product ('producto'), as the Señales table's `farmaco`. */
export const SIGNAL_DRUG_KINDS = ['principio', 'producto'] as const;
export type SignalDrugKind = (typeof SIGNAL_DRUG_KINDS)[number];

export const SIGNAL_HISTORY_KINDS = ['apertura', 'estado', 'evaluacion', 'comentario', 'documento', 'responsable'] as const;
export type SignalHistoryKind = (typeof SIGNAL_HISTORY_KINDS)[number];
/** What a user may add as a note: an assessment or a comment. */
export const SIGNAL_NOTE_KINDS = ['evaluacion', 'comentario'] as const;

export const MAX_SIGNAL_TITLE = 200;
export const MAX_SIGNAL_TEXT = 4000;
export const MAX_SIGNAL_PAGE = 100;

const STRICT = { error: (issue: { code?: string }) => (issue.code === 'unrecognized_keys' ? SIGNAL_REGISTER_MSG.unknownField : undefined) };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const responsibleId = z.string({ error: SIGNAL_REGISTER_MSG.badResponsible }).regex(UUID, { error: SIGNAL_REGISTER_MSG.badResponsible });

const text = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage })
    .max(MAX_SIGNAL_TEXT, { error: SIGNAL_REGISTER_MSG.textTooLong });

const finiteOrNull = z.number({ error: SIGNAL_REGISTER_MSG.badStatistics }).finite({ error: SIGNAL_REGISTER_MSG.badStatistics }).nullable();
const count = z.number({ error: SIGNAL_REGISTER_MSG.badStatistics }).int({ error: SIGNAL_REGISTER_MSG.badStatistics }).min(0, { error: SIGNAL_REGISTER_MSG.badStatistics }).max(1e9, { error: SIGNAL_REGISTER_MSG.badStatistics });

/**
 * The statistics of the pair as the 'Señales' table showed them when the signal was opened
 * (its row of `GET /api/signals`, and the background it was computed over). Kept as they were.
 */
export const signalStatisticsSchema = z.strictObject(
  {
    A: count,
    B: count.optional(),
    C: count.optional(),
    D: count.optional(),
    E: finiteOrNull,
    PRR: finiteOrNull,
    PRRInf: finiteOrNull.optional(),
    PRRSup: finiteOrNull.optional(),
    ROR: finiteOrNull,
    RORInf: finiteOrNull.optional(),
    RORSup: finiteOrNull.optional(),
    Chi2: finiteOrNull.optional(),
    IC: finiteOrNull,
    IC025: finiteOrNull.optional(),
    IC975: finiteOrNull.optional(),
    EBGM: finiteOrNull.optional(),
    EB05: finiteOrNull.optional(),
    EB95: finiteOrNull.optional(),
    Haldane: z.boolean({ error: SIGNAL_REGISTER_MSG.badStatistics }).optional(),
    Evans: z.boolean({ error: SIGNAL_REGISTER_MSG.badStatistics }).optional(),
    SenalIC: z.boolean({ error: SIGNAL_REGISTER_MSG.badStatistics }).optional(),
    SenalEB05: z.boolean({ error: SIGNAL_REGISTER_MSG.badStatistics }).optional(),
    SenalROR: z.boolean({ error: SIGNAL_REGISTER_MSG.badStatistics }).optional(),
    /** The table's filters when opened (period, country, strata…), as text. */
    Fondo: z.string({ error: SIGNAL_REGISTER_MSG.badStatistics }).max(500, { error: SIGNAL_REGISTER_MSG.badStatistics }).optional(),
  },
  { error: () => SIGNAL_REGISTER_MSG.badStatistics },
);
export type SignalStatistics = z.infer<typeof signalStatisticsSchema>;

/** Body of `POST /api/signal-register`: open a signal for a pair. */
export const openSignalSchema = z.strictObject(
  {
    TipoFarmaco: z.enum(SIGNAL_DRUG_KINDS, { error: SIGNAL_REGISTER_MSG.badChoice }),
    FarmacoId: dbId(SIGNAL_REGISTER_MSG.badId),
    PtCodigo: dbId(SIGNAL_REGISTER_MSG.badCode),
    Titulo: z
      .string({ error: SIGNAL_REGISTER_MSG.titleRequired })
      .trim()
      .min(1, { error: SIGNAL_REGISTER_MSG.titleRequired })
      .max(MAX_SIGNAL_TITLE, { error: SIGNAL_REGISTER_MSG.titleTooLong }),
    /** The person responsible (a QPPV or CL); the opener when absent. */
    ResponsableId: responsibleId.optional(),
    /** Why it is opened (the first history entry's text); optional. */
    Comentario: z.string({ error: SIGNAL_REGISTER_MSG.textRequired }).trim().max(MAX_SIGNAL_TEXT, { error: SIGNAL_REGISTER_MSG.textTooLong }).optional(),
    Estadisticas: signalStatisticsSchema,
  },
  STRICT,
);
export type OpenSignalInput = z.input<typeof openSignalSchema>;

/** Query of `GET /api/signal-register`: `estado`, `responsable`, `limite` 1–100 (25), `cursor` (`Siguiente`). */
export const signalListQuerySchema = z.strictObject(
  {
    estado: z.enum(SIGNAL_STATUSES, { error: SIGNAL_REGISTER_MSG.badChoice }).optional(),
    responsable: responsibleId.optional(),
    limite: z
      .string({ error: SIGNAL_REGISTER_MSG.badLimit })
      .regex(/^\d{1,3}$/, { error: SIGNAL_REGISTER_MSG.badLimit })
      .transform(Number)
      .refine((n) => n >= 1 && n <= MAX_SIGNAL_PAGE, { error: SIGNAL_REGISTER_MSG.badLimit })
      .optional(),
    cursor: z.string({ error: SIGNAL_REGISTER_MSG.badCursor }).max(200, { error: SIGNAL_REGISTER_MSG.badCursor }).optional(),
  },
  STRICT,
);
export type SignalListQuery = z.input<typeof signalListQuerySchema>;

export const signalIdParams = z.object({ id: dbIdText(SIGNAL_REGISTER_MSG.signalNotFound) });
export const signalDocumentParams = z.object({ id: dbIdText(SIGNAL_REGISTER_MSG.signalNotFound), entryId: dbIdText(SIGNAL_REGISTER_MSG.documentNotFound) });

/** Body of `POST /api/signal-register/{id}/status`: the new status and the comment that justifies it. */
export const signalStatusChangeSchema = z.strictObject(
  { Estado: z.enum(SIGNAL_STATUSES, { error: SIGNAL_REGISTER_MSG.badChoice }), Comentario: text(SIGNAL_REGISTER_MSG.commentRequired) },
  STRICT,
);
export type SignalStatusChange = z.input<typeof signalStatusChangeSchema>;

/** Body of `POST /api/signal-register/{id}/notes`: an assessment or a comment. */
export const signalNoteSchema = z.strictObject({ Tipo: z.enum(SIGNAL_NOTE_KINDS, { error: SIGNAL_REGISTER_MSG.badChoice }), Texto: text(SIGNAL_REGISTER_MSG.textRequired) }, STRICT);
export type SignalNoteInput = z.input<typeof signalNoteSchema>;

/** Body of `POST /api/signal-register/{id}/responsible`. */
export const signalReassignSchema = z.strictObject(
  {
    ResponsableId: responsibleId,
    Comentario: z.string({ error: SIGNAL_REGISTER_MSG.textRequired }).trim().max(MAX_SIGNAL_TEXT, { error: SIGNAL_REGISTER_MSG.textTooLong }).optional(),
  },
  STRICT,
);
export type SignalReassignInput = z.input<typeof signalReassignSchema>;

/** Text fields of the document upload (multipart): `Descripcion` (optional) beside the `file`. */
export const signalDocumentFieldsSchema = z.strictObject(
  { Descripcion: z.string({ error: SIGNAL_REGISTER_MSG.textRequired }).trim().max(MAX_SIGNAL_TEXT, { error: SIGNAL_REGISTER_MSG.textTooLong }).optional() },
  STRICT,
);

const person = z.object({ Id: z.string(), Nombre: z.string() });

/** One signal in the list. */
export const signalSummarySchema = z.object({
  Id: z.number(),
  TipoFarmaco: z.enum(SIGNAL_DRUG_KINDS),
  FarmacoId: z.number(),
  Farmaco: z.string(),
  PtCodigo: z.number(),
  Pt: z.string(),
  Titulo: z.string(),
  Estado: z.enum(SIGNAL_STATUSES),
  Responsable: person,
  AbiertaPor: person,
  FechaApertura: z.string(),
  FechaActualizacion: z.string(),
  /** Cases of the pair that arrived after the opening (each told to the responsible person). */
  CasosNuevos: z.number(),
});
export type SignalSummary = z.infer<typeof signalSummarySchema>;

export const signalListSchema = z.object({ Filas: z.array(signalSummarySchema), Siguiente: z.string().nullable() });
export type SignalList = z.infer<typeof signalListSchema>;

export const signalHistoryEntrySchema = z.object({
  Id: z.number(),
  Tipo: z.enum(SIGNAL_HISTORY_KINDS),
  Usuario: z.string(),
  Fecha: z.string(),
  EstadoAnterior: z.enum(SIGNAL_STATUSES).nullable(),
  EstadoNuevo: z.enum(SIGNAL_STATUSES).nullable(),
  Texto: z.string(),
  /** A 'documento' entry's file. */
  Archivo: z.object({ Nombre: z.string(), Tamano: z.number() }).nullable(),
});
export type SignalHistoryEntry = z.infer<typeof signalHistoryEntrySchema>;

export const signalNewCaseSchema = z.object({ Meta: z.string(), NumeroReferencia: z.string(), Fecha: z.string() });

/** One signal with its statistics at opening, history (oldest first) and the cases of the pair since. */
export const signalDetailSchema = signalSummarySchema.extend({
  /**
   * Null when they were counted over cases outside the viewer's reach (docs/signals.md
   * 'Gestión de señales': a viewer restricted to some laboratories reads only those of the
   * signals they opened themselves within their laboratories).
   */
  Estadisticas: signalStatisticsSchema.nullable(),
  Historial: z.array(signalHistoryEntrySchema),
  Casos: z.array(signalNewCaseSchema),
  /** The statuses it may move to now. */
  Transiciones: z.array(z.enum(SIGNAL_STATUSES)),
});
export type SignalDetail = z.infer<typeof signalDetailSchema>;

/** Who may be responsible for a signal (active QPPV and CL users). */
export const signalResponsiblesSchema = z.array(person.extend({ Rol: z.string() }));
export type SignalResponsibles = z.infer<typeof signalResponsiblesSchema>;

/** Hub 'casoSenal': a new case holds the pair of a signal the user is responsible for. */
export interface SignalCaseMessage {
  signalId: number;
  title: string;
  reference: string;
  meta: string;
  date: string;
}
