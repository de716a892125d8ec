import { z } from 'zod';
import { DATE_LABELS, isEndBeforeStart, optionalPastDate } from './dates.js';
import { MAX_NOTE_LENGTH } from './documents.js';
import { ER_STATUS } from './event-status.js';
import { FIELD_LIMITS } from './field-limits.js';
import { dbId, isEmptyChoice, optionalEmail, requiredChoice, requiredText } from './fields.js';
import { AGE_UNITS } from './age-groups.js';
import { heightUnitFactor, isPlausibleHeight, isPlausibleWeight, weightUnitFactor } from './anthropometry.js';
import { MSG } from './messages.js';
import { MAX_GESTATION_WEEKS, MAX_INITIALS } from './public-form.js';
import type { Role } from './roles.js';

/**
 * The edit wizard of a reportable event (event spec §2.4, §3, §4 'Wizard progression', §5)
 * and the bodies of its writes (§7). The same schemas run in the browser (for comfort) and on
 * the server (the law). A case is named by its Meta in every body (`IdER`, `EvRepId`, `ErId`
 * carry the Meta: it is the only identifier of a case a client ever holds).
 */

// ---------------------------------------------------------------------------------------
// Field builders

/** A select value where a placeholder ('none', '', null) becomes `fallback` (event spec §5). */
function idOr(fallback: number | null) {
  return z.preprocess(
    (value) => (isEmptyChoice(value) ? fallback : typeof value === 'string' ? Number(value) : value),
    dbId(MSG.generic.select).nullable(),
  );
}
/** An optional list id: a placeholder becomes null. */
const optionalId = () => idOr(null).optional().transform((value) => value ?? null);
/** A required list id. */
const requiredId = (message: string = MSG.generic.select) =>
  z.preprocess(
    (value) => (isEmptyChoice(value) ? undefined : typeof value === 'string' ? Number(value) : value),
    dbId(message),
  );
/** A number ≥ 0, optional ('' and null are empty). */
const nonNegative = () =>
  z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    z.number({ error: MSG.generic.numeric }).min(0, MSG.generic.minZero).nullable(),
  );
/** Free text, trimmed; blank becomes null. */
const optionalText = (max = MAX_NOTE_LENGTH) =>
  z
    .string()
    .trim()
    .max(max, MSG.generic.maxLength(max))
    .nullish()
    .transform((value) => (value ? value : null));
/** A past date 'YYYY-MM-DD' or null. */
const pastDate = (label: string) => optionalPastDate(label).transform((value) => (value ? value : null));
const flag = () => z.boolean().nullish().transform((value) => value ?? false);
const optionalFlag = () => z.boolean().nullish().transform((value) => value ?? null);
/** The Meta of a case. */
export const caseMetaSchema = z.string({ error: MSG.lists.eventNotFound }).trim().min(1, MSG.lists.eventNotFound).max(64, MSG.lists.eventNotFound);

/** End not before start, reported on the end field. */
function endNotBeforeStart<T extends Record<string, unknown>>(start: keyof T & string, end: keyof T & string) {
  return (value: T, ctx: z.RefinementCtx) => {
    if (isEndBeforeStart(value[start] as string | null, value[end] as string | null)) {
      ctx.addIssue({ code: 'custom', message: MSG.generic.endBeforeStart, path: [end] });
    }
  };
}

// ---------------------------------------------------------------------------------------
// Steps

/** Step titles (the spec leaves them to a list that is not shown; docs/decisions). */
export const WIZARD_STEPS = [
  'Datos del paciente',
  'Origen del reporte',
  'Medicamento(s)',
  'Eventos adversos',
  'Medicamentos anteriores',
  'Contacto médico',
  'Información adicional',
  'Resumen',
] as const;
export type WizardStep = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** The default height and weight unit (event spec §5: a none unit becomes 1). */
export const DEFAULT_MEASURE_UNIT_ID = 1;

// ---------------------------------------------------------------------------------------
// Step 0: patient (setPaciente)

export const patientInputSchema = z
  .object({
    Initials: requiredText(MSG.generic.isRequired).max(MAX_INITIALS, MSG.generic.maxLength(MAX_INITIALS)),
    Age: nonNegative(),
    Escala: z.preprocess((value) => (isEmptyChoice(value) ? null : value), z.enum(AGE_UNITS, { error: MSG.generic.select }).nullable()),
    Height: nonNegative(),
    HeightUnitId: idOr(DEFAULT_MEASURE_UNIT_ID),
    Weight: nonNegative(),
    WeightUnitId: idOr(DEFAULT_MEASURE_UNIT_ID),
    Genere: z.preprocess((value) => (isEmptyChoice(value) ? null : value), z.enum(['M', 'F'], { error: MSG.generic.select }).nullable()),
    Pregnancy: optionalFlag(),
    Gestation: z.preprocess(
      (value) => (value === '' || value === undefined ? null : value),
      z
        .number({ error: MSG.generic.numeric })
        .int(MSG.wizard.gestationRange)
        .min(1, MSG.wizard.gestationRange)
        .max(MAX_GESTATION_WEEKS, MSG.wizard.gestationRange)
        .nullable(),
    ),
    Lactation: optionalFlag(),
    /** ISO code of the patient's country. */
    Country: z.preprocess((value) => (isEmptyChoice(value) ? null : value), z.string().max(8).nullable()),
    State: optionalText(FIELD_LIMITS.name),
    Residence: optionalId(),
    InstMedica: optionalText(FIELD_LIMITS.institution),
    CondicionesMedicas: optionalText(),
    Alergias: optionalText(),
    ContactAllow: optionalFlag(),
    IdParentesco: optionalId(),
    Phone: optionalText(FIELD_LIMITS.phone),
    Email: optionalEmail(MSG.generic.emailFormat).nullish().transform((value) => (value ? value : null)),
  })
  .transform((patient) => {
    // Event spec §5: a gender other than F clears gestation, pregnancy and lactation;
    // gestation is only kept for a pregnant woman.
    if (patient.Genere !== 'F') return { ...patient, Pregnancy: null, Gestation: null, Lactation: null };
    if (patient.Pregnancy !== true) return { ...patient, Gestation: null };
    return patient;
  });
export type PatientInput = z.input<typeof patientInputSchema>;
export type Patient = z.output<typeof patientInputSchema>;

/** A row of AlturaUnidad / PesoUnidad, as far as plausibility needs it (editable lists: read them, never assume). */
export interface MeasureUnitRow {
  Id: number;
  Abreviacion: string;
}
export interface MeasureUnits {
  AlturaUnidad: readonly MeasureUnitRow[];
  PesoUnidad: readonly MeasureUnitRow[];
}

/**
 * The plausibility of the patient's height and weight (issue 20, `anthropometry.ts`): each value
 * is converted by its unit's abbreviation (m/cm…, kg/g…) and must fall within the range; a unit
 * whose abbreviation is not known (the lists are editable) is only held non-negative, as the
 * schema does. Answers the fields that fail, with their Spanish messages.
 */
export function patientMeasureIssues(
  patient: { Height: number | null; HeightUnitId: number | null; Weight: number | null; WeightUnitId: number | null },
  units: MeasureUnits,
): { path: 'Height' | 'Weight'; message: string }[] {
  const issues: { path: 'Height' | 'Weight'; message: string }[] = [];
  const abbreviation = (rows: readonly MeasureUnitRow[], id: number | null) => rows.find((row) => row.Id === (id ?? DEFAULT_MEASURE_UNIT_ID))?.Abreviacion;
  const toMetres = heightUnitFactor(abbreviation(units.AlturaUnidad, patient.HeightUnitId));
  if (patient.Height !== null && toMetres !== undefined && !isPlausibleHeight(patient.Height * toMetres)) {
    issues.push({ path: 'Height', message: MSG.generic.heightRange });
  }
  const toKilograms = weightUnitFactor(abbreviation(units.PesoUnidad, patient.WeightUnitId));
  if (patient.Weight !== null && toKilograms !== undefined && !isPlausibleWeight(patient.Weight * toKilograms)) {
    issues.push({ path: 'Weight', message: MSG.generic.weightRange });
  }
  return issues;
}

/** `patientInputSchema` with the plausibility of height and weight in these units (the wizard's form). */
export function patientInputSchemaFor(units: MeasureUnits) {
  return patientInputSchema.superRefine((patient, ctx) => {
    for (const issue of patientMeasureIssues(patient, units)) ctx.addIssue({ code: 'custom', message: issue.message, path: [issue.path] });
  });
}

/** Body of `setPaciente`: the patient plus the case's Meta. */
export const setPatientBodySchema = z.object({ IdER: caseMetaSchema }).and(patientInputSchema);

// ---------------------------------------------------------------------------------------
// Step 1: origin of the report (insertOriginReport / updateOriginReport)

/** ReporteOriginador_Receptor 2 and ReporteOriginador_Tipo 4 show the clinical-study fields. */
export const CLINICAL_STUDY_RECEPTOR_ID = 2;
export const CLINICAL_STUDY_TYPE_ID = 4;

export function showsClinicalStudy(origin: { ReceptorId?: unknown; TipoId?: unknown }): boolean {
  return Number(origin.ReceptorId) === CLINICAL_STUDY_RECEPTOR_ID || Number(origin.TipoId) === CLINICAL_STUDY_TYPE_ID;
}

export const originInputSchema = z
  .object({
    /** Have: the origin document is (or will be) attached; false: 'No disponible' with a reason. */
    Have: z.boolean({ error: MSG.generic.radio }),
    NotHave: optionalText(),
    OrigenId: requiredId(),
    ReceptorId: optionalId(),
    TipoId: requiredId(),
    ProvieneDeLiteratura: flag(),
    ReferenciaBibliografica: optionalText(),
    /** PaisOrigen id. */
    Country: optionalId(),
    NombreEstudio: optionalText(FIELD_LIMITS.study),
    TipoEstudio: optionalText(FIELD_LIMITS.study),
    NumeroRegistroEstudio: optionalText(FIELD_LIMITS.identifier),
    NumeroSponsor: optionalText(FIELD_LIMITS.identifier),
  })
  .superRefine((origin, ctx) => {
    if (!origin.Have && !origin.NotHave) ctx.addIssue({ code: 'custom', message: MSG.wizard.noOriginReasonRequired, path: ['NotHave'] });
    if (origin.ProvieneDeLiteratura && !origin.ReferenciaBibliografica) {
      ctx.addIssue({ code: 'custom', message: MSG.generic.required, path: ['ReferenciaBibliografica'] });
    }
    if (showsClinicalStudy(origin) && !origin.NombreEstudio) {
      ctx.addIssue({ code: 'custom', message: MSG.generic.required, path: ['NombreEstudio'] });
    }
  })
  .transform((origin) => ({
    ...origin,
    NotHave: origin.Have ? null : origin.NotHave,
    ReferenciaBibliografica: origin.ProvieneDeLiteratura ? origin.ReferenciaBibliografica : null,
    ...(showsClinicalStudy(origin) ? {} : { NombreEstudio: null, TipoEstudio: null, NumeroRegistroEstudio: null, NumeroSponsor: null }),
  }));
export type OriginInput = z.input<typeof originInputSchema>;
export type Origin = z.output<typeof originInputSchema>;
export const originBodySchema = z.object({ IdER: caseMetaSchema }).and(originInputSchema);

// ---------------------------------------------------------------------------------------
// Step 2: related (suspect) medications

export const medicationIngredientSchema = z.object({
  PrincipioActivoId: requiredId(),
  PrincipioActivo_Nombre: z.string().nullish(),
  Concentracion: z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    z.number({ error: MSG.generic.required }).min(0, MSG.generic.minZero),
  ),
  /** MedicamentoUnidad id. */
  Unidad: optionalId(),
});

/**
 * Caracterizacion: the drug's role in the case, E2B G.k.1 (docs/wizard.md 'Rol del medicamento').
 * Señales counts suspect and interacting drugs by default, concomitants as an option, and never a
 * drug not administered (docs/signals.md).
 */
export const DRUG_ROLES = [
  { value: 1, label: 'Sospechoso' },
  { value: 2, label: 'Concomitante' },
  { value: 3, label: 'Interactuante' },
  { value: 4, label: 'No administrado' },
] as const;
export type DrugRole = (typeof DRUG_ROLES)[number]['value'];
export const DRUG_ROLE_SUSPECT: DrugRole = 1;
export const DRUG_ROLE_CONCOMITANT: DrugRole = 2;
export const DRUG_ROLE_INTERACTING: DrugRole = 3;
/**
 * The roles a drug is assessed for causality (Naranjo / WHO-UMC, E2B G.k.9.i), has a recovery
 * panel and counts as the drug a case reports: suspect and interacting (docs/causality.md 'Drug roles').
 */
export const CAUSALITY_DRUG_ROLES: readonly DrugRole[] = [DRUG_ROLE_SUSPECT, DRUG_ROLE_INTERACTING];
export function isCausalityDrugRole(role: number): boolean {
  return (CAUSALITY_DRUG_ROLES as readonly number[]).includes(role);
}
export function drugRoleLabel(role: number): string {
  return DRUG_ROLES.find((entry) => entry.value === role)?.label ?? 'Sospechoso';
}
/** An omitted role is a suspect drug (what every medicine was before the role existed); anything but 1–4 is a 400. */
export const drugRoleSchema = z
  .union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: MSG.wizard.drugRoleInvalid })
  .optional()
  .transform((value): DrugRole => value ?? DRUG_ROLE_SUSPECT);

export const medicationInputSchema = z
  .object({
    Medicine: z.object({ Id: requiredId(MSG.wizard.medicineRequired) }, { error: MSG.wizard.medicineRequired }),
    /** The manufacturer line (Fabricante); the multi-select's first choice. */
    LineaId: requiredId(MSG.wizard.laboratoryRequired),
    /** Its second choice, if any. */
    LineaId2: optionalId(),
    FormaFarmaceuticaId: requiredId(),
    PrincipiosActivos: z.array(medicationIngredientSchema).max(50),
    LotNumber: optionalText(FIELD_LIMITS.lotNumber),
    Indication: optionalText(),
    DateStart: pastDate(DATE_LABELS.start),
    DateEnd: pastDate(DATE_LABELS.end),
    ViaId: optionalId(),
    FrecuenciaTipo: optionalId(),
    /** Hours between doses. */
    FrecId: nonNegative(),
    /** The dose given at each dosing instance. */
    Cant: nonNegative(),
    UnitUsoId: optionalId(),
    /** E2B G.k.1: 1 sospechoso (when omitted), 2 concomitante, 3 interactuante, 4 no administrado. */
    Caracterizacion: drugRoleSchema,
  })
  .superRefine(endNotBeforeStart('DateStart', 'DateEnd'));
export type MedicationInput = z.input<typeof medicationInputSchema>;
export type Medication = z.output<typeof medicationInputSchema>;
/** insertMedicamentoRelacionado / updateMedicamentoRelacionado (Id on update). */
export const medicationBodySchema = z
  .object({ Id: dbId(MSG.wizard.recordNotFound).nullish(), IdER: caseMetaSchema, ERType: z.literal(1).optional() })
  .and(medicationInputSchema);
export const deleteMedicationBodySchema = z.object({ Id: dbId(MSG.generic.required, MSG.wizard.recordNotFound), IdER: caseMetaSchema });

// ---------------------------------------------------------------------------------------
// Step 3: adverse events (RAM)

/** AccionMedicamento ids 2 and 3 (dose changed) show concentration, unit, frequency and quantity. */
export function showsDoseChange(accMed: unknown): boolean {
  const id = Number(accMed);
  return id >= 2 && id <= 3;
}

export const SERIOUSNESS_FLAGS = [
  'Death',
  'LifeThreading',
  'HospitalizationRequired',
  'PersistedHospitalization',
  'TransitoryDisability',
  'PersistentDisability',
  'CongenitalAnomaly',
  'AnotherCondition',
] as const;
export type SeriousnessFlag = (typeof SERIOUSNESS_FLAGS)[number];
/** Labels of the seriousness flags (ours, after the CIOMS I form). */
export const SERIOUSNESS_LABELS: Readonly<Record<SeriousnessFlag, string>> = {
  Death: 'Muerte',
  LifeThreading: 'Riesgo de vida',
  HospitalizationRequired: 'Requirió hospitalización',
  PersistedHospitalization: 'Prolongó la hospitalización',
  TransitoryDisability: 'Incapacidad transitoria',
  PersistentDisability: 'Incapacidad persistente',
  CongenitalAnomaly: 'Anomalía congénita',
  AnotherCondition: 'Otra condición médicamente importante',
};

export const meddraTermInputSchema = z.object(
  { llt_code: dbId(MSG.wizard.meddraRequired), llt_name: z.string().min(1, MSG.wizard.meddraRequired).max(FIELD_LIMITS.meddraTerm, MSG.generic.maxLength(FIELD_LIMITS.meddraTerm)) },
  { error: MSG.wizard.meddraRequired },
);

export const ramInputSchema = z
  .object({
    MedraLLT: meddraTermInputSchema,
    Description: requiredText(MSG.generic.required).max(MAX_NOTE_LENGTH, MSG.generic.maxLength(MAX_NOTE_LENGTH)),
    IsExpected: z.boolean({ error: MSG.generic.radio }),
    /** RAM_EVOLUTIONS id. */
    Evolution: z.preprocess(
      (value) => (isEmptyChoice(value) ? null : Number(value)),
      z.union([z.literal(-1), z.literal(0), z.literal(2), z.literal(3), z.literal(4), z.literal(5)], { error: MSG.generic.select }).nullable(),
    ),
    AccMed: optionalId(),
    DateStart: pastDate(DATE_LABELS.start),
    DateEnd: pastDate(DATE_LABELS.end),
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
    Considerations: optionalText(),
    DoseReduction: optionalFlag(),
    /** Step 0.001. */
    Concentration: nonNegative(),
    UnitId: optionalId(),
    FrecId: nonNegative(),
    Cant: nonNegative(),
    UnitUsoId: optionalId(),
    QualityClaim: flag(),
  })
  .superRefine(endNotBeforeStart('DateStart', 'DateEnd'))
  .superRefine((ram, ctx) => {
    if (ram.HospitalizationRequired) endNotBeforeStart('HospitalizationDateStart', 'HospitalizationDateEnd')(ram, ctx);
  })
  .transform((ram) => ({
    ...ram,
    ...(ram.HospitalizationRequired ? {} : { HospitalizationDateStart: null, HospitalizationDateEnd: null }),
    ...(showsDoseChange(ram.AccMed) ? {} : { Concentration: null, UnitId: null, FrecId: null, Cant: null, UnitUsoId: null }),
  }));
export type RamInput = z.input<typeof ramInputSchema>;
export type Ram = z.output<typeof ramInputSchema>;
/** insertRAM: `{ ram: {…, IdER} }`; updateRAM: `{ ram: {…, Id, IdER}, comentario }`. */
export const insertRamBodySchema = z.object({ ram: z.object({ IdER: caseMetaSchema }).and(ramInputSchema) });
export const updateRamBodySchema = z.object({
  ram: z.object({ Id: dbId(MSG.generic.required, MSG.wizard.recordNotFound), IdER: caseMetaSchema }).and(ramInputSchema),
  comentario: optionalText(),
});

/** Considerations show when 'another condition' is true or when text exists (event spec §5). */
export function showsConsiderations(ram: { AnotherCondition?: boolean | null; Considerations?: string | null }): boolean {
  return ram.AnotherCondition === true || Boolean(ram.Considerations);
}

// ---------------------------------------------------------------------------------------
// Step 4: previous medications

export const previousMedicationInputSchema = z
  .object({
    Id: dbId(MSG.wizard.recordNotFound).nullish(),
    Medicamento: requiredText(MSG.generic.required).max(FIELD_LIMITS.medicationName, MSG.generic.maxLength(FIELD_LIMITS.medicationName)),
    /** MedicamentosAnteriores_Tipo id. */
    Tipo: optionalId(),
    FechaIni: pastDate(DATE_LABELS.start),
    FechaFin: pastDate(DATE_LABELS.end),
  })
  .superRefine(endNotBeforeStart('FechaIni', 'FechaFin'));
export type PreviousMedicationInput = z.input<typeof previousMedicationInputSchema>;
export const setPreviousMedicationsBodySchema = z.object({
  EvRepId: caseMetaSchema,
  Medications: z.array(previousMedicationInputSchema).max(100),
});
export const deletePreviousMedicationBodySchema = z.object({ Id: dbId(MSG.generic.required, MSG.wizard.recordNotFound), EvRepId: caseMetaSchema });

// ---------------------------------------------------------------------------------------
// Step 5: medical contact

export const medicalContactInputSchema = z
  .object({
    /** 'Se realizó consulta médica?' */
    SeContacto: z.boolean({ error: MSG.generic.radio }),
    FechaContacto: pastDate(DATE_LABELS.contact),
    NombreMedico: optionalText(FIELD_LIMITS.name),
    Profesion: optionalText(FIELD_LIMITS.name),
    EmailMedico: optionalEmail(MSG.generic.emailFormat).nullish().transform((value) => (value ? value : null)),
    TelMedico: optionalText(FIELD_LIMITS.phone),
    Intervencion: optionalText(),
  })
  .superRefine((contact, ctx) => {
    if (contact.SeContacto && !contact.NombreMedico) ctx.addIssue({ code: 'custom', message: MSG.generic.required, path: ['NombreMedico'] });
  })
  .transform((contact) =>
    contact.SeContacto
      ? contact
      : { ...contact, FechaContacto: null, NombreMedico: null, Profesion: null, EmailMedico: null, TelMedico: null, Intervencion: null },
  );
/** insertContactoMedico / updateContactoMedico (Id on update). */
export const medicalContactBodySchema = z
  .object({ Id: dbId(MSG.wizard.recordNotFound).nullish(), ErId: caseMetaSchema })
  .and(medicalContactInputSchema);

// ---------------------------------------------------------------------------------------
// Step 6 and event-level fields (updateER), creation, sending

/** updateER: the event-level fields the wizard edits; a field left out is not changed. */
export const updateEventBodySchema = z.object({
  Meta: caseMetaSchema,
  AdditionalInformation: optionalText().optional(),
  AdministeredMedicationsTextA: optionalText().optional(),
  AdministeredMedicationsTextB: optionalText().optional(),
});
export type UpdateEventBody = z.input<typeof updateEventBodySchema>;

/** createER: the dialog's country (ISO code) and report type (sub-group id). */
export const createErBodySchema = z.object({
  Country: requiredChoice(MSG.createEvent.countryRequired).transform((value) => String(value).toUpperCase()),
  SubGrupoId: z.preprocess(
    (value) => (isEmptyChoice(value) ? undefined : Number(value)),
    z.number({ error: MSG.createEvent.reportTypeRequired }).int({ error: MSG.createEvent.reportTypeRequired }),
  ),
});

/**
 * The header of `createER` that makes a repeated request (a double click, a retry) answer the
 * case the first one created: the 'Crear Evento Reportable' dialog sends a new UUID each time
 * it opens. Optional: without it every request creates a case (docs/api.md).
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const idempotencyKeySchema = z
  .string({ error: MSG.createEvent.idempotencyKeyInvalid })
  .regex(/^[\w-]{1,100}$/, { error: MSG.createEvent.idempotencyKeyInvalid });

/** insertER: finishing the wizard sends the case into the workflow (1 → 2). */
export const finishCaseBodySchema = z.object({
  Event: z.object({ Meta: caseMetaSchema }),
  comentario: optionalText(),
});

/** insertES: finishing a follow-up report (wizard type '2'). */
export const finishFollowUpBodySchema = z.object({
  ev: z.object({ Meta: caseMetaSchema }),
  comentario: optionalText(),
  patient: patientInputSchema,
  origin: originInputSchema,
  medicamentos: z.array(medicationInputSchema).min(1, MSG.wizard.medicationNeeded).max(50),
  rams: z.array(ramInputSchema).max(50),
});
export type FinishFollowUpBody = z.input<typeof finishFollowUpBodySchema>;

// ---------------------------------------------------------------------------------------
// Rules

/** GrupoId 1 and SubGrupoId 1 need at least one adverse event (event spec §4). */
export function needsAdverseEvent(event: { GrupoId: number; SubGrupoId: number }): boolean {
  return event.GrupoId === 1 && event.SubGrupoId === 1;
}

export interface WizardGateContext {
  GrupoId: number;
  SubGrupoId: number;
  /** The case came from an incoming report. */
  hasHomeReport: boolean;
  /** The origin's Have and its file, as stored. */
  origin: { Have: boolean; hasFile: boolean; NotHave: string | null } | null;
  medicationCount: number;
  ramCount: number;
  /** Stored medications still lacking a required answer (copied from an incoming report: no line or form). */
  incompleteMedicationCount?: number;
  /** Stored adverse events still lacking a required answer (copied: no MedDRA term, 'expected' not said). */
  incompleteRamCount?: number;
}

/**
 * Why the wizard may not move on from a step (event spec §4 'Wizard progression'), or null.
 * Step 1 needs an incoming report, an attached file or the 'not available' choice with its
 * reason; step 2 a related medication; step 3 an adverse event only for GrupoId 1 and
 * SubGrupoId 1; steps 0, 4–7 need only a valid form (step 5 is always allowed).
 */
export function wizardStepGate(step: number, context: WizardGateContext): string | null {
  switch (step) {
    case 1: {
      if (context.hasHomeReport) return null;
      const origin = context.origin;
      if (origin && ((origin.Have && origin.hasFile) || (!origin.Have && origin.NotHave))) return null;
      return MSG.wizard.originNeeded;
    }
    case 2:
      if (context.medicationCount === 0) return MSG.wizard.medicationNeeded;
      return (context.incompleteMedicationCount ?? 0) > 0 ? MSG.wizard.medicationIncomplete : null;
    case 3:
      if (needsAdverseEvent(context) && context.ramCount === 0) return MSG.wizard.adverseEventNeeded;
      return (context.incompleteRamCount ?? 0) > 0 ? MSG.wizard.adverseEventIncomplete : null;
    default:
      return null;
  }
}

/**
 * The first step whose gate refuses, or null when the case can be sent (also needs a patient,
 * and at least one suspect or interacting drug among its medications: `suspectMedicationCount`,
 * docs/wizard.md 'Rol del medicamento').
 */
export function caseSendRefusal(context: WizardGateContext & { hasPatient: boolean; suspectMedicationCount: number }): string | null {
  if (!context.hasPatient) return MSG.wizard.patientNeeded;
  for (const step of [1, 2, 3]) {
    const refusal = wizardStepGate(step, context);
    if (refusal) return refusal;
    if (step === 2 && context.suspectMedicationCount === 0) return MSG.wizard.suspectDrugRequired;
  }
  return null;
}

/** Statuses in which a case's records can be edited: the draft, and a case returned for more information. */
export const EDITABLE_STATUSES: readonly number[] = [ER_STATUS.PENDIENTE, ER_STATUS.MAS_INFORMACION];

/**
 * Why a user may not edit a case's records, or null: the case must be in an editable status,
 * and the user must be its creator or an RLF (reach — the RLF's country — is checked apart).
 */
export function caseEditRefusal(input: { status: number; role: Role; isCreator: boolean }): 'status' | 'role' | null {
  if (!EDITABLE_STATUSES.includes(input.status)) return 'status';
  if (input.isCreator || input.role === 'RLF') return null;
  return 'role';
}

