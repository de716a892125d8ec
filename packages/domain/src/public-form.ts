import { z } from 'zod';
import { heightInMetres, isPlausibleHeight, isPlausibleWeight } from './anthropometry.js';
import { DATE_LABELS, isEndBeforeStart, optionalDate, optionalPastDate } from './dates.js';
import { FIELD_LIMITS, type FieldLimit } from './field-limits.js';
import { optionalEmail, requiredChoice, requiredText } from './fields.js';
import { MSG } from './messages.js';
import { optionalYesNo, SEXES, YES_NO } from './yes-no.js';

/**
 * The public report payload (platform spec §3 'Public report payload') and its rules per step
 * (platform spec §5 'Public form'). Two variants: a health professional (`isMedic: true`,
 * steps 1–7) and a patient or relative (`isMedic: false`, steps 2–7; the type of report is
 * set at step 7 with `consolidateReportType`). Empty optional values are null, undefined or ''.
 */

const choice = () => z.union([z.string(), z.number()]).nullish();
/** Optional free text of at most `FIELD_LIMITS[limit]` characters (the wizard's limit for the same field). */
const text = (limit: FieldLimit) => z.string().max(FIELD_LIMITS[limit], MSG.generic.maxLength(FIELD_LIMITS[limit])).nullish();
/** Required text of at most `FIELD_LIMITS[limit]` characters. */
const requiredLimited = (message: string, limit: FieldLimit) => requiredText(message).max(FIELD_LIMITS[limit], MSG.generic.maxLength(FIELD_LIMITS[limit]));
const nonNegative = () => z.number({ error: MSG.generic.numeric }).min(0, MSG.generic.minZero).nullish();
/**
 * A phone number as typed, trimmed: digits with an optional leading '+' (the country code),
 * spaces, hyphens and parentheses ('+598 99 123 456', '(02) 900-1234'); at least one digit.
 */
export const PHONE_PATTERN = /^(\+?[\d\s()-]*\d[\d\s()-]*)?$/;
const phone = () =>
  z
    .string()
    .trim()
    .max(FIELD_LIMITS.phone, { error: MSG.generic.maxLength(FIELD_LIMITS.phone), abort: true })
    .regex(PHONE_PATTERN, MSG.publicForm.phoneFormat)
    .nullish();
/** kg, within WEIGHT_RANGE_KG. */
const weight = () =>
  z
    .number({ error: MSG.generic.numeric })
    .min(0, { error: MSG.generic.minZero, abort: true })
    .refine(isPlausibleWeight, { error: MSG.generic.weightRange })
    .nullish();
/** m, within HEIGHT_RANGE_M; a value above 3 is taken as centimetres (165 → 1.65). */
const height = () =>
  z
    .number({ error: MSG.generic.numeric })
    .min(0, { error: MSG.generic.minZero, abort: true })
    .transform(heightInMetres)
    .refine(isPlausibleHeight, { error: MSG.generic.heightRange })
    .nullish();

export const MAX_INITIALS: number = FIELD_LIMITS.initials;
export const MAX_GESTATION_WEEKS = 40;

/** Step 1 (health professional only): type of occurrence and country. */
const reportTypeSchema = z.object({
  SubGroup: requiredChoice(MSG.publicForm.subGroupRequired),
  Pais: requiredChoice(MSG.publicForm.countryRequired),
  SubGroupName: text('label'),
});

function patientSchema(isMedic: boolean) {
  return z
    .object({
      Pais: isMedic ? choice() : requiredChoice(MSG.publicForm.countryRequired),
      Iniciales: requiredText(MSG.publicForm.initialsRequired).max(MAX_INITIALS, MSG.generic.maxLength(MAX_INITIALS)),
      Sexo: z.enum(SEXES, { error: MSG.publicForm.sexRequired }),
      FechaNacimiento: optionalPastDate(DATE_LABELS.birth),
      Peso: weight(),
      Altura: height(),
      Embarazo: optionalYesNo(),
      /** weeks */
      Gestacion: z
        .number({ error: MSG.generic.numeric })
        .min(0, MSG.publicForm.gestationRange)
        .max(MAX_GESTATION_WEEKS, MSG.publicForm.gestationRange)
        .nullish(),
      Lactancia: optionalYesNo(),
      ...(isMedic ? {} : { CentroMedico: text('institution') }),
    })
    .refine((patient) => patient.Embarazo !== 'SI' || patient.Sexo === 'F', {
      error: MSG.publicForm.pregnancyOnlyFemale,
      path: ['Embarazo'],
    });
}

const meddraTermSchema = z.object({ llt_name: z.string().max(FIELD_LIMITS.meddraTerm, MSG.generic.maxLength(FIELD_LIMITS.meddraTerm)), llt_code: z.union([z.string(), z.number()]).nullish() });

function reactionSchema(isMedic: boolean) {
  return z
    .object({
      ...(isMedic ? { MedDRA: meddraTermSchema.nullish() } : {}),
      Grave: isMedic ? z.enum(YES_NO, { error: MSG.publicForm.severityRequired }) : optionalYesNo(),
      Reaccion: isMedic ? text('longText') : requiredLimited(MSG.publicForm.reactionRequired, 'longText'),
      FechaIniReaccion: optionalPastDate(DATE_LABELS.start),
      FechaFinReaccion: optionalPastDate(DATE_LABELS.end),
      Evolucion: choice(),
      AccionMeddicamento: choice(),
    })
    .refine((ram) => !isEndBeforeStart(ram.FechaIniReaccion, ram.FechaFinReaccion), {
      error: MSG.generic.endBeforeStart,
      path: ['FechaFinReaccion'],
    });
}

const suspectDrugSchema = z
  .object({
    Producto: z.object(
      { Id: requiredChoice(MSG.publicForm.productRequired), ComercialName: requiredLimited(MSG.publicForm.productRequired, 'label') },
      { error: MSG.publicForm.productRequired },
    ),
    Via: choice(),
    FrecuenciaTipo: choice(),
    /** Hours between doses. */
    Frecuencia: nonNegative(),
    Dosis: nonNegative(),
    UnidadUso: choice(),
    FechaIni: optionalPastDate(DATE_LABELS.start),
    FechaFin: optionalPastDate(DATE_LABELS.end),
    Indicacion: text('longText'),
  })
  .refine((drug) => !isEndBeforeStart(drug.FechaIni, drug.FechaFin), {
    error: MSG.generic.endBeforeStart,
    path: ['FechaFin'],
  });

/** Step 5 has no validation. */
function concomitantSchema(isMedic: boolean) {
  return z.object({
    Medicamento: text('medicationName'),
    ...(isMedic ? { Tipo: choice() } : {}),
    FechaIni: optionalDate(DATE_LABELS.start),
    FechaFin: optionalDate(DATE_LABELS.end),
  });
}

function medicalContactSchema(isMedic: boolean) {
  const medico = z.object({
    FechaContacto: optionalPastDate(DATE_LABELS.contact),
    Intervencion: text('longText'),
    Nombre: isMedic ? text('name') : requiredLimited(MSG.publicForm.fieldRequired, 'name'),
    Profesion: isMedic ? text('name') : requiredLimited(MSG.publicForm.fieldRequired, 'name'),
    Email: optionalEmail(MSG.publicForm.emailFormat).nullish(),
    Telefono: phone(),
    CentroAtencion: text('institution'),
  });
  return z.object({
    HistoriaClinica: text('longText'),
    NotificadoPorOtro: isMedic
      ? z.enum(['SI', 'NO', 'Desconoce'], { error: MSG.generic.radio })
      : z.enum(['SI', 'NO', 'Desconoce']).nullish(),
    OtraViaNotificado: text('longText'),
    ContactoMedico: optionalYesNo(),
    PermitirContactoMedico: optionalYesNo(),
    Medico: isMedic ? medico.nullish() : z.object(medico.shape, { error: MSG.publicForm.fieldRequired }),
  });
}

/** Step 7. A health professional also gives their name and profession (in `Reporta`). */
function contactInformationSchema(isMedic: boolean) {
  const reporta = z.object({
    Nombre: isMedic ? requiredLimited(MSG.publicForm.fieldRequired, 'name') : text('name'),
    Profesion: isMedic ? requiredLimited(MSG.publicForm.fieldRequired, 'name') : text('name'),
    Parentesco: choice(),
    Email: optionalEmail(MSG.publicForm.emailFormat).nullish(),
    Telefono: phone(),
  });
  return z
    .object({
      AceptaContacto: z.enum(YES_NO, { error: MSG.generic.radio }),
      Reporta: isMedic ? z.object(reporta.shape, { error: MSG.publicForm.fieldRequired }) : reporta.nullish(),
      AceptaTerminos: z.literal(true, { error: MSG.publicForm.termsRequired }),
    })
    .refine((info) => info.AceptaContacto !== 'SI' || Boolean(info.Reporta?.Email?.trim()), {
      error: MSG.publicForm.contactEmailRequired,
      path: ['Reporta', 'Email'],
    });
}

function variant(isMedic: boolean) {
  const reactions = isMedic ? MSG.publicForm.severityRequired : MSG.publicForm.reactionRequired;
  return {
    Tipo: isMedic ? reportTypeSchema : reportTypeSchema.partial().nullish(),
    Paciente: patientSchema(isMedic),
    RAM: z.array(reactionSchema(isMedic), { error: reactions }).min(1, reactions),
    Medicamento: z
      .array(suspectDrugSchema, { error: MSG.publicForm.productRequired })
      .min(1, MSG.publicForm.productRequired),
    Concomitante: z.array(concomitantSchema(isMedic)).nullish(),
    ContactoMedico: medicalContactSchema(isMedic),
    InformacionContacto: contactInformationSchema(isMedic),
  };
}

const professional = variant(true);
const patient = variant(false);

/** Form steps with rules, per variant: validate the whole form values with the current step's schema. */
export const publicFormStepSchemas = {
  professional: {
    1: z.object({ Tipo: professional.Tipo }),
    2: z.object({ Paciente: professional.Paciente }),
    3: z.object({ RAM: professional.RAM }),
    4: z.object({ Medicamento: professional.Medicamento }),
    5: z.object({ Concomitante: professional.Concomitante }),
    6: z.object({ ContactoMedico: professional.ContactoMedico }),
    7: z.object({ InformacionContacto: professional.InformacionContacto }),
  },
  patient: {
    2: z.object({ Paciente: patient.Paciente }),
    3: z.object({ RAM: patient.RAM }),
    4: z.object({ Medicamento: patient.Medicamento }),
    5: z.object({ Concomitante: patient.Concomitante }),
    6: z.object({ ContactoMedico: patient.ContactoMedico }),
    7: z.object({ InformacionContacto: patient.InformacionContacto }),
  },
} as const;

/** The schema of a form step for a variant, or null for steps without one (review, thanks, step 1 of a patient). */
export function publicFormStepSchema(isMedic: boolean, step: number): z.ZodType | null {
  const steps: Partial<Record<number, z.ZodType>> = isMedic ? publicFormStepSchemas.professional : publicFormStepSchemas.patient;
  return steps[step] ?? null;
}

export const professionalReportSchema = z.object({ isMedic: z.literal(true), ...professional });
export const patientReportSchema = z.object({ isMedic: z.literal(false), ...patient });

/** Body of the public report call (and of `postreporthomeusuario`). */
export const publicReportSchema = z.discriminatedUnion('isMedic', [professionalReportSchema, patientReportSchema], {
  error: MSG.publicForm.reporterTypeRequired,
});
export type PublicReport = z.infer<typeof publicReportSchema>;
export type PublicReportInput = z.input<typeof publicReportSchema>;
