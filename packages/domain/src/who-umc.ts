import { z } from 'zod';
import { MAX_NOTE_LENGTH } from './documents.js';
import { dbId } from './fields.js';
import { MSG } from './messages.js';

/**
 * WHO-UMC causality (UMC, "The use of the WHO-UMC system for standardised case causality
 * assessment"), per reaction × suspect drug, beside Naranjo (docs/causality.md).
 */
export const WHO_UMC_CATEGORIES = [
  'Cierta',
  'Probable',
  'Posible',
  'Improbable',
  'Condicional/No clasificada',
  'No evaluable/Inclasificable',
] as const;
export type WhoUmcCategory = (typeof WHO_UMC_CATEGORIES)[number];

/**
 * The criteria of each category, in Spanish, point by point as UMC words them ("all points
 * should be reasonably complied with").
 */
export const WHO_UMC_CRITERIA: Readonly<Record<WhoUmcCategory, readonly string[]>> = {
  Cierta: [
    'Evento o alteración en pruebas de laboratorio, con una relación temporal plausible con la toma del medicamento.',
    'No puede explicarse por la enfermedad ni por otros medicamentos.',
    'La respuesta a la retirada del medicamento es plausible (farmacológica, patológicamente).',
    'El evento es definitivo farmacológica o fenomenológicamente (es decir, un trastorno médico objetivo y específico o un fenómeno farmacológico reconocido).',
    'Reexposición satisfactoria, si es necesaria.',
  ],
  Probable: [
    'Evento o alteración en pruebas de laboratorio, con una relación temporal razonable con la toma del medicamento.',
    'Es improbable que se atribuya a la enfermedad o a otros medicamentos.',
    'La respuesta a la retirada del medicamento es clínicamente razonable.',
    'No se requiere reexposición.',
  ],
  Posible: [
    'Evento o alteración en pruebas de laboratorio, con una relación temporal razonable con la toma del medicamento.',
    'También podría explicarse por la enfermedad o por otros medicamentos.',
    'La información sobre la retirada del medicamento puede faltar o no ser clara.',
  ],
  Improbable: [
    'Evento o alteración en pruebas de laboratorio, con un tiempo hasta la toma del medicamento que hace improbable una relación (aunque no imposible).',
    'La enfermedad u otros medicamentos ofrecen explicaciones plausibles.',
  ],
  'Condicional/No clasificada': [
    'Evento o alteración en pruebas de laboratorio.',
    'Se necesitan más datos para una evaluación adecuada, o',
    'Hay datos adicionales en examen.',
  ],
  'No evaluable/Inclasificable': [
    'Notificación que sugiere una reacción adversa.',
    'No puede juzgarse porque la información es insuficiente o contradictoria.',
    'Los datos no pueden completarse ni verificarse.',
  ],
};

/** The checklist's questions, in the order they are asked. */
export const WHO_UMC_QUESTION_KEYS = ['suficiente', 'datosAdicionales', 'temporal', 'otraCausa', 'retirada', 'definitivo', 'reexposicion'] as const;
export type WhoUmcQuestionKey = (typeof WHO_UMC_QUESTION_KEYS)[number];

/** The criteria as yes/no questions (each names the criterion it checks). */
export const WHO_UMC_QUESTIONS: Readonly<Record<WhoUmcQuestionKey, string>> = {
  suficiente: '¿La información del caso es suficiente y no contradictoria para juzgar la relación?',
  datosAdicionales: '¿Se necesitan más datos que pueden obtenerse, o hay datos adicionales en examen?',
  temporal: '¿La relación temporal entre la toma del medicamento y el evento es plausible o razonable (no lo hace improbable)?',
  otraCausa: '¿Podría explicarse el evento también por la enfermedad o por otros medicamentos?',
  retirada: '¿La respuesta a la retirada del medicamento es plausible y clínicamente razonable (no falta ni es confusa)?',
  definitivo:
    '¿El evento es definitivo farmacológica o fenomenológicamente (un trastorno médico objetivo y específico o un fenómeno farmacológico reconocido)?',
  reexposicion: '¿La reexposición fue satisfactoria, o no era necesaria?',
};

/** Answers: true Sí, false No; null or missing while not answered. */
export type WhoUmcAnswers = Partial<Record<WhoUmcQuestionKey, boolean | null>>;

type Step = { ask: WhoUmcQuestionKey; yes: Step | WhoUmcCategory; no: Step | WhoUmcCategory };

/**
 * The checklist as a decision tree over the criteria: insufficient information gives
 * Condicional (more data can come) or No evaluable (it cannot); an improbable time gives
 * Improbable; another explanation or an unclear withdrawal gives Posible; a definitive event
 * with a satisfactory (or needless) rechallenge gives Cierta, otherwise Probable.
 */
const TREE: Step = {
  ask: 'suficiente',
  no: { ask: 'datosAdicionales', yes: 'Condicional/No clasificada', no: 'No evaluable/Inclasificable' },
  yes: {
    ask: 'temporal',
    no: 'Improbable',
    yes: {
      ask: 'otraCausa',
      yes: 'Posible',
      no: {
        ask: 'retirada',
        no: 'Posible',
        yes: { ask: 'definitivo', no: 'Probable', yes: { ask: 'reexposicion', yes: 'Cierta', no: 'Probable' } },
      },
    },
  },
};

/** Walks the tree: the questions asked (answered ones and the next one) and the category reached, if any. */
function walk(answers: WhoUmcAnswers): { asked: WhoUmcQuestionKey[]; category: WhoUmcCategory | null } {
  const asked: WhoUmcQuestionKey[] = [];
  let node: Step | WhoUmcCategory = TREE;
  while (typeof node !== 'string') {
    asked.push(node.ask);
    const answer = answers[node.ask];
    if (answer === true) node = node.yes;
    else if (answer === false) node = node.no;
    else return { asked, category: null };
  }
  return { asked, category: node };
}

/** The questions the checklist asks for these answers, in order (the next unanswered one last). */
export function whoUmcQuestionsAsked(answers: WhoUmcAnswers): WhoUmcQuestionKey[] {
  return walk(answers).asked;
}

/** The category the answers imply; null while a question on the way is unanswered. */
export function whoUmcImpliedCategory(answers: WhoUmcAnswers): WhoUmcCategory | null {
  return walk(answers).category;
}

/** Only the answers of the questions asked (an answer off the path is dropped, never stored). */
export function whoUmcRelevantAnswers(answers: WhoUmcAnswers): WhoUmcAnswers {
  const asked = walk(answers).asked;
  return Object.fromEntries(asked.filter((key) => typeof answers[key] === 'boolean').map((key) => [key, answers[key]]));
}

export function isWhoUmcCategory(value: unknown): value is WhoUmcCategory {
  return typeof value === 'string' && (WHO_UMC_CATEGORIES as readonly string[]).includes(value);
}

export interface WhoUmcDecision {
  answers: WhoUmcAnswers;
  /** The category the assessor keeps; null or missing keeps the implied one. */
  category?: string | null;
  overrideReason?: string | null;
}

/** What stops a WHO-UMC assessment from being saved: an unfinished checklist, an unknown category, an override without a reason. */
export function whoUmcIssues(decision: WhoUmcDecision): string[] {
  const implied = whoUmcImpliedCategory(decision.answers);
  if (!implied) return [MSG.whoUmc.checklistIncomplete];
  const category = decision.category ?? implied;
  if (!isWhoUmcCategory(category)) return [MSG.whoUmc.unknownCategory];
  if (category !== implied && !decision.overrideReason?.trim()) return [MSG.whoUmc.overrideReasonRequired];
  return [];
}

/** The final category of a decision without issues: the chosen one, else the implied one. */
export function whoUmcFinalCategory(decision: WhoUmcDecision): WhoUmcCategory | null {
  if (whoUmcIssues(decision).length > 0) return null;
  const implied = whoUmcImpliedCategory(decision.answers);
  return decision.category && isWhoUmcCategory(decision.category) ? decision.category : implied;
}

// ---------------------------------------------------------------------------------------
// getWhoUmcByMeta, setWhoUmc

const answersSchema = z.strictObject(
  Object.fromEntries(WHO_UMC_QUESTION_KEYS.map((key) => [key, z.boolean({ error: MSG.whoUmc.answerYesNo }).nullish()])) as Record<
    WhoUmcQuestionKey,
    z.ZodOptional<z.ZodNullable<z.ZodBoolean>>
  >,
  { error: MSG.whoUmc.unknownQuestion },
);

/** One reaction × suspect drug pair, with its assessment (null fields while not assessed). */
export const whoUmcPairSchema = z.object({
  /** The adverse event's (reaction's) id. */
  RamId: z.number().int(),
  Reaccion: z.string(),
  /** The related (suspect) medication's id. */
  MedicamentoId: z.number().int(),
  Medicamento: z.string(),
  Respuestas: answersSchema,
  /** The category the stored answers imply. */
  CategoriaImplicada: z.enum(WHO_UMC_CATEGORIES).nullable(),
  /** The category kept (the implied one, or the assessor's override). */
  Categoria: z.enum(WHO_UMC_CATEGORIES).nullable(),
  /** The reason of an override; null when the implied category was kept. */
  MotivoCambio: z.string().nullable(),
  Modificado: z.object({ Usuario: z.string(), Fecha: z.string() }).nullable(),
});
export type WhoUmcPair = z.infer<typeof whoUmcPairSchema>;

export const whoUmcAssessmentSchema = z.object({
  Pares: z.array(whoUmcPairSchema),
  /** Whether this user may change the assessments now (the Naranjo evaluation's rule, without the Fabricante). */
  CanEdit: z.boolean(),
});
export type WhoUmcAssessment = z.infer<typeof whoUmcAssessmentSchema>;

/** setWhoUmc: one pair's answers, the category kept and the reason of an override. */
export const setWhoUmcBodySchema = z
  .object({
    er: z.string({ error: MSG.lists.eventNotFound }).trim().min(1, MSG.lists.eventNotFound).max(64, MSG.lists.eventNotFound),
    RamId: dbId(MSG.whoUmc.pairNotFound),
    MedicamentoId: dbId(MSG.whoUmc.pairNotFound),
    Respuestas: answersSchema,
    Categoria: z.enum(WHO_UMC_CATEGORIES, { error: MSG.whoUmc.unknownCategory }).nullish(),
    MotivoCambio: z
      .string()
      .trim()
      .max(MAX_NOTE_LENGTH, MSG.generic.maxLength(MAX_NOTE_LENGTH))
      .nullish()
      .transform((value) => (value ? value : null)),
  })
  .superRefine((body, context) => {
    const [issue] = whoUmcIssues({ answers: body.Respuestas, category: body.Categoria ?? null, overrideReason: body.MotivoCambio });
    if (issue) context.addIssue({ code: 'custom', message: issue, path: issue === MSG.whoUmc.overrideReasonRequired ? ['MotivoCambio'] : ['Respuestas'] });
  });
export type SetWhoUmcBody = z.input<typeof setWhoUmcBodySchema>;

/** 'Reacción × Medicamento: Categoria' lines, as the conclusion menu, the PDF and the audit show them. */
export function whoUmcPairLabel(pair: Pick<WhoUmcPair, 'Reaccion' | 'Medicamento'>): string {
  return `${pair.Reaccion} × ${pair.Medicamento}`;
}
